/**
 * The app's Wallet Standard wallets, driven as a dApp on the page would: a page script
 * that speaks only the standard's window protocol (it announces itself with
 * `wallet-standard:app-ready` and takes wallets from `wallet-standard:register-wallet`),
 * never our modules. Signatures are checked here in Node with @mysten/sui's own parsers
 * and verifiers. Built-in mode, in redirect mode (the default) and again in popup mode.
 */
import type { Transaction } from '@mysten/sui/transactions';
import { fromBase64 } from '@mysten/sui/utils';
import { computeZkLoginAddressFromSeed } from '@mysten/sui/zklogin';
import { countLoginServiceRequests, createProof, expect, expectState, signIn, test } from './fixtures.ts';
import {
  accountsOf,
  approved,
  call,
  checkZkLoginSignature,
  connect,
  installDapp,
  openAtSignInButtons,
  signMessageThrough,
  transfer,
  walletsOf,
} from './wallet-protocol.ts';

const WALLETS = ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch'];

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
        'enoki:getMetadata': '1.0.0',
        'enoki:getSession': '1.0.0',
      },
    })),
  );
});

/** The embedded wallet's words for a page that has not been connected (packages/sui-zklogin-wallet/src/wallet/zklogin-wallet.ts). */
const SESSION_NEEDS_CONNECT =
  "The wallet gives its session only to a page the visitor connected it to, here: connect interactively (from the visitor's click) first.";

test("Enoki's features through the protocol: getMetadata names the provider; getSession gives the token as the provider issued it, the proof after Create proof, null for another provider's wallet, and refuses another network", async ({
  page,
}) => {
  await page.goto('/');
  await expectState(page, 'idle');
  await walletsOf(page);
  expect(await call(page, 'Sign in with Twitch', 'enoki:getMetadata', 'getMetadata')).toEqual({
    ok: true,
    value: { provider: 'twitch' },
  });
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession')).toEqual({ ok: true, value: null });

  const { idToken, login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  // The session carries the sign-in token: only a page the visitor connected the wallet to gets it.
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession')).toEqual({
    ok: false,
    error: SESSION_NEEDS_CONNECT,
  });
  expect((await accountsOf(connect(page, 'Sign in with Google', false))).map(({ address }) => address)).toEqual([login.address]);
  type Session = { jwt: string; maxEpoch: number; randomness: string; expiresAt: number; proof?: { addressSeed: string } };
  const before = await call<Session>(page, 'Sign in with Google', 'enoki:getSession', 'getSession');
  if (!before.ok || !before.value) throw new Error(`no session: ${JSON.stringify(before)}`);
  expect(before.value.jwt).toBe(idToken);
  expect(before.value).toEqual({
    jwt: idToken,
    maxEpoch: expect.any(Number),
    randomness: expect.stringMatching(/^\d+$/),
    expiresAt: expect.any(Number),
  });
  // The end the account shows.
  expect(new Date(before.value.expiresAt).toISOString()).toBe(await page.locator('.facts time').getAttribute('datetime'));
  // Read without a word to the visitor: no dialog.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await createProof(page);
  const after = await call<Session>(page, 'Sign in with Google', 'enoki:getSession', 'getSession', { network: 'testnet' });
  if (!after.ok || !after.value?.proof) throw new Error(`no proof: ${JSON.stringify(after)}`);
  expect(after.value.jwt).toBe(idToken);
  expect(after.value.proof).toEqual({
    proofPoints: { a: expect.any(Array), b: expect.any(Array), c: expect.any(Array) },
    issBase64Details: { value: expect.any(String), indexMod4: expect.any(Number) },
    headerBase64: expect.any(String),
    addressSeed: expect.any(String),
  });
  // The proof's address seed, with the token's issuer, is this account's address.
  const { iss } = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { iss: string };
  expect(computeZkLoginAddressFromSeed(BigInt(after.value.proof.addressSeed), iss, false)).toBe(login.address);

  expect(await call(page, 'Sign in with Facebook', 'enoki:getSession', 'getSession')).toEqual({ ok: true, value: null });
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession', { network: 'mainnet' })).toEqual({
    ok: false,
    error: "This wallet's account is on testnet: it has no session for mainnet.",
  });
  // Signed out, there is no session to give.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession')).toEqual({ ok: true, value: null });
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
  test.skip(test.info().project.name === 'popup-mode', 'redirect mode only (popup mode: sign-in.popup.spec.ts)');
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

