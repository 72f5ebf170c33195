/**
 * dapp.html in popup mode: choosing a zkLogin wallet in dapp-kit's list opens the provider
 * in a window, and the dApp is connected when it closes, the page never having left.
 */
import { countNavigations, expect, test } from './fixtures.ts';
import { chooseWallet } from './wallet-protocol.ts';

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
});
