/**
 * The hosted wallet (docs/hosted-wallet.md): the example dApp on one site
 * (http://127.0.0.1:4178, built with VITE_WALLET_URL) and the wallet on another
 * (http://localhost:4179). A page script drives the dApp's wallets only through the Wallet
 * Standard (wallet-protocol.ts); every request opens the wallet's window, where the visitor
 * signs in (in a window of its own), approves or rejects with real clicks. The dApp's origin
 * never holds more than the public account.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { Transaction } from '@mysten/sui/transactions';
import { fromBase64 } from '@mysten/sui/utils';
import { expect, test } from './fixtures.ts';
import {
  accountsOf,
  coinsOf,
  isolateProviderPages,
  approvalDialog,
  call,
  checkZkLoginSignature,
  chooseWallet,
  connect,
  installDapp,
  transfer,
  walletsOf,
} from './wallet-protocol.ts';
import {
  approvedInWindow,
  balanceOf,
  clickApprove,
  connectWithSignIn,
  freshAddress,
  fundAtWallet,
  GOOGLE,
  transferApprovedInWindow,
  WALLET,
  walletWindowOf,
} from './hosted-window.ts';

const DAPP = 'http://127.0.0.1:4178';
const REJECTED = 'The visitor rejected the request.';
const WINDOW_CUT_OFF =
  "The wallet's window closed before it could be asked: the visitor closed it, or this page's Cross-Origin-Opener-Policy cut it off (it must be unset or same-origin-allow-popups).";
const APPROVED_NOT_ANSWERED =
  "The wallet's window closed after the visitor approved, before it answered: the request may have been carried out. Check before asking again.";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installDapp);
});

async function openDapp(page: Page) {
  await page.goto('/dapp.html');
  await walletsOf(page);
}

/**
 * Counts the page's calls to window.open from now on (what the browser reports of a new
 * window may come after a check, this never does); with `refuseFirst`, the next one is
 * refused, as a pop-up blocker does for a window not opened from a click.
 */
async function watchWindowOpens(page: Page, { refuseFirst = false } = {}) {
  await page.evaluate((refuse) => {
    const dapp = globalThis as unknown as Window & { __opened: number };
    const open = dapp.open.bind(dapp);
    dapp.__opened = 0;
    dapp.open = (...args: Parameters<typeof dapp.open>) => (++dapp.__opened === 1 && refuse ? null : open(...args));
  }, refuseFirst);
}
const windowOpens = (page: Page) => page.evaluate(() => (globalThis as unknown as { __opened: number }).__opened);
const blockNextWindow = (page: Page) => watchWindowOpens(page, { refuseFirst: true });

/** Everything the dApp's origin keeps in the browser, as text. */
async function dappStorage(page: Page, context: BrowserContext) {
  const web = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  const cookies = await context.cookies(DAPP);
  return { web, databases, cookies };
}

test('connect from the dApp: the window signs in and asks; after a reload a silent connect answers without a window', async ({
  page,
  context,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page);
  expect(account.address).toMatch(/^0x[0-9a-f]{64}$/);
  expect(account.chains).toEqual(['sui:testnet']);

  await page.reload();
  await walletsOf(page);
  const windows = context.pages().length;
  const silent = await accountsOf(connect(page, GOOGLE, true));
  expect(silent.map(({ address }) => address)).toEqual([account.address]);
  expect(context.pages()).toHaveLength(windows);

  // A personal message, approved in the window: a signature that verifies, for this account.
  const signed = await approvedInWindow(
    page,
    () =>
      call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
        account: 'connected',
        message: 'hello from the dApp',
      }),
    'hello from the dApp',
  );
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(account.address);

  // The dApp's origin holds the public account, and nothing of the session.
  const kept = await dappStorage(page, context);
  expect(kept.databases).toEqual([]);
  expect(kept.cookies).toEqual([]);
  const web = JSON.parse(kept.web) as { local: Record<string, string>; session: Record<string, string> };
  expect(web.session).toEqual({});
  expect(Object.keys(web.local)).toEqual([`sui-zklogin-wallet:${WALLET}:google`]);
  // The public account, when the session it was given in ends, and its network: nothing else.
  expect(JSON.parse(web.local[`sui-zklogin-wallet:${WALLET}:google`]!)).toEqual({
    address: account.address,
    publicKey: account.publicKey,
    sessionEnds: expect.any(Number),
    chain: 'sui:testnet',
  });
  for (const secret of ['eyJ', 'suiprivkey', 'proof', 'jwt', 'randomness']) expect(kept.web).not.toContain(secret);
});