test('signPersonalMessage and signTransaction, each approved by the visitor: zkLogin signatures whose inner signature verifies and whose address is the account', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  await connect(page, 'Sign in with Google', true);
  // No proof yet: the wallet creates it first.
  const { bytes, signature } = await signMessageThrough(page, 'Sign in with Google', 'hello from a dApp');
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
  const signedTx = await approved(
    call<{ bytes: string; signature: string }>(page, 'Sign in with Google', 'sui:signTransaction', 'signTransaction', {
      account: 'connected',
      chain: 'sui:testnet',
      transaction: await transfer(1000n, login.address),
    }),
    page,
  );
  expect(signedTx.ok, JSON.stringify(signedTx)).toBe(true);
  const txOut = (signedTx as { value: { bytes: string; signature: string } }).value;
  expect(await checkZkLoginSignature(txOut.signature, fromBase64(txOut.bytes), 'TransactionData')).toBe(login.address);
});

test('signAndExecuteTransaction, approved, against the mock node: a digest and effects, and the balance moves', async ({
  page,
}) => {
  const { login } = await signIn(page, 'facebook', 'Carol');
  await walletsOf(page);
  const panel = page.getByRole('region', { name: /Your address on Sui/ });
  // The balance shown, in MIST; undefined while none is (a poll's matcher then fails, and it reads again).
  const mist = async () => {
    const shown = await panel.getByTestId('balance').getAttribute('data-balance-mist');
    return shown === null ? undefined : BigInt(shown);
  };
  await expect(panel.getByTestId('balance')).toHaveAttribute('data-balance-mist', /^\d+$/);
  const start = (await mist())!;
  await panel.getByRole('button', { name: 'Get test SUI' }).click();
  // The faucet's coin shown before the balance is taken: the button is enabled again as
  // soon as the faucet answers, while the balance's own read may still be on its way.
  await expect.poll(mist).toBeGreaterThanOrEqual(start + 1_000_000_000n);
  const before = (await mist())!;
  const executed = await approved(
    call<{ digest: string; effects: string; signature: string; bytes: string }>(
      page,
      'Sign in with Facebook',
      'sui:signAndExecuteTransaction',
      'signAndExecuteTransaction',
      { account: login.address, chain: 'sui:testnet', transaction: await transfer(250_000_000n, `0x${'b0'.repeat(32)}`) },
    ),
    page,
  );
  expect(executed.ok, JSON.stringify(executed)).toBe(true);
  const out = (executed as { value: { digest: string; effects: string; signature: string; bytes: string } }).value;
  expect(out.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(fromBase64(out.effects).length).toBeGreaterThan(0);
  expect(await checkZkLoginSignature(out.signature, fromBase64(out.bytes), 'TransactionData')).toBe(login.address);
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(mist).toBeLessThanOrEqual(before - 250_000_000n);
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

test('a transaction naming another sender, or another sender with this account as gas owner, is refused before anything else', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  // No proof, nor any other call to the login service.
  const requests = countLoginServiceRequests(page);
  const elsewhere = `0x${'5e'.repeat(32)}`;
  const cases: [string, (tx: Transaction) => void][] = [
    ['another sender', (tx) => tx.setSender(elsewhere)],
    ['another sender, this account as gas owner', (tx) => (tx.setSender(elsewhere), tx.setGasOwner(login.address))],
  ];
  for (const [name, prepare] of cases) {
    for (const method of ['signTransaction', 'signAndExecuteTransaction'] as const) {
      const refused = await call(page, 'Sign in with Google', `sui:${method}`, method, {
        account: 'connected',
        chain: 'sui:testnet',
        transaction: await transfer(1000n, login.address, prepare),
      });
      expect(refused, `${name}, ${method}`).toEqual({
        ok: false,
        error:
          "The transaction names another address as its sender or gas owner: this wallet signs only for its own account's transactions.",
      });
    }
  }
  // An older JSON form hides its gas owner elsewhere: a wallet that reads only today's form
  // refuses it whole rather than miss one.
  const v1 = JSON.stringify({
    version: 1,
    sender: login.address,
    gasConfig: { owner: elsewhere, payment: [], budget: '10000000', price: '1000' },
    inputs: [],
    transactions: [],
  });
  const older = await call(page, 'Sign in with Google', 'sui:signTransaction', 'signTransaction', {
    account: 'connected',
    chain: 'sui:testnet',
    transaction: v1,
  });
  expect(older).toMatchObject({ ok: false, error: expect.stringContaining('names another address') });
  // Nothing else happened: no proof (nor anything else) was asked for, and the account is as it was.
  expect(requests).toEqual([]);
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
