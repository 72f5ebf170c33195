import { createProof, expect, signIn, test } from './fixtures.ts';

test('the production build runs under a strict CSP: no inline script, no eval, connections to the login service only', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeBinding('__cspViolation', (_, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  expect(violations, 'the app itself breaks no rule').toEqual([]);

  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'))!;
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).toContain("connect-src 'self'");

  // And the rules hold: inline script and string eval do not run, other origins are unreachable.
  const blocked = await page.evaluate(async () => {
    const marker = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    (setTimeout as (code: string, ms: number) => void)('window.__evalRan = true', 0);
    // Timers of the same delay run in the order they were set: had the string's run, it has
    // by the time this one does.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const fetched = await fetch('http://127.0.0.1:5199/health', { mode: 'no-cors' }).then(
      () => 'fetched',
      () => 'blocked',
    );
    return { inline: marker.__inlineRan ?? false, evaluated: marker.__evalRan ?? false, fetched };
  });
  expect(blocked).toEqual({ inline: false, evaluated: false, fetched: 'blocked' });
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(3);
});