test('a window reloaded after Approve of an execution, before it answers: the request is not asked again, and the site hears it may have been carried out', async ({
  page,
  context,
}) => {
  // The login service never answers a proof here: an approved transaction waits for it.
  await context.route('**/v1/zklogin/zkp', () => {});
  await openDapp(page);
  const account = await connectWithSignIn(page);
  await fundAtWallet(page, account.address);
  const transaction = await transfer(1_000n, freshAddress());
  const { window, result } = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
      account: 'connected',
      chain: 'sui:testnet',
      transaction,
    }),
  );
  const proofAsked = context.waitForEvent('request', (request) => request.url().endsWith('/v1/zklogin/zkp'));
  await expect(approvalDialog(window).getByRole('button', { name: 'Approve', exact: true })).toBeEnabled({ timeout: 15_000 });
  await clickApprove(window);
  // Approved: the window waits for the proof it needs to sign. The visitor reloads it.
  await proofAsked;
  const closed = window.waitForEvent('close');
  // Reloaded from the page itself (the window may be closed by the site before a driver's reload returns).
  await window.evaluate(() => globalThis.location.reload()).catch(() => {});
  expect(await result).toEqual({ ok: false, error: APPROVED_NOT_ANSWERED });
  // The site closed the window rather than ask it again: no second dialog.
  await closed;
});

test("a window reloaded while it asks still serves the site's request: the dialog comes back, and Approve answers the dApp", async ({
  page,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page);
  const { window, result } = await walletWindowOf(page, () =>
    call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
      account: 'connected',
      message: 'asked before the reload',
    }),
  );
  await expect(approvalDialog(window)).toContainText('asked before the reload');
  // The fragment that named the site left the address bar when the window opened.
  expect(new URL(window.url()).hash).toBe('');

  await window.reload();
  const dialog = approvalDialog(window);
  await expect(dialog).toContainText('asked before the reload');
  // The reload was no refusal: nothing counts toward the site's pause (its close was taken back as the window asked again).
  const rejections = () =>
    window.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('zklogin-wallet:rejection:')));
  expect(await rejections()).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled({ timeout: 15_000 });
  await clickApprove(window);
  const signed = await result;
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(account.address);
});

test("the dApp's page reloaded while its window asks: the window closes with it (no rejection), and the reloaded page asks in a window of its own", async ({
  page,
}) => {
  await openDapp(page);
  await connectWithSignIn(page);
  const sign = (message: string) =>
    call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
      account: 'connected',
      message,
    });
  const { window, result } = await walletWindowOf(page, () => sign('asked before the page reloaded'));
  void result.catch(() => {});
  await expect(approvalDialog(window)).toContainText('asked before the page reloaded');
  const closed = window.waitForEvent('close');
  await page.reload();
  // Nobody would hear an Approve there: the window went with the page, by itself, and its going
  // was no rejection of the visitor's (nothing counts toward the site's pause).
  await closed;
  const walletPage = await page.context().newPage();
  await walletPage.goto(`${WALLET}/wallet.html`);
  expect(
    await walletPage.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('zklogin-wallet:rejection:'))),
  ).toEqual([]);
  await walletPage.close();
  await walletsOf(page);
  await connect(page, GOOGLE, true);
  const signed = await approvedInWindow(page, () => sign('asked after the reload'), 'asked after the reload');
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
});

test('a 0.25 SUI transfer approved in the window reaches the recipient; Reject and a closed window each reject', async ({
  page,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page, 'Bob');
  await fundAtWallet(page, account.address);
  const { executed, recipient } = await transferApprovedInWindow(page, 250_000_000n, '+0.25 SUI');
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  expect(await balanceOf(page, recipient)).toBe(250_000_000n);

  // Reject, in the window.
  const rejecting = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'no' }),
  );
  await approvalDialog(rejecting.window).getByRole('button', { name: 'Reject' }).click();
  expect(await rejecting.result).toEqual({ ok: false, error: REJECTED });

  // The visitor closes the window.
  const closing = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'closed' }),
  );
  await expect(approvalDialog(closing.window)).toBeVisible();
  await closing.window.close();
  expect(await closing.result).toEqual({ ok: false, error: REJECTED });
});

