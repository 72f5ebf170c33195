import {
  BUTTONS,
  createProof,
  deleteVaultEntries,
  expect,
  expectEnabledButtons,
  expectState,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

test("a second tab's sign-in does not clobber the first tab's flow (native keys share one database)", async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  // Tab 1 starts and waits at the provider; tab 2 signs in completely meanwhile.
  await first.goto('/');
  await first.getByRole('button', { name: 'Sign in with Google' }).click();
  await first.waitForURL(/\/idp\/google\/authorize/);
  const secondLogin = await signIn(second, 'facebook', 'Bob');
  // Tab 1 finishes its own flow: signed in as its own identity, and both can sign.
  await first.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(first, 'signed-in');
  await expect(first.getByTestId('address')).not.toHaveText(secondLogin.login.address);
  for (const page of [first, second]) {
    await page.getByRole('button', { name: 'Create proof' }).click();
    await expectState(page, 'ready');
    await page.getByRole('button', { name: 'Sign message' }).click();
    await expect(page.getByTestId('signature')).not.toBeEmpty();
  }
});

test('a missing native key is refused with the catalogue message', async ({ page }) => {
  const { login } = await signIn(page, 'twitch', 'Carol');
  await createProof(page);
  await deleteVaultEntries(page, 'enoki_public_e2e_real_mode', 'ephemeral-key/');
  await page.reload();
  await expectState(page, 'ready');
  const before = await readBrowserStorage(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Native signer not found in store.');
  // A failed signature keeps the account and its buttons.
  await expectState(page, 'ready');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, [...BUTTONS.ready, 'Dismiss']);
  expect(await readBrowserStorage(page)).toEqual(before);
});
