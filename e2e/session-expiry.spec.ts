import {
  BUTTONS,
  createProof,
  expect,
  expectCleanLoggedOut,
  expectEnabledButtons,
  expectState,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

const DAY = 86_400_000;

test('past expiresAt, a reload shows the visitor logged out and storage cleared', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'google', 'Bob');
  await page.clock.setSystemTime(Date.now() + 3 * DAY);
  await page.reload();
  await expectCleanLoggedOut(page, 'Your session has expired. Please sign in again.');
});

test('a stored proof past expiry is refused with the catalogue message', async ({ page }) => {
  await page.clock.install();
  const { login } = await signIn(page, 'facebook', 'Alice');
  await createProof(page);
  // The clock jumps without running timers: the page still shows ready.
  const before = await readBrowserStorage(page);
  await page.clock.setSystemTime(Date.now() + 3 * DAY);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Stored proof is expired.');
  // A failed signature keeps the account: still ready, Sign message and Sign out on offer.
  await expectState(page, 'ready');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, [...BUTTONS.ready, 'Dismiss']);
  expect(await readBrowserStorage(page)).toEqual(before);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectCleanLoggedOut(page, 'You are signed out');
});

test('the session ends on its own at expiresAt while the page stays open', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'twitch', 'Carol');
  await page.clock.fastForward(3 * DAY);
  await expectState(page, 'logged-out');
  await expect(page.getByRole('status')).toContainText('Your session has expired.');
});

test("a sign-in that comes back after its flow's end finds no start: its token goes nowhere, and the buttons are back", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await expectState(page, 'idle');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
  // The visitor leaves the provider's page open past the flow's end, then continues.
  await page.clock.setSystemTime(Date.now() + 3 * DAY);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (/\/v1\/zklogin$/.test(new URL(request.url()).pathname)) lookups.push(request.url());
  });
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  // Told once why (the sign-in it started has expired), and that the link was not taken.
  await expectCleanLoggedOut(page, 'The sign-in you started here has expired before it was finished. Please sign in again.');
  await expect(page.getByRole('alert')).toHaveText(
    'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.',
  );
  expect(page.url()).not.toContain('id_token');
  expect(lookups).toEqual([]);
});

test("a laptop that slept past the session's end: shown again, the page ends the session at once, though its timers were held", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'google', 'Alice');
  // The clock jumps and no timer runs, as while the laptop slept: the page still shows the account.
  await page.clock.setSystemTime(Date.now() + 3 * DAY);
  await expectState(page, 'signed-in');
  // The screen comes back on: the browser tells the page it is visible again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expectState(page, 'logged-out');
  await expect(page.getByRole('status')).toContainText('Your session has expired.');
});
