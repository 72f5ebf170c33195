/**
 * The app's Wallet Standard wallets, driven as a dApp on the page would: a page script
 * that speaks only the standard's window protocol (it announces itself with
 * `wallet-standard:app-ready` and takes wallets from `wallet-standard:register-wallet`),
 * never our modules. Signatures are checked here in Node with @mysten/sui's own parsers
 * and verifiers. Redirect mode (the default), built-in mode.
 */
import type { Page } from '@playwright/test';
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { Transaction } from '@mysten/sui/transactions';
import { fromBase64 } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed, parseZkLoginSignature } from '@mysten/sui/zklogin';
import { expect, expectState, signIn, test } from './fixtures.ts';

const WALLETS = ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch'];

/** The dApp's side of the protocol, installed before the app's own scripts. */
function installDapp() {
  type Wallet = { name: string; features: Record<string, Record<string, (...args: unknown[]) => unknown>> };
  const dapp = { wallets: [] as Wallet[], changes: [] as { wallet: string; accounts: string[] }[] };
  (window as unknown as { __dapp: typeof dapp }).__dapp = dapp;
  const api = {
    register: (...wallets: Wallet[]) => {
      dapp.wallets.push(...wallets);
      for (const wallet of wallets) {
        wallet.features['standard:events']!.on!('change', ({ accounts }: { accounts?: { address: string }[] }) => {
          if (accounts) dapp.changes.push({ wallet: wallet.name, accounts: accounts.map((account) => account.address) });
        });
      }
      return () => void (dapp.wallets = dapp.wallets.filter((wallet) => !wallets.includes(wallet)));
    },
  };
  window.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent).detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
}

/** Runs `feature`'s `method` of the wallet named `name` in the page, with `input` (and the account, when asked). */
async function call<T>(page: Page, name: string, feature: string, method: string, input: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ name, feature, method, input }) => {
      const dapp = (window as unknown as { __dapp: { wallets: { name: string; accounts: unknown[]; features: never }[] } })
        .__dapp;
      const wallet = dapp.wallets.find((candidate) => candidate.name === name)!;
      const features = wallet.features as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
      const args: Record<string, unknown> = { ...input };
      if (args.account === 'connected') args.account = wallet.accounts[0];
      if (typeof args.account === 'string') args.account = { ...(wallet.accounts[0] as object), address: args.account };
      if (typeof args.message === 'string') args.message = new TextEncoder().encode(args.message);
      if (typeof args.transaction === 'string') {
        const json = args.transaction;
        args.transaction = { toJSON: async () => json };
      }
      // Accounts are class instances (getters over private fields): handed back as plain data.
      const plain = (account: { address: string; publicKey: Uint8Array; chains: string[]; label?: string }) => ({
        address: account.address,
        publicKey: btoa(String.fromCharCode(...account.publicKey)),
        chains: [...account.chains],
        label: account.label,
      });
      try {
        const value = (await features[feature]![method]!(args)) as { accounts?: Parameters<typeof plain>[0][] } | undefined;
        return { ok: true as const, value: value?.accounts ? { accounts: value.accounts.map(plain) } : value };
      } catch (error) {
        return { ok: false as const, error: (error as Error).message };
      }
    },
    { name, feature, method, input },
  ) as Promise<{ ok: true; value: T } | { ok: false; error: string }>;
}

const connect = (page: Page, name: string, silent: boolean) =>
  call<{ accounts: { address: string; publicKey: string; chains: string[]; label?: string }[] }>(
    page,
    name,
    'standard:connect',
    'connect',
    { silent },
  );

/** A first visit: the sign-in buttons, and the three wallets registered with the dApp. */
async function openAtSignInButtons(page: Page) {
  await page.goto('/');
  await expectState(page, 'idle');
  await walletsOf(page);
}

/** The accounts a connect answered with; the connect must have succeeded. */
async function accountsOf(result: ReturnType<typeof connect>) {
  const answered = await result;
  if (!answered.ok) throw new Error(`connect failed: ${answered.error}`);
  return answered.value.accounts;
}

async function walletsOf(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __dapp: { wallets: unknown[] } }).__dapp.wallets.length))
    .toBe(3);
  return page.evaluate(() =>
    (
      window as unknown as {
        __dapp: { wallets: { name: string; version: string; icon: string; chains: string[]; features: object }[] };
      }
    ).__dapp.wallets.map((wallet) => ({
      name: wallet.name,
      version: wallet.version,
      icon: wallet.icon.slice(0, 26),
      chains: wallet.chains,
      features: Object.fromEntries(Object.entries(wallet.features).map(([name, feature]) => [name, feature.version])),
    })),
  );
}

