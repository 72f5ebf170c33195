/**
 * The visitor's side of the hosted wallet's window, shared by the journeys that use it from a
 * dApp's page (e2e/hosted-wallet.hosted.spec.ts, and e2e/package.hosted.spec.ts's fresh app):
 * the window a request opens, the sign-in in it, the visitor's real clicks on Approve. The
 * dApp is whatever origin the page is on.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { accountsOf, approvalDialog, call, connect, transfer } from './wallet-protocol.ts';

/** The hosted wallet of the journeys (playwright.config.ts, the hosted project). */
export const WALLET = 'http://localhost:4179';
export const GOOGLE = 'Sign in with Google';

/** The wallet's window a request of the dApp's opened, once it has the request. */
export async function walletWindowOf<T>(page: Page, request: () => Promise<T>) {
  const opened = page.waitForEvent('popup');
  const result = request();
  const window = await opened;
  expect(window.url()).toBe(`${WALLET}/wallet.html#origin=${encodeURIComponent(new URL(page.url()).origin)}`);
  await expect(window.locator('[data-dapp-request]')).not.toHaveText(/Waiting for the site/);
  return { window, result };
}

/**
 * The visitor's real click on Approve in the wallet's window. The answer closes the window,
 * sometimes before Playwright's click has returned: a click that fails only because its
 * window has closed is the approval done (each journey then checks the dApp's answer).
 */
export async function clickApprove(window: Page) {
  await approvalDialog(window)
    .getByRole('button', { name: 'Approve', exact: true })
    .click()
    .catch((error: unknown) => {
      if (!window.isClosed()) throw error;
    });
}

/** An interactive connect: the window opens, the visitor signs in there (a window of its own) and approves. */
export async function connectWithSignIn(page: Page, identity = 'Alice') {
  const { window, result } = await walletWindowOf(page, () => accountsOf(connect(page, GOOGLE, false)));
  const site = new URL(page.url()).origin;
  await expect(window.locator('[data-dapp-request]')).toContainText(`${site} asks to connect to your Google account`);
  // Only the provider the site asked for: another could not answer it. And a way out.
  await expect(window.getByRole('button', { name: /^Sign in with / })).toHaveText([GOOGLE]);
  await expect(window.getByRole('button', { name: 'Refuse' })).toBeVisible();
  const providerOpened = window.waitForEvent('popup');
  await window.getByRole('button', { name: GOOGLE }).click();
  const provider = await providerOpened;
  await provider.getByRole('button', { name: new RegExp(`Continue as ${identity}`) }).click();
  const dialog = approvalDialog(window);
  await expect(dialog).toContainText(`Connect ${site}?`);
  // Signed in, the dialog's Reject is the way out: the standing one has gone.
  await expect(window.getByRole('button', { name: 'Refuse' })).toHaveCount(0);
  const closed = window.waitForEvent('close');
  await clickApprove(window);
  const accounts = (await result) as Awaited<ReturnType<typeof accountsOf>>;
  // The dApp closes the window once answered.
  await closed;
  return accounts[0]!;
}

/** A request that the visitor approves in the wallet's window; its outcome at the dApp. */
export async function approvedInWindow<T>(page: Page, request: () => Promise<T>, shows?: string | RegExp): Promise<T> {
  const { window, result } = await walletWindowOf(page, request);
  const dialog = approvalDialog(window);
  if (shows) await expect(dialog).toContainText(shows);
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled({ timeout: 15_000 });
  // In the window's 440 × 680, whatever the request runs to: the visitor's answer is in sight without scrolling.
  for (const name of ['Reject', 'Approve']) {
    await expect(dialog.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  await clickApprove(window);
  return (await result) as T;
}

export async function balanceOf(page: Page, address: string): Promise<bigint> {
  const response = await page.request.post(`${WALLET}/__mock/sui/graphql`, {
    data: {
      query: 'query($a: SuiAddress!) { address(address: $a) { balance(coinType: "0x2::sui::SUI") { totalBalance } } }',
      variables: { a: address },
    },
  });
  const body = (await response.json()) as { data?: { address?: { balance?: { totalBalance?: string } | null } | null } };
  return BigInt(body.data?.address?.balance?.totalBalance ?? '0');
}

/** A Sui address nobody holds. */
export const freshAddress = () =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** Test SUI for `address` from the hosted wallet's mock faucet, once the node shows it. */
export async function fundAtWallet(page: Page, address: string) {
  const faucet = await page.request.post(`${WALLET}/__mock/sui/faucet/v2/gas`, {
    data: { FixedAmountRequest: { recipient: address } },
  });
  expect(faucet.ok()).toBe(true);
  await expect.poll(() => balanceOf(page, address)).toBeGreaterThan(0n);
}

/** `mist` sent to a fresh address by the dApp's signAndExecuteTransaction, approved in the window that `shows`; the answer and the recipient. */
export async function transferApprovedInWindow(page: Page, mist: bigint, shows: string) {
  const recipient = freshAddress();
  const executed = await approvedInWindow(
    page,
    async () =>
      call<{ digest: string }>(page, GOOGLE, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
        account: 'connected',
        chain: 'sui:testnet',
        transaction: await transfer(mist, recipient),
      }),
    shows,
  );
  return { executed, recipient };
}
