/**
 * The package as a dApp outside this repository installs it (issue 44): a fresh Vite app
 * (e2e/fresh-app.ts) with the packed tarball installed, built by its own Vite, served on a
 * third origin (http://127.0.0.1:4180), using the hosted wallet's real build (this project's,
 * http://localhost:4179) through the package's main entry. Connect (signing in in the
 * wallet's window), a personal message and a transfer, each approved there with a real click;
 * the message's signature verified in that page by the package's other entry, /verify.
 */
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { fromBase64 } from '@mysten/sui/utils';
import { fetchIssuerKeys } from '../packages/sui-zklogin-wallet/src/issuer-keys.ts';
import { expect, test } from './fixtures.ts';
import { type FreshApp, startFreshApp } from './fresh-app.ts';
import {
  approvedInWindow,
  balanceOf,
  connectWithSignIn,
  fundAtWallet,
  GOOGLE,
  transferApprovedInWindow,
  WALLET,
} from './hosted-window.ts';
import { call, checkZkLoginSignature, installDapp, walletsOf } from './wallet-protocol.ts';

const FRESH_APP_PORT = 4180;
let app: FreshApp;

test.beforeAll(async () => {
  // npm pack, npm install (from the registry's cache when it has the packages) and two builds.
  test.setTimeout(240_000);
  app = await startFreshApp(FRESH_APP_PORT);
});

test.afterAll(() => app?.stop());

test('a fresh app with the packed package: connect through the wallet’s window, sign a message, sign and execute a transfer', async ({
  page,
}) => {
  await page.addInitScript(installDapp);
  await page.goto(`${app.url}/?wallet=${encodeURIComponent(WALLET)}`);
  await expect(page.locator('#status')).toHaveText('wallets registered');
  expect((await walletsOf(page)).map(({ name }) => name)).toEqual([
    'Sign in with Google',
    'Sign in with Facebook',
    'Sign in with Twitch',
  ]);

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
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(account.address);
  // The package's verifier, in the fresh app's page: the proof in full, with the issuer's keys.
  const parsed = parseSerializedSignature(signature);
  if (parsed.signatureScheme !== 'ZkLogin') throw new Error('not a zkLogin signature');
  const verify = { signature, jwks: await fetchIssuerKeys(parsed.zkLogin.iss), currentEpoch: Number(parsed.zkLogin.maxEpoch) };
  const inPage = (message: string, options = verify) =>
    page.evaluate(
      (input) => (window as unknown as { verifySignature: (input: object) => Promise<string> }).verifySignature(input),
      { ...options, message },
    );
  expect(await inPage('hello from a fresh app')).toBe(account.address);
  expect(await inPage('another message')).toBe('refused: signature');
  expect(await inPage('hello from a fresh app', { ...verify, currentEpoch: verify.currentEpoch + 1 })).toBe('refused: epoch');

  await fundAtWallet(page, account.address);
  const { executed, recipient } = await transferApprovedInWindow(page, 100_000_000n, '+0.1 SUI');
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  expect(await balanceOf(page, recipient)).toBe(100_000_000n);
});
