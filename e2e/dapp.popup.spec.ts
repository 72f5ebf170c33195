/**
 * dapp.html in popup mode: choosing a zkLogin wallet in dapp-kit's list opens the provider
 * in a window, and the dApp is connected when it closes, the page never having left.
 */
import { countNavigations, expect, test } from './fixtures.ts';
import { approvalDialog, approve, chooseWallet, fund } from './wallet-protocol.ts';

test('dapp.html in popup mode: connected through a sign-in window, without leaving the page', async ({ page }) => {
  const navigations = countNavigations(page);
  await page.goto('/dapp.html');
  const opened = page.waitForEvent('popup');
  await chooseWallet(page, 'Sign in with Twitch');
  const popup = await opened;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await closed;
  await expect(page.getByTestId('dapp-address')).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(navigations).toHaveLength(1);

  // dapp-kit's "Sign and execute" opens the wallet's own dialog, with the dry run's figures.
  await fund(page, (await page.getByTestId('dapp-address').textContent())!);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  await expect(approvalDialog(page)).toContainText('Sign in with Twitch');
  await expect(approvalDialog(page)).toContainText('Gas budget', { timeout: 15_000 });
  await approve(page);
  await expect(page.getByTestId('dapp-status')).toHaveText('success', { timeout: 15_000 });
  expect(navigations).toHaveLength(1);
});