/** The zkLogin signature's address (from iss and addressSeed), after its inner signature verified over `bytes`. */
async function checkZkLoginSignature(signature: string, bytes: Uint8Array, scope: 'PersonalMessage' | 'TransactionData') {
  const { inputs, userSignature } = parseZkLoginSignature(fromBase64(signature).slice(1));
  const inner = typeof userSignature === 'string' ? userSignature : Buffer.from(userSignature).toString('base64');
  if (scope === 'PersonalMessage') await verifyPersonalMessageSignature(bytes, inner);
  else await verifyTransactionSignature(bytes, inner);
  const parsed = parseSerializedSignature(signature);
  if (parsed.signatureScheme !== 'ZkLogin') throw new Error(`not a zkLogin signature: ${parsed.signatureScheme}`);
  expect(BigInt(inputs.addressSeed)).toBe(parsed.zkLogin!.addressSeed);
  return computeZkLoginAddressFromSeed(BigInt(inputs.addressSeed), parsed.zkLogin!.iss, false);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installDapp);
});

test('three wallets with the exact names, version, chain, icon and feature versions', async ({ page }) => {
  await page.goto('/');
  await expectState(page, 'idle');
  expect(await walletsOf(page)).toEqual(
    WALLETS.map((name) => ({
      name,
      version: '1.0.0',
      icon: 'data:image/svg+xml;base64,',
      chains: ['sui:testnet'],
      features: {
        'standard:connect': '1.0.0',
        'standard:disconnect': '1.0.0',
        'standard:events': '1.0.0',
        'sui:signPersonalMessage': '1.1.0',
        'sui:signTransaction': '2.0.0',
        'sui:signAndExecuteTransaction': '2.0.0',
      },
    })),
  );
});

test('silent connect: no account before sign-in, the account after (and only through its own provider); it never navigates', async ({
  page,
}) => {
  await openAtSignInButtons(page);
  expect(await connect(page, 'Sign in with Google', true)).toEqual({ ok: true, value: { accounts: [] } });
  await expectState(page, 'idle');

  const { login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  const [account] = await accountsOf(connect(page, 'Sign in with Google', true));
  expect(account!.address).toBe(login.address);
  expect(await page.getByTestId('address').textContent()).toBe(login.address);
  expect(account!.publicKey).toBe(login.publicKey);
  expect(account!.chains).toEqual(['sui:testnet']);
  expect(account!.label).toBe('Google');
  expect(await connect(page, 'Sign in with Twitch', true)).toEqual({ ok: true, value: { accounts: [] } });
  // After a reload (dapp-kit's autoconnect), the restored account is there at once.
  await page.reload();
  await walletsOf(page);
  expect((await accountsOf(connect(page, 'Sign in with Google', true))).map((restored) => restored.address)).toEqual([
    login.address,
  ]);
});

test('an interactive connect in redirect mode goes to the provider, and the account comes back through a silent connect', async ({
  page,
}) => {
  await openAtSignInButtons(page);
  const authorize = page.waitForRequest((request) => /\/idp\/twitch\/authorize\?/.test(request.url()));
  // In redirect mode the page goes to the provider: the call never returns on this page.
  void connect(page, 'Sign in with Twitch', false).catch(() => {});
  await authorize;
  await page.getByRole('button', { name: /Continue as Bob/ }).click();
  await expectState(page, 'signed-in');
  await walletsOf(page);
  const [back] = await accountsOf(connect(page, 'Sign in with Twitch', true));
  expect(back!.address).toBe(await page.getByTestId('address').textContent());
});

test('signPersonalMessage and signTransaction: zkLogin signatures whose inner signature verifies and whose address is the account', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  await connect(page, 'Sign in with Google', true);
  // No proof yet: the wallet creates it first.
  const signed = await call<{ bytes: string; signature: string }>(
    page,
    'Sign in with Google',
    'sui:signPersonalMessage',
    'signPersonalMessage',
    {
      account: 'connected',
      message: 'hello from a dApp',
    },
  );
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  const { bytes, signature } = (signed as { value: { bytes: string; signature: string } }).value;
  expect(new TextDecoder().decode(fromBase64(bytes))).toBe('hello from a dApp');
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(login.address);
  await expectState(page, 'ready');

  await page
    .getByRole('region', { name: /Your address on Sui/ })
    .getByRole('button', { name: 'Get test SUI' })
    .click();
  await expect(
    page.getByRole('region', { name: /Your address on Sui/ }).getByRole('button', { name: 'Get test SUI' }),
  ).toBeEnabled();
  const tx = new Transaction();
  const [coin] = tx.splitCoins(tx.gas, [1000n]);
  tx.transferObjects([coin!], login.address);
  const signedTx = await call<{ bytes: string; signature: string }>(
    page,
    'Sign in with Google',
    'sui:signTransaction',
    'signTransaction',
    {
      account: 'connected',
      chain: 'sui:testnet',
      transaction: await tx.toJSON(),
    },
  );
  expect(signedTx.ok, JSON.stringify(signedTx)).toBe(true);
  const txOut = (signedTx as { value: { bytes: string; signature: string } }).value;
  expect(await checkZkLoginSignature(txOut.signature, fromBase64(txOut.bytes), 'TransactionData')).toBe(login.address);
});