test("a provider page isolated by Cross-Origin-Opener-Policy: the window's sign-in still completes, and the dApp is connected", async ({
  page,
  context,
}) => {
  // The provider's page isolates its window (the wallet's own window never goes there).
  const isolated = await isolateProviderPages(context);
  await openDapp(page);
  const account = await connectWithSignIn(page, 'Carol');
  expect(account.address).toMatch(/^0x[0-9a-f]{64}$/);
  // The provider's page the visitor signed in on was the isolated one.
  expect(isolated.pages).toBeGreaterThan(0);
});

test('a second dApp origin connects without a second sign-in; after Disconnect at the wallet, the first site is refused and forgets the account', async ({
  page,
  context,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page, 'Alice');

  // Another site (the same dApp at another origin): the wallet asks to connect it, with no sign-in.
  const OTHER = 'http://localhost:4178';
  const other = await context.newPage();
  await other.addInitScript(installDapp);
  await other.goto(`${OTHER}/dapp.html`);
  await walletsOf(other);
  const opened = other.waitForEvent('popup');
  const connecting = accountsOf(connect(other, GOOGLE, false));
  const window = await opened;
  const dialog = approvalDialog(window);
  await expect(dialog).toContainText(`Connect ${OTHER}?`);
  await expect(window.getByRole('button', { name: GOOGLE })).toHaveCount(0);
  expect((await new AxeBuilder({ page: window }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await clickApprove(window);
  expect((await connecting).map(({ address }) => address)).toEqual([account.address]);

  // The wallet's page lists both sites; the visitor disconnects the first.
  const wallet = await context.newPage();
  await wallet.goto(`${WALLET}/wallet.html`);
  const sites = wallet.getByRole('region', { name: 'Sites connected to your wallet' });
  await expect(sites.getByRole('listitem')).toHaveCount(2);
  // Part of the page, below the account and above its foot (not after the page's footer).
  const order = await wallet.evaluate(() => {
    const [sitesList, account, footer] = ['.connected-sites', 'main', 'footer'].map((selector) =>
      document.querySelector(selector)!,
    );
    return {
      afterAccount:
        !account.contains(sitesList) && !!(account.compareDocumentPosition(sitesList) & Node.DOCUMENT_POSITION_FOLLOWING),
      beforeFooter: !!(sitesList.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING),
    };
  });
  expect(order).toEqual({ afterAccount: true, beforeFooter: true });
  expect((await new AxeBuilder({ page: wallet }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await sites.getByRole('button', { name: `Disconnect ${DAPP}` }).click();
  await expect(sites.getByRole('listitem')).toHaveCount(1);

  // The first site's next request: the window says it was disconnected and offers to connect again; refused.
  const refused = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'after disconnect' }),
  );
  await expect(refused.window.locator('[data-dapp-request]')).toContainText(`You disconnected ${DAPP} from your wallet.`);
  await refused.window.getByRole('button', { name: 'Refuse' }).click();
  expect(await refused.result).toEqual({
    ok: false,
    error: 'This site is no longer connected to your wallet: connect again to use it.',
  });
  // The dApp closes the answered window.
  await expect.poll(() => refused.window.isClosed()).toBe(true);
  // It forgot the account: a silent connect answers none, and opens nothing (counted where the
  // page opens windows: the browser's report of a new one may come after the answer).
  await watchWindowOpens(page);
  expect(await accountsOf(connect(page, GOOGLE, true))).toEqual([]);
  expect(await windowOpens(page)).toBe(0);
});

test('a connect for another provider than the wallet holds: the window says so; the visitor signs out there and in with that provider, approves, and the dApp gets that account', async ({
  page,
}) => {
  await openDapp(page);
  const google = await connectWithSignIn(page, 'Alice');
  const FACEBOOK = 'Sign in with Facebook';
  const { window, result } = await walletWindowOf(page, () => accountsOf(connect(page, FACEBOOK, false)));
  const notice = window.locator('[data-dapp-request]');
  await expect(notice).toContainText(
    `${DAPP} asks to connect to your Facebook account, but your wallet is signed in with Google: sign out below, then sign in with Facebook to go on`,
  );
  await window.getByRole('button', { name: 'Sign out', exact: true }).click();
  const providerOpened = window.waitForEvent('popup');
  await window.getByRole('button', { name: FACEBOOK }).click();
  await (await providerOpened).getByRole('button', { name: /Continue as Alice/ }).click();
  const dialog = approvalDialog(window);
  await expect(dialog).toContainText(`Connect ${DAPP}?`);
  await clickApprove(window);
  const [facebook] = (await result) as Awaited<ReturnType<typeof accountsOf>>;
  // Another provider, another zkLogin address (its issuer is part of the address seed).
  expect(facebook?.address).toMatch(/^0x[0-9a-f]{64}$/);
  expect(facebook?.address).not.toBe(google.address);
});

test("a sign-out in the wallet's own page while a site's window asks: the dialog closes, the site hears the rejection and nothing is signed; its next request offers to connect again", async ({
  page,
  context,
}) => {
  await openDapp(page);
  await connectWithSignIn(page, 'Carol');
  // The dApp's page links to it (not to the dApp's own origin, where no account is).
  await expect(page.getByRole('link', { name: 'the wallet’s own page' })).toHaveAttribute('href', `${WALLET}/wallet.html`);
  // The wallet's own page, in a tab of its own, signed in as the windows are (one session at the wallet's origin).
  const wallet = await context.newPage();
  await wallet.goto(`${WALLET}/wallet.html`);
  // It says it is the wallet, where the app's page says "Sui zkLogin".
  await expect(wallet.getByRole('banner')).toContainText('Sui zkLogin wallet');
  const signOut = wallet.getByRole('button', { name: 'Sign out', exact: true });
  await expect(signOut).toBeVisible();
  const sites = wallet.getByRole('region', { name: 'Sites connected to your wallet' }).getByRole('listitem');
  await expect(sites).toHaveCount(1);
  await expect(sites.first()).toContainText(`${DAPP} (Google`);

  const asking = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'while signing out' }),
  );
  const dialog = approvalDialog(asking.window);
  await expect(dialog).toContainText('while signing out');
  await signOut.click();
  expect(await asking.result).toEqual({ ok: false, error: REJECTED });
  // Signed out, the wallet's page lists no site (the next person here does not see them).
  await expect(sites).toHaveText(['No site is connected.']);
  // The dApp closes the answered window; the dialog never signed.
  await expect.poll(() => asking.window.isClosed()).toBe(true);

  // The site's next request: the window says the visitor signed out, and offers to connect again; refused.
  const next = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'after sign-out' }),
  );
  await expect(next.window.locator('[data-dapp-request]')).toContainText(
    `You signed out of your wallet since ${DAPP} connected.`,
  );
  await expect(approvalDialog(next.window)).toHaveCount(0);
  await next.window.getByRole('button', { name: 'Refuse' }).click();
  expect(await next.result).toEqual({ ok: false, error: 'You signed out of the wallet: connect again to use it on this site.' });
});

