/**
 * The package as a dApp outside this repository installs it (issue 44): a fresh Vite app
 * (e2e/fresh-app.ts) with the packed tarball installed, built by its own Vite, served on a
 * third origin (http://127.0.0.1:4180). Two journeys over the same app (one pack, one
 * install, one build), each driving its page's wallets through the Wallet Standard:
 * - hosted: its `/` uses the hosted wallet's real build (this project's,
 *   http://localhost:4179) through the package's main entry. Connect (signing in in the
 *   wallet's window), a personal message and a transfer, each approved there with a real
 *   click.
 * - embedded: its `/embedded.html` registers the wallets of `sui-zklogin-wallet/embedded`,
 *   configured at run time with the built-in mocks that the wallet's server mounts
 *   (http://localhost:4179/__mock, another origin): the mock provider, login service and Sui
 *   node. Connect in redirect mode (the page leaves for the mock provider and comes back; the
 *   page finishes the Connect from the registration's `returningConnect`), a personal
 *   message and a transfer, each approved in the wallet's dialog on the page with a real
 *   click, after funding the account from the mock faucet.
 * In both, the message's signature is checked in Node and verified in the page by the
 * package's other entry, /verify, and the transfer's recipient receives the amount.
 */
import type { Page } from '@playwright/test';
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { fromBase64 } from '@mysten/sui/utils';
import { fetchIssuerKeys } from '../packages/sui-zklogin-wallet/src/issuer-keys.ts';
import { expect, test } from './fixtures.ts';
import { type FreshApp, startFreshApp } from './fresh-app.ts';
import {
  approvedInWindow,
  balanceOf,
  connectWithSignIn,
  freshAddress,
  fundAtWallet,
  GOOGLE,
  transferApprovedInWindow,
  WALLET,
} from './hosted-window.ts';
import {
  accountsOf,
  approvalDialog,
  approve,
  call,
  checkZkLoginSignature,
  connect,
  installDapp,
  transfer,
  walletsOf,
} from './wallet-protocol.ts';

const FRESH_APP_PORT = 4180;
/** The built-in mocks on the hosted wallet's server: the embedded page's login service, providers and Sui node. */
const MOCKS = `${WALLET}/__mock`;
const WALLETS = ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch'];
let app: FreshApp;

test.beforeAll(async () => {
  // npm pack, npm install (from the registry's cache when it has the packages) and two builds.
  test.setTimeout(240_000);
  app = await startFreshApp(FRESH_APP_PORT, MOCKS);
});

test.afterAll(() => app?.stop());

/**
 * `signature` over `message` checked in Node (the inner signature, the address) and by the
 * package's verifier in the fresh app's page: the proof in full, with the issuer's keys;
 * another message and a later epoch refused.
 */
async function expectVerified(page: Page, signature: string, bytes: string, message: string, address: string) {
  expect(new TextDecoder().decode(fromBase64(bytes))).toBe(message);
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(address);
  const parsed = parseSerializedSignature(signature);
  if (parsed.signatureScheme !== 'ZkLogin') throw new Error('not a zkLogin signature');
  const verify = { signature, jwks: await fetchIssuerKeys(parsed.zkLogin.iss), currentEpoch: Number(parsed.zkLogin.maxEpoch) };
  const inPage = (text: string, options = verify) =>
    page.evaluate(
      (input) => (window as unknown as { verifySignature: (input: object) => Promise<string> }).verifySignature(input),
      { ...options, message: text },
    );
  expect(await inPage(message)).toBe(address);
  expect(await inPage('another message')).toBe('refused: signature');
  expect(await inPage(message, { ...verify, currentEpoch: verify.currentEpoch + 1 })).toBe('refused: epoch');
}

test('a fresh app with the packed package: connect through the wallet’s window, sign a message, sign and execute a transfer', async ({
  page,
}) => {
  await page.addInitScript(installDapp);
  await page.goto(`${app.url}/?wallet=${encodeURIComponent(WALLET)}`);
  await expect(page.locator('#status')).toHaveText('wallets registered');
  expect((await walletsOf(page)).map(({ name }) => name)).toEqual(WALLETS);

  const account = await connectWithSignIn(page, 'Alice');
  expect(account.chains).toEqual(['sui:testnet']);

  const signed = await approvedInWindow(
    page,
    () =>
      call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
        account: 'connected',
        message: 'hello from a fresh app',
      }),
    'hello from a fresh app',
  );
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  await expectVerified(page, signature, bytes, 'hello from a fresh app', account.address);

  await fundAtWallet(page, account.address);
  const { executed, recipient } = await transferApprovedInWindow(page, 100_000_000n, '+0.1 SUI');
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  expect(await balanceOf(page, recipient)).toBe(100_000_000n);
});

test('a fresh app with the packed package’s embedded wallets on the built-in mocks: connect in redirect mode, sign a message, sign and execute a transfer, each approved in the page’s dialog', async ({
  page,
}) => {
  const embedded = `${app.url}/embedded.html`;
  await page.addInitScript(installDapp);
  await page.goto(embedded);
  await expect(page.locator('#status')).toHaveText('wallets registered');
  await expect(page.locator('#returning')).toHaveText('none');
  expect((await walletsOf(page)).map(({ name }) => name)).toEqual(WALLETS);

  // The interactive connect: redirect mode, so the page leaves for the mock provider (on the
  // wallet's server) and the call never returns here.
  const authorize = page.waitForRequest((request) => /\/idp\/google\/authorize\?/.test(request.url()));
  void connect(page, GOOGLE, false).catch(() => {});
  const asked = new URL((await authorize).url());
  expect(asked.origin + asked.pathname).toBe(`${MOCKS}/idp/google/authorize`);
  expect(asked.searchParams.get('client_id')).toBe('built-in-google-client');
  expect(asked.searchParams.get('redirect_uri')).toBe(embedded);
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  // Back on the page, the token gone from the address bar; the page finishes the Connect that left.
  await page.waitForURL(embedded);
  await expect(page.locator('#returning')).toHaveText(GOOGLE);
  await expect(page.locator('#account')).toHaveText(/^0x[0-9a-f]{64}$/);
  const address = (await page.locator('#account').textContent())!;
  expect(page.url()).toBe(embedded);
  const [account] = await accountsOf(connect(page, GOOGLE, true));
  expect(account!.address).toBe(address);
  expect(account!.chains).toEqual(['sui:testnet']);

  // A personal message, shown in the wallet's dialog on the page and approved with a real click.
  const message = 'hello from a fresh app, embedded';
  const signing = call<{ bytes: string; signature: string }>(page, GOOGLE, 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: 'connected',
    message,
  });
  await expect(approvalDialog(page)).toContainText(`${app.url} asks you to sign a message with your Google account.`);
  await expect(approvalDialog(page)).toContainText(message);
  await approve(page);
  const signed = await signing;
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  await expectVerified(page, signature, bytes, message, address);

  // A transfer from the account, funded at the mock faucet, executed once approved.
  await fundAtWallet(page, address);
  const recipient = freshAddress();
  const executing = call<{ digest: string }>(page, GOOGLE, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
    account: 'connected',
    chain: 'sui:testnet',
    transaction: await transfer(100_000_000n, recipient),
  });
  // The dialog shows the dry run: the recipient's gain, and the gas.
  await expect(approvalDialog(page)).toContainText(`${recipient} +0.1 SUI`);
  await expect(approvalDialog(page)).toContainText('Gas budget');
  await approve(page);
  const executed = await executing;
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  expect((executed as { value: { digest: string } }).value.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(await balanceOf(page, recipient)).toBe(100_000_000n);
});