test('signAndExecuteTransaction against the mock node: a digest and effects, and the balance moves', async ({ page }) => {
  const { login } = await signIn(page, 'facebook', 'Carol');
  await walletsOf(page);
  const panel = page.getByRole('region', { name: /Your address on Sui/ });
  await panel.getByRole('button', { name: 'Get test SUI' }).click();
  await expect(panel.getByRole('button', { name: 'Get test SUI' })).toBeEnabled();
  const before = BigInt((await panel.getByTestId('balance').getAttribute('data-balance-mist'))!);
  const tx = new Transaction();
  const [coin] = tx.splitCoins(tx.gas, [250_000_000n]);
  tx.transferObjects([coin!], `0x${'b0'.repeat(32)}`);
  const executed = await call<{ digest: string; effects: string; signature: string; bytes: string }>(
    page,
    'Sign in with Facebook',
    'sui:signAndExecuteTransaction',
    'signAndExecuteTransaction',
    { account: login.address, chain: 'sui:testnet', transaction: await tx.toJSON() },
  );
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  const out = (executed as { value: { digest: string; effects: string; signature: string; bytes: string } }).value;
  expect(out.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(fromBase64(out.effects).length).toBeGreaterThan(0);
  expect(await checkZkLoginSignature(out.signature, fromBase64(out.bytes), 'TransactionData')).toBe(login.address);
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect
    .poll(async () => before - BigInt((await panel.getByTestId('balance').getAttribute('data-balance-mist'))!))
    .toBeGreaterThanOrEqual(250_000_000n);
});

test('refusals: another account, another chain, no account, another wallet; each with a clear error', async ({ page }) => {
  await openAtSignInButtons(page);
  const noAccount = await call(page, 'Sign in with Google', 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: `0x${'ab'.repeat(32)}`,
    message: 'x',
  });
  expect(noAccount).toEqual({ ok: false, error: 'This wallet has no account in this tab: connect first.' });

  const { login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  const other = await call(page, 'Sign in with Google', 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: `0x${'ef'.repeat(32)}`,
    message: 'x',
  });
  expect(other).toEqual({ ok: false, error: "The request names another account or chain than this wallet's account." });
  const chain = await call(page, 'Sign in with Google', 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: login.address,
    chain: 'sui:mainnet',
    message: 'x',
  });
  expect(chain).toEqual({ ok: false, error: "The request names another account or chain than this wallet's account." });
  const interactive = await connect(page, 'Sign in with Twitch', false);
  expect(interactive).toEqual({ ok: false, error: 'This tab is signed in with Google: disconnect first.' });
  await expectState(page, 'signed-in');
});

test('disconnect signs out, and a sign-out reaches the dApp as a change event', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  const changes = () =>
    page.evaluate(() => (window as unknown as { __dapp: { changes: { wallet: string; accounts: string[] }[] } }).__dapp.changes);
  await expect.poll(async () => (await connect(page, 'Sign in with Google', true)).ok).toBe(true);
  const before = (await changes()).length;
  expect(await call(page, 'Sign in with Google', 'standard:disconnect', 'disconnect')).toMatchObject({ ok: true });
  await expectState(page, 'logged-out');
  await expect.poll(async () => (await changes()).slice(before)).toEqual([{ wallet: 'Sign in with Google', accounts: [] }]);

  // The visitor's own sign-out (not through the wallet) is a change too.
  await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  const again = (await changes()).length;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await expect.poll(async () => (await changes()).slice(again)).toEqual([{ wallet: 'Sign in with Google', accounts: [] }]);
});