test('a connect the visitor refuses at the sign-in step: the site hears it rejected, and nothing is connected', async ({
  page,
}) => {
  await openDapp(page);
  const { window, result } = await walletWindowOf(page, () => connect(page, GOOGLE, false));
  await expect(window.locator('[data-dapp-request]')).toContainText(`${DAPP} asks to connect to your Google account`);
  const closed = window.waitForEvent('close');
  await window.getByRole('button', { name: 'Refuse' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
  await closed;
  expect(await connect(page, GOOGLE, true)).toEqual({ ok: true, value: { accounts: [] } });
});

test("the dApp's enoki:getSession opens the window and asks; Reject gives the dApp nothing", async ({ page }) => {
  await openDapp(page);
  await connectWithSignIn(page, 'Bob');
  const { window, result } = await walletWindowOf(page, () => call(page, GOOGLE, 'enoki:getSession', 'getSession'));
  const dialog = approvalDialog(window);
  await expect(dialog).toContainText(`Share your sign-in token with ${DAPP}?`);
  await expect(dialog).toContainText("It tells that site's server who you are with Google.");
  expect((await new AxeBuilder({ page: window }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });

  // Approved, the dApp gets Enoki's shape: the token as issued, and the nonce's parts.
  const shared = await approvedInWindow(page, () =>
    call<{ jwt: string; maxEpoch: number }>(page, GOOGLE, 'enoki:getSession', 'getSession'),
  );
  expect(shared.ok, JSON.stringify(shared)).toBe(true);
  expect((shared as { value: { jwt: string; maxEpoch: number } }).value).toMatchObject({
    jwt: expect.stringMatching(/^eyJ/),
    maxEpoch: expect.any(Number),
  });
});

test('a coin object sent whole: the window lists the object leaving, with its type, and approved it reaches the recipient', async ({
  page,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page, 'Carol');
  for (let coin = 0; coin < 2; coin++) {
    const faucet = await page.request.post(`${WALLET}/__mock/sui/faucet/v2/gas`, {
      data: { FixedAmountRequest: { recipient: account.address } },
    });
    expect(faucet.ok()).toBe(true);
  }
  // Two coins: the one sent is not the only one left to pay the gas.
  await expect.poll(async () => (await coinsOf(page, account.address, WALLET)).length).toBeGreaterThanOrEqual(2);
  const coin = (await coinsOf(page, account.address, WALLET)).at(-1)!;
  const shortCoin = `${coin.slice(0, 6)}…${coin.slice(-4)}`;
  const recipient = freshAddress();
  const tx = new Transaction();
  tx.transferObjects([tx.object(coin)], recipient);
  const json = await tx.toJSON();

  const { window, result } = await walletWindowOf(page, () =>
    call(page, GOOGLE, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
      account: 'connected',
      chain: 'sui:testnet',
      transaction: json,
    }),
  );
  const dialog = approvalDialog(window);
  await expect(dialog.getByRole('list').first()).toHaveText(`Transfer 1 object (${shortCoin}) to ${recipient}`);
  await expect(dialog.getByRole('listitem').filter({ hasText: 'transferred to' })).toHaveText(
    `0x2::coin::Coin<0x2::sui::SUI> ${shortCoin}: transferred to ${recipient}`,
  );
  await expect(dialog.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();
  await clickApprove(window);
  expect(((await result) as { ok: boolean }).ok).toBe(true);
  expect(await coinsOf(page, recipient, WALLET)).toEqual([coin]);
});

test('a blocked window: the dApp page offers "Continue in the wallet", and one real click there opens it and the request goes on', async ({
  page,
}) => {
  await openDapp(page);
  const account = await connectWithSignIn(page, 'Alice');
  await blockNextWindow(page);
  const signing = call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: 'connected',
    message: 'after a blocked window',
  });
  const prompt = page.getByRole('alertdialog', { name: 'The wallet’s window was blocked' });
  await expect(prompt).toBeVisible();
  expect(
    (await new AxeBuilder({ page }).include('body > div:last-child').analyze()).violations.map((violation) => violation.id),
  ).toEqual([]);
  const opened = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: 'Continue in the wallet' }).click();
  const walletWindow = await opened;
  const dialog = approvalDialog(walletWindow);
  await expect(dialog).toContainText('after a blocked window');
  await clickApprove(walletWindow);
  const signed = await signing;
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(account.address);
  await expect(prompt).toHaveCount(0);
});

