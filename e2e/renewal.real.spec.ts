/**
 * "Stay signed in" in real mode against the mock server: a session that starts with four
 * minutes left (the login service's nonce answer says so) is offered a renewal at once;
 * clicked, the page goes to the same provider with `login_hint` set to the token's `sub`,
 * and the same identity coming back continues the account with a session that ends later.
 */
import type { Page } from '@playwright/test';
import { MOCK_SERVER, expect, expectState, fetchThrough, signIn, test } from './fixtures.ts';

const MINUTE = 60_000;

/** The session's end as the account shows it. */
async function sessionEnd(page: Page) {
  return Date.parse((await page.locator('.facts time').getAttribute('datetime'))!);
}

const subOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

test('real mode: a session with four minutes left offers "Stay signed in"; the same identity renews it through the provider (with login_hint) and keeps its address', async ({
  page,
}) => {
  // Every nonce answer says the session ends four minutes from now, until the sign-in is done.
  let shortSessions = true;
  const nonceRequests: { additionalEpochs?: unknown }[] = [];
  await page.route(`${MOCK_SERVER}/v1/zklogin/nonce`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    nonceRequests.push(route.request().postDataJSON() as (typeof nonceRequests)[number]);
    const response = await fetchThrough(route);
    const body = (await response.json()) as { data: { estimatedExpiration: number } };
    if (shortSessions) body.data.estimatedExpiration = Date.now() + 4 * MINUTE;
    await route.fulfill({ response, json: body });
  });

  const { idToken, login } = await signIn(page, 'google', 'Alice');
  shortSessions = false;
  const firstEnd = await sessionEnd(page);
  expect(firstEnd - Date.now()).toBeLessThanOrEqual(4 * MINUTE);

  // Less than ten minutes left from the start: the notice is there at once.
  const renewal = page.getByTestId('renewal');
  await expect(renewal).toContainText('Your session ends at');
  await page.screenshot({ path: test.info().outputPath('renewal-offered.png'), fullPage: true });
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${MOCK_SERVER}/idp/google/authorize?`));
  await renewal.getByRole('button', { name: 'Stay signed in' }).click();
  const authorizeUrl = new URL((await authorize).url());
  expect(authorizeUrl.searchParams.get('login_hint')).toBe(subOf(idToken));

  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  // A new session of two hours (the service's hour and VITE_ADDITIONAL_EPOCHS=2), and no notice.
  await expect.poll(() => sessionEnd(page)).toBeGreaterThan(firstEnd + 60 * MINUTE);
  await expect(renewal).toHaveCount(0);
  // The proof belonged to the old key: it is made again, for the same address.
  await expect(page.getByRole('button', { name: 'Create proof' })).toBeEnabled();
  // Both nonces (the sign-in's and the renewal's) asked for the configured extra epochs.
  expect(nonceRequests.length).toBeGreaterThanOrEqual(2);
  for (const body of nonceRequests) expect(body).toMatchObject({ additionalEpochs: 2 });
  // The token is gone from the address bar and from history.
  expect(page.url()).not.toContain('id_token');
});

test('real mode: another identity coming back from "Stay signed in" is refused; the current session stays as it was, and can still be renewed', async ({
  page,
}) => {
  await page.route(`${MOCK_SERVER}/v1/zklogin/nonce`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await fetchThrough(route);
    const body = (await response.json()) as { data: { estimatedExpiration: number } };
    body.data.estimatedExpiration = Date.now() + 4 * MINUTE;
    await route.fulfill({ response, json: body });
  });
  const { login } = await signIn(page, 'google', 'Alice');
  const end = await sessionEnd(page);
  await page.getByRole('button', { name: 'Stay signed in' }).click();
  await page.getByRole('button', { name: /Continue as Bob/ }).click();

  await expect(page.getByRole('alert')).toContainText(
    'You signed in as someone else, so this session was not renewed. You stay signed in as before until your session ends.',
  );
  await expect(page.getByTestId('address')).toHaveText(login.address);
  expect(await sessionEnd(page)).toBe(end);
  await page.screenshot({ path: test.info().outputPath('renewal-refused.png'), fullPage: true });
  await expect(page.getByTestId('renewal').getByRole('button', { name: 'Stay signed in' })).toBeEnabled();
});
