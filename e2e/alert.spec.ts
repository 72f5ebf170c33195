/**
 * Point 6 of "errors where they happen": the alert can be dismissed, and any new step
 * clears it. Neither touches the account or storage.
 */
import {
  BUTTONS,
  expect,
  expectEnabledButtons,
  expectState,
  FLOW_NOT_STARTED,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

test('Dismiss closes the alert and leaves the account, its buttons and storage as they were', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  const before = await readBrowserStorage(page);
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, BUTTONS.signedIn);
  expect(await readBrowserStorage(page)).toEqual(before);
});

test('a new step clears the alert: Create proof, then a sign-in after a refused callback', async ({ page }) => {
  await signIn(page, 'twitch', 'Bob');
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Create proof' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'ready');

  // Signed out, a refused callback shows beside the sign-in buttons until the next click.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await expectState(page, 'idle');
  // Showing intent (hover) is not a step: the message stays.
  await page.getByRole('button', { name: 'Sign in with Google' }).hover();
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
  await page.goBack();
  await expectState(page, 'idle');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