test("a blocked window from dapp-kit's wallet picker: the prompt is above the picker (a modal dialog), and a real click there opens the window", async ({
  page,
}) => {
  await openDapp(page);
  await blockNextWindow(page);
  await chooseWallet(page, GOOGLE);
  const prompt = page.getByRole('alertdialog', { name: 'The wallet’s window was blocked' });
  await expect(prompt).toBeVisible();
  // dapp-kit's picker is still open beneath it (the case the prompt must rise above).
  await expect(page.getByText('Connect a wallet', { exact: true }).first()).toBeVisible();
  // The picker, a modal dialog itself, leaves the rest of the page inert: the prompt must be above it.
  await expect(prompt.getByRole('button', { name: 'Continue in the wallet' })).toBeFocused();
  const opened = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: 'Continue in the wallet' }).click();
  const walletWindow = await opened;
  await expect(walletWindow.locator('[data-dapp-request]')).toContainText(`${DAPP} asks to connect to your Google account`);
  await expect(prompt).toHaveCount(0);
});

test("Escape on the blocked window's prompt is its Cancel: the request is refused as blocked, and nothing opens", async ({
  page,
  context,
}) => {
  await openDapp(page);
  const pages = context.pages().length;
  await blockNextWindow(page);
  const refused = connect(page, GOOGLE, false);
  const prompt = page.getByRole('alertdialog', { name: 'The wallet’s window was blocked' });
  await expect(prompt.getByRole('button', { name: 'Continue in the wallet' })).toBeFocused();
  await page.keyboard.press('Escape');
  expect(await refused).toEqual({
    ok: false,
    error: "The browser blocked the wallet's window. Allow pop-ups for this site, or ask again from a click.",
  });
  await expect(prompt).toHaveCount(0);
  // Nothing of the prompt is left on the page: its host went with it.
  await expect(page.locator('[data-zklogin-wallet="blocked-window"]')).toHaveCount(0);
  expect(context.pages()).toHaveLength(pages);
  // The refused one only: the page asked for no other window.
  expect(await windowOpens(page)).toBe(1);
});

