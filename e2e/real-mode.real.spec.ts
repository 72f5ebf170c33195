import { createProof, expect, expectState, fetchThrough, readBrowserStorage, signIn, test } from './fixtures.ts';
import { readStoredData } from './browser-storage.ts';

const MOCK_SERVER = 'http://127.0.0.1:5199';
const HOUR = 3_600_000;
const KEY = 'enoki_public_e2e_real_mode';

test('real mode: the same journey against another login service and provider, with exact paths and headers', async ({
  page,
  request,
}) => {
  await request.delete(`${MOCK_SERVER}/__control/requests`);
  const { authorizeUrl } = await signIn(page, 'twitch', 'Alice');
  expect(authorizeUrl.origin).toBe(MOCK_SERVER);
  expect(authorizeUrl.searchParams.get('client_id')).toBe('e2e-twitch-client');
  expect(authorizeUrl.searchParams.get('scope')).toBe('openid email');
  expect(authorizeUrl.searchParams.get('force_verify')).toBe('true');
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  // A real-mode page names its network, and carries none of built-in mode's note.
  await expect(page.getByRole('contentinfo')).toHaveText('Network: testnet');

  const seen = (await (await request.get(`${MOCK_SERVER}/__control/requests`)).json()) as {
    method: string;
    path: string;
    headers: Record<string, string>;
  }[];
  expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/zklogin/nonce', 'GET /v1/zklogin', 'POST /v1/zklogin/zkp']);
  for (const call of seen) {
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  }
  expect(new Set(seen.map((r) => r.headers['request-id'])).size).toBe(3);
  expect(seen[0]!.headers['zklogin-jwt']).toBeUndefined();
  expect(seen[1]!.headers['zklogin-jwt']).toMatch(/^eyJ/);
  expect(seen[2]!.headers['zklogin-jwt']).toBe(seen[1]!.headers['zklogin-jwt']);
});

test('real mode with a native key: the key is non-extractable, and sign out deletes its IndexedDB entry', async ({ page }) => {
  await signIn(page, 'google', 'Bob');
  const stored = await readStoredData(page);
  const keys = Object.entries(stored.databases['@zklogin-sign-in/enoki_public_e2e_real_mode']!);
  const [, nativeKey] = keys.find(([name]) => name.startsWith('keys/ephemeral-key/'))!;
  const { privateKey } = nativeKey as { privateKey: { extractable: boolean; exported: string } };
  const extractable = { flag: privateKey.extractable, exported: privateKey.exported };
  expect(extractable).toEqual({ flag: false, exported: 'refused' });
  expect(Object.values((await readBrowserStorage(page)).databases).flat()).toContainEqual(
    expect.stringMatching(/^keys\/ephemeral-key\/[0-9a-f-]{36}$/),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  const after = await readBrowserStorage(page);
  expect(after.session).toEqual({});
  expect(Object.values(after.databases).flat()).toEqual([]);
});

test('real mode: the CSP lets the page reach the configured login service only', async ({ page }) => {
  await page.goto('/');
  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content'))!;
  expect(policy).toContain('connect-src http://127.0.0.1:5199;');
  const reach = await page.evaluate(async () => ({
    service: await fetch('http://127.0.0.1:5199/health', { mode: 'no-cors' }).then(
      () => 'fetched',
      () => 'blocked',
    ),
    elsewhere: await fetch(`${location.origin}/index.html`).then(
      () => 'fetched',
      () => 'blocked',
    ),
  }));
  expect(reach).toEqual({ service: 'fetched', elsewhere: 'blocked' });
});

test('real mode, two-hour sessions (VITE_ADDITIONAL_EPOCHS=2): a plain click (which hovers first) costs one nonce call, which asks for the extra epochs, and that nonce is sent', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expectState(page, 'idle');
  await request.delete(`${MOCK_SERVER}/__control/requests`);
  // The service counts the session from its clock when it answers: after this reading.
  const askedAt = Date.now();
  const nonceAnswers: { nonce: string; estimatedExpiration: number }[] = [];
  const nonceRequests: { additionalEpochs?: unknown }[] = [];
  // Read each answer before the page sees it: a response listener races the navigation to the
  // provider, after which the browser no longer holds the body.
  await page.route(`${MOCK_SERVER}/v1/zklogin/nonce`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    nonceRequests.push(route.request().postDataJSON() as (typeof nonceRequests)[number]);
    const response = await fetchThrough(route);
    const { data } = (await response.json()) as { data: (typeof nonceAnswers)[number] };
    nonceAnswers.push(data);
    await route.fulfill({ response });
  });
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${MOCK_SERVER}/idp/google/authorize?`));
  // Playwright's click moves the mouse onto the button first: the warm start's intent.
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const authorizeUrl = new URL((await authorize).url());
  await expect(page.getByRole('button', { name: /Continue as Alice/ })).toBeVisible();

  const seen = (await (await request.get(`${MOCK_SERVER}/__control/requests`)).json()) as { path: string }[];
  expect(seen.map((r) => r.path)).toEqual(['/v1/zklogin/nonce']);
  await expect.poll(() => nonceAnswers.length).toBe(1);
  // ...and before this one (the same machine's clock).
  const answeredBy = Date.now();
  const [answer] = nonceAnswers;
  expect(nonceRequests).toEqual([expect.objectContaining({ additionalEpochs: 2 })]);
  // The service's sessions are one hour long, two epochs more make two hours; the prepared nonce was still used.
  expect(answer!.estimatedExpiration).toBeGreaterThanOrEqual(askedAt + 2 * HOUR);
  expect(answer!.estimatedExpiration).toBeLessThanOrEqual(answeredBy + 2 * HOUR);
  expect(authorizeUrl.searchParams.get('nonce')).toBe(answer!.nonce);
});
