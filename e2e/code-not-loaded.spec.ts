import { BUTTONS, expect, expectEnabledButtons, expectState, readBrowserStorage, signIn, test } from './fixtures.ts';

const NOT_LOADED =
  'This page could not load the sign-in code (check your connection). Nothing you had was changed: reload the page to try again.';

test('the sign-in code fails to load on a reload: the account is kept in storage, the buttons say why, a reload restores it', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  const before = await readBrowserStorage(page);
  await page.route('**/assets/sign-in-runtime-*.js', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expectState(page, 'idle');
  await expect(page.getByRole('alert')).toContainText(NOT_LOADED);
  await expectEnabledButtons(page, ['Dismiss', ...BUTTONS.signIn]);
  // Nothing was cleared: the stored sign-in waits for a reload that can read it.
  expect(await readBrowserStorage(page)).toEqual(before);

  await page.unroute('**/assets/sign-in-runtime-*.js');
  await page.reload();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
});