test("a blocked sign-in window in the wallet's window: the window stays on the wallet's page and says so, keeps only the site's origin, and once allowed the sign-in goes on", async ({
  page,
  context,
}) => {
  await openDapp(page);
  // A pop-up blocker on the wallet's origin only: the dApp's own window opens.
  await context.addInitScript((walletOrigin) => {
    const page = globalThis as unknown as Window & { allowWindows: () => void };
    if (page.location.origin !== walletOrigin) return;
    const open = page.open.bind(page);
    page.open = () => null;
    page.allowWindows = () => void (page.open = open);
  }, WALLET);
  const { window, result } = await walletWindowOf(page, () => accountsOf(connect(page, GOOGLE, false)));
  await window.getByRole('button', { name: GOOGLE }).click();
  await expect(
    window.getByText('Your browser blocked the sign-in window. Allow pop-ups for this site, then choose a provider again.'),
  ).toBeVisible();
  // It did not go to the provider (its link to the dApp would have gone with it).
  expect(window.url()).toBe(`${WALLET}/wallet.html`);
  await expect(window.getByRole('button', { name: GOOGLE })).toBeEnabled();
  // What the window keeps for a reload is the site's origin, and nothing else.
  expect(await window.evaluate(() => JSON.stringify(sessionStorage))).toBe(
    JSON.stringify({ 'zklogin-wallet:opened-with': `#origin=${encodeURIComponent(DAPP)}` }),
  );

  // Pop-ups allowed: the next click signs in through a window, and the connect is asked and answered.
  await window.evaluate(() => (globalThis as unknown as { allowWindows: () => void }).allowWindows());
  const providerOpened = window.waitForEvent('popup');
  await window.getByRole('button', { name: GOOGLE }).click();
  await (await providerOpened).getByRole('button', { name: /Continue as Alice/ }).click();
  await expect(approvalDialog(window)).toContainText(`Connect ${DAPP}?`);
  await clickApprove(window);
  const [account] = (await result) as Awaited<ReturnType<typeof accountsOf>>;
  expect(account!.address).toMatch(/^0x[0-9a-f]{64}$/);
});

test("the window keeps the site's origin from its fragment, and nothing else the fragment held", async ({ page }) => {
  await openDapp(page);
  const opened = page.waitForEvent('popup');
  await page.evaluate(
    (url) => void window.open(url, '_blank', 'popup'),
    `${WALLET}/wallet.html#origin=${encodeURIComponent(DAPP)}&id_token=not-for-keeping`,
  );
  const walletWindow = await opened;
  await expect(walletWindow.locator('[data-dapp-request]')).toBeVisible();
  expect(walletWindow.url()).toBe(`${WALLET}/wallet.html`);
  expect(await walletWindow.evaluate(() => JSON.stringify(sessionStorage))).toBe(
    JSON.stringify({ 'zklogin-wallet:opened-with': `#origin=${encodeURIComponent(DAPP)}` }),
  );
});

test("the window's code for the site's request does not arrive: the window says so above its page, and closing it tells the site no", async ({
  page,
  context,
}) => {
  await openDapp(page);
  await context.route('**/assets/window-page-*.js', (route) => route.abort('internetdisconnected'));
  const consoleErrors: string[] = [];
  context.on('console', (message) => void (message.type() === 'error' && consoleErrors.push(message.text())));
  const opened = page.waitForEvent('popup');
  const result = connect(page, GOOGLE, false);
  const window = await opened;
  await expect(window.getByRole('alert')).toHaveText(
    'The wallet could not load what it needs to answer this site. Close this window (the site is told no) and try again.',
  );
  // Its console says why, for whoever debugs it.
  expect(consoleErrors).toContainEqual(expect.stringMatching(/^The wallet could not serve the site’s request: .*window-page/));
  // The page itself is there, with its sign-in buttons.
  await expect(window.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  // It never said it was ready: the site hears that its window closed before it could ask.
  await window.close();
  expect(await result).toEqual({ ok: false, error: WINDOW_CUT_OFF });
});

test("a window whose session's restore never answers still shows its page, not a blank window", async ({ page, context }) => {
  await openDapp(page);
  await connectWithSignIn(page);
  // The sign-in code, which restores the stored session, never arrives.
  await context.route('**/assets/sign-in-runtime-*.js', () => {});
  const opened = page.waitForEvent('popup');
  // Never answered: the test ends with the window still waiting.
  call(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', { account: 'connected', message: 'never asked' }).catch(
    () => {},
  );
  const window = await opened;
  await expect(window.getByRole('banner')).toContainText('Sui zkLogin');
  await expect(approvalDialog(window)).toHaveCount(0);
});
