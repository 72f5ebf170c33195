/**
 * dapp.html, the example dApp, as its visitor uses it: dapp-kit's Connect button lists
 * the zkLogin wallets beside any other; choosing "Sign in with Google" signs in (redirect
 * mode: through the provider and back to dapp.html), and the dApp then signs a message,
 * signs a transfer to self, and signs and executes it against the mock node. Driven only
 * through what the page shows.
 */
import AxeBuilder from '@axe-core/playwright';
import { countNavigations, expect, test } from './fixtures.ts';
import { approvalDialog, approve, checkZkLoginSignature, chooseWallet, fund } from './wallet-protocol.ts';

test("dapp.html: connect through dapp-kit, sign a message, sign a transfer to self, and sign and execute it, each approved in the wallet's dialog", async ({
  page,
}) => {
  await page.goto('/dapp.html');
  await expect(page.getByRole('heading', { name: 'Example dApp' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  for (const name of ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch']) {
    await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('button', { name: /Sign in with Google/ }).click();
  // Redirect mode: the page goes to the provider and comes back to dapp.html.
  await page.waitForURL(/\/idp\/google\/authorize\?/);
  expect(new URL(page.url()).searchParams.get('redirect_uri')).toMatch(/\/dapp\.html$/);
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await page.waitForURL(/\/dapp\.html$/);
  // Back on dapp.html the Connect that went to the provider is finished: connected, no second click.
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0);
  const address = page.getByTestId('dapp-address');
  await expect(address).toHaveText(/^0x[0-9a-f]{64}$/);
  const account = (await address.textContent())!;
  expect(page.url()).not.toContain('id_token');

  await page.getByRole('button', { name: 'Sign message' }).click();
  // The wallet's own dialog asks the visitor, with the message.
  await expect(approvalDialog(page)).toContainText('Hello from the example dApp');
  await approve(page);
  const signature = page.getByTestId('dapp-signature');
  await expect(signature).toHaveText(/^[A-Za-z0-9+/=]{100,}$/, { timeout: 15_000 });
  const message = new TextEncoder().encode('Hello from the example dApp');
  expect(await checkZkLoginSignature((await signature.textContent())!, message, 'PersonalMessage')).toBe(account);
  // The button the visitor pressed (disabled while the wallet asked) has the focus back.
  await expect(page.getByRole('button', { name: 'Sign message' })).toBeFocused();

  await fund(page, account);
  await page.getByRole('button', { name: 'Sign transaction' }).click();
  await approve(page);
  await expect(page.getByTestId('dapp-signed')).toBeVisible({ timeout: 15_000 });
  const bytes = Buffer.from((await page.getByTestId('dapp-transaction-bytes').textContent())!, 'base64');
  const signed = (await page.getByTestId('dapp-signature').textContent())!;
  expect(await checkZkLoginSignature(signed, bytes, 'TransactionData')).toBe(account);

  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('button', { name: 'Sign and execute' }).click();
  // The dialog shows the dry run: 0.001 SUI to the account itself, and the gas.
  await expect(approvalDialog(page)).toContainText('Gas budget');
  await expect(approvalDialog(page)).toContainText(account);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await approve(page);
  await expect(page.getByTestId('dapp-status')).toHaveText('success', { timeout: 15_000 });
  await expect(page.getByTestId('dapp-digest')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

  // dapp-kit's autoconnect after a reload: a silent connect, the account back at once.
  await page.reload();
  await expect(page.getByTestId('dapp-address')).toHaveText(account);
});

test('dapp.html, redirect mode: a Connect cancelled at the provider comes back to dapp.html unconnected, and never goes to the provider again by itself', async ({
  page,
}) => {
  const navigations = countNavigations(page);
  await page.goto('/dapp.html');
  await chooseWallet(page, 'Sign in with Google');
  await page.waitForURL(/\/idp\/google\/authorize\?/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/dapp\.html$/);
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await expect(page.getByTestId('dapp-address')).toHaveCount(0);
  // Once dapp-kit has settled, the page is still here: no second trip to the provider.
  await expect(page.getByText(/Connect a wallet to sign with it/)).toBeVisible();
  expect(navigations.filter((url) => url.includes('/idp/'))).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe('/dapp.html');
});
