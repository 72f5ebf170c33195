import { createProof, expect, expectState, signIn, test } from './fixtures.ts';

test('a reload in signed-in restores signed-in', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Carol');
  await page.reload();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
});

test('a reload in ready restores ready, and signing still works', async ({ page }) => {
  const { login } = await signIn(page, 'twitch', 'Alice');
  await createProof(page);
  await page.reload();
  await expectState(page, 'ready');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
});
