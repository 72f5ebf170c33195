/**
 * The wallet over a running signInMachine with stub actors: what a dApp sees of the
 * account, and how a call ends when the session ends under it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { WALLET_REFUSALS } from './wallet-refusals.ts';
import type { ApprovedWalletRequest, RestoreOutput, WalletOutput, WalletRequest } from '../core/sign-in.types.ts';
import { getSession, getWalletMetadata, isEnokiWallet, isGoogleWallet } from '@mysten/enoki';
import { Secret } from '../core/secret.ts';
import {
  IDENTITY,
  restoresTo,
  session,
  type StubActors,
  stubbedMachine,
  walletRequestGiving,
  walletSession,
} from '../../test/machine-stubs.ts';
import { CONNECT_NEEDS_A_GESTURE, SESSION_NEEDS_CONNECT, WALLETS_REMOVED } from './wallet-refusals.ts';
import { MACHINE_STOPPED, ZkLoginWallet } from './zklogin-wallet.ts';

/** The visitor connects `wallet` to the page (Node has no user activation to read: taken as the visitor's). */
const connectedByVisitor = async (wallet: ZkLoginWallet) => {
  const { accounts } = await wallet.features['standard:connect'].connect();
  expect(accounts).toHaveLength(1);
  return wallet;
};

async function walletOver(overrides: Partial<StubActors> = {}) {
  const actor = createActor(
    stubbedMachine({
      restoreSession: restoresTo('ready'),
      ...overrides,
    }),
    { input: { chain: 'sui:testnet' } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ account: { session: 'ready' } }));
  return { actor, wallet: new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' }) };
}

describe('ZkLoginWallet', () => {
  it('shows the same account object while the account is the same, with the public identifier as its key', async () => {
    const { actor, wallet } = await walletOver();
    const [account] = wallet.accounts;
    expect(account!.address).toBe(IDENTITY.address);
    expect(Buffer.from(account!.publicKey).toString('base64')).toBe(IDENTITY.publicKey);
    expect(account!.features).toEqual(['sui:signPersonalMessage', 'sui:signTransaction', 'sui:signAndExecuteTransaction']);
    actor.send({ type: 'user.refreshBalance' });
    expect(wallet.accounts[0]).toBe(account);
    expect(new ZkLoginWallet({ actor, provider: 'twitch', chain: 'sui:testnet' }).accounts).toEqual([]);
  });

  it('change fires once per change of the account, not on other transitions', async () => {
    const { actor, wallet } = await walletOver();
    const changes: number[] = [];
    const off = wallet.features['standard:events'].on('change', ({ accounts }) => void changes.push(accounts?.length ?? -1));
    actor.send({ type: 'user.refreshBalance' });
    actor.send({ type: 'user.signOut' });
    await waitFor(actor, (snapshot) => snapshot.matches({ 'logged-out': 'done' }));
    expect(changes).toEqual([0]);
    off();
  });

  it("a refusal the machine names reaches the dApp in the wallet's words", async () => {
    const { actor, wallet } = await walletOver({
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {})),
    });
    const sign = () =>
      wallet.features['sui:signPersonalMessage'].signPersonalMessage({
        message: new TextEncoder().encode('hi'),
        account: wallet.accounts[0]!,
      });
    void sign();
    await waitFor(actor, (snapshot) =>
      snapshot.matches({ account: { session: 'ready', wallet: { asking: 'awaiting-approval' } } }),
    );
    await expect(sign()).rejects.toThrow(WALLET_REFUSALS.busy);
  });

  it("the visitor's rejection reaches the dApp as a rejection, and nothing was signed", async () => {
    let signings = 0;
    const { actor, wallet } = await walletOver({
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async () => (signings++, { bytes: '', signature: '' })),
    });
    const signing = wallet.features['sui:signPersonalMessage'].signPersonalMessage({
      message: new TextEncoder().encode('hi'),
      account: wallet.accounts[0]!,
    });
    const asked = await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    actor.send({ type: 'user.reject', requestId: asked.context.walletRequest!.requestId });
    await expect(signing).rejects.toThrow('The visitor rejected the request.');
    expect(signings).toBe(0);
  });

  it('the page that registers the wallets may sign messages without asking; a caller cannot ask for it', async () => {
    const seen: WalletRequest[] = [];
    const { actor } = await walletOver({
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(
        async ({ input }) => (seen.push(input), { bytes: '', signature: 's' }),
      ),
    });
    const trusting = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet', confirmPersonalMessages: false });
    const signed = await trusting.features['sui:signPersonalMessage'].signPersonalMessage({
      message: new TextEncoder().encode('hi'),
      account: trusting.accounts[0]!,
    });
    expect(signed.signature).toBe('s');
    // The default wallet asks, whatever the caller puts in its input.
    const asking = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' });
    void asking.features['sui:signPersonalMessage'].signPersonalMessage({
      message: new TextEncoder().encode('hi'),
      account: asking.accounts[0]!,
      approvedByPage: true,
    } as never);
    await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    expect(seen).toHaveLength(1);
  });

  it('removed (the page unregistered the wallets), it refuses to sign at once and asks the machine nothing', async () => {
    const { actor, wallet } = await walletOver();
    wallet.remove();
    await expect(
      wallet.features['sui:signPersonalMessage'].signPersonalMessage({
        message: new TextEncoder().encode('hi'),
        account: wallet.accounts[0]!,
      }),
    ).rejects.toThrow(WALLETS_REMOVED);
    expect(actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);
  });

  it('a request under way when the session ends is refused, never left hanging', async () => {
    const { actor, wallet } = await walletOver({
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {})),
    });
    const signing = wallet.features['sui:signPersonalMessage'].signPersonalMessage({
      message: new TextEncoder().encode('hi'),
      account: wallet.accounts[0]!,
    });
    const asked = await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
    actor.send({ type: 'user.approve', requestId: asked.context.walletRequest!.requestId });
    await waitFor(actor, (snapshot) => snapshot.matches({ account: { session: 'ready', wallet: 'working' } }));
    actor.send({ type: 'tab.signedOut' });
    await expect(signing).rejects.toThrow(WALLET_REFUSALS.signedOut);
  });

  it('a transaction being executed when the session ends: the dApp hears it may be on chain, not that nothing was done', async () => {
    const { actor, wallet } = await walletOver({
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {})),
    });
    const executing = wallet.features['sui:signAndExecuteTransaction'].signAndExecuteTransaction({
      transaction: { toJSON: async () => JSON.stringify({ version: 2, sender: null, gasData: {} }) },
      account: wallet.accounts[0]!,
      chain: 'sui:testnet',
    });
    const asked = await waitFor(actor, (snapshot) => snapshot.matches({ account: { wallet: { asking: 'awaiting-approval' } } }));
    actor.send({ type: 'user.approve', requestId: asked.context.walletRequest!.requestId });
    await waitFor(actor, (snapshot) => snapshot.matches({ account: { wallet: 'working' } }));
    actor.send({ type: 'tab.signedOut' });
    await expect(executing).rejects.toThrow(WALLET_REFUSALS.mayHaveExecuted);
  });

  it('a request to a machine that stopped before it settled is refused, never left hanging', async () => {
    const actor = createActor(
      stubbedMachine({
        restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(() => new Promise(() => {})),
      }),
      { input: { chain: 'sui:testnet' } },
    ).start();
    const wallet = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' });
    const connecting = wallet.features['standard:connect'].connect({ silent: true });
    actor.stop();
    await expect(connecting).rejects.toThrow(MACHINE_STOPPED);
  });

  describe("Enoki's features", () => {
    it('enoki:getMetadata 1.0.0 names the provider, at once', async () => {
      const { wallet } = await walletOver();
      const feature = wallet.features['enoki:getMetadata'];
      expect(feature.version).toBe('1.0.0');
      expect(feature.getMetadata()).toEqual({ provider: 'google' });
    });

    it("enoki:getSession 1.0.0 gives the account's session (the token as stored, no dialog, no proof made), null without one", async () => {
      const seen: ApprovedWalletRequest[] = [];
      let proofs = 0;
      const stored = walletSession();
      const signedIn = createActor(
        stubbedMachine({
          restoreSession: restoresTo('signed-in'),
          createProof: fromPromise<void, void>(async () => void proofs++),
          walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async ({ input }) => {
            seen.push(input);
            return { session: new Secret(stored) };
          }),
        }),
        { input: { chain: 'sui:testnet' } },
      ).start();
      await waitFor(signedIn, (snapshot) => snapshot.hasTag('has-account'));
      const google = new ZkLoginWallet({ actor: signedIn, provider: 'google', chain: 'sui:testnet' });
      const feature = google.features['enoki:getSession'];
      expect(feature.version).toBe('1.0.0');
      await connectedByVisitor(google);
      expect(await feature.getSession()).toEqual(stored);
      expect(await feature.getSession({ network: 'testnet' })).toEqual(stored);
      expect(seen.map(({ kind, address, chain }) => ({ kind, address, chain }))).toEqual([
        { kind: 'getSession', address: IDENTITY.address, chain: 'sui:testnet' },
        { kind: 'getSession', address: IDENTITY.address, chain: 'sui:testnet' },
      ]);
      expect(proofs).toBe(0);
      expect(signedIn.getSnapshot().matches({ account: { session: 'signed-in', wallet: 'waiting' } })).toBe(true);
      // Another provider's wallet has no account in this tab: null, and the machine is not asked.
      expect(
        await new ZkLoginWallet({ actor: signedIn, provider: 'twitch', chain: 'sui:testnet' }).features[
          'enoki:getSession'
        ].getSession(),
      ).toBeNull();
      expect(seen).toHaveLength(2);
      signedIn.send({ type: 'user.signOut' });
      await waitFor(signedIn, (snapshot) => snapshot.matches({ 'logged-out': 'done' }));
      expect(await feature.getSession()).toBeNull();
    });

    it('enoki:getSession refuses another network, waits for a request under way, and is refused once the page removed the wallet', async () => {
      const stored = walletSession();
      const { actor, wallet } = await walletOver({ walletRequest: walletRequestGiving(stored) });
      await connectedByVisitor(wallet);
      const getSession = wallet.features['enoki:getSession'].getSession;
      await expect(getSession({ network: 'mainnet' })).rejects.toThrow(
        "This wallet's account is on testnet: it has no session for mainnet.",
      );
      const signing = wallet.features['sui:signPersonalMessage'].signPersonalMessage({
        message: new TextEncoder().encode('hi'),
        account: wallet.accounts[0]!,
      });
      await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval'));
      let read: unknown = 'pending';
      let reading!: Promise<void>;
      // The visitor takes an hour: every timer set meanwhile runs, and what each starts settles.
      vi.useFakeTimers();
      try {
        reading = getSession().then((session) => void (read = session));
        await vi.advanceTimersByTimeAsync(60 * 60_000);
      } finally {
        vi.useRealTimers();
      }
      expect(read).toBe('pending');
      // The visitor answers the dialog: the read goes on, and gives the session.
      actor.send({ type: 'user.reject', requestId: actor.getSnapshot().context.walletRequest!.requestId });
      await expect(signing).rejects.toThrow(WALLET_REFUSALS.rejected);
      await reading;
      expect(read).toEqual(stored);
      wallet.remove();
      await expect(getSession()).rejects.toThrow(WALLETS_REMOVED);
    });

    it("@mysten/enoki's own helpers read our wallets: isEnokiWallet, isGoogleWallet, getWalletMetadata and getSession", async () => {
      const stored = walletSession();
      const { actor } = await walletOver({ walletRequest: walletRequestGiving(stored) });
      const google = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' });
      const twitch = new ZkLoginWallet({ actor, provider: 'twitch', chain: 'sui:testnet' });
      expect(isEnokiWallet(google)).toBe(true);
      expect(isGoogleWallet(google)).toBe(true);
      expect(isGoogleWallet(twitch)).toBe(false);
      expect(getWalletMetadata(twitch)).toEqual({ provider: 'twitch' });
      await connectedByVisitor(google);
      expect(await getSession(google)).toEqual(stored);
      expect(await getSession(google, { network: 'testnet' })).toEqual(stored);
      expect(await getSession(twitch)).toBeNull();
    });
  });

  describe('the limits of a wallet embedded in the page', () => {
    afterEach(() => vi.unstubAllGlobals());
    const acting = (isActive: boolean) => vi.stubGlobal('navigator', { ...globalThis.navigator, userActivation: { isActive } });

    it("an interactive connect needs the visitor's own action; a silent one does not", async () => {
      const { wallet } = await walletOver();
      const { connect } = wallet.features['standard:connect'];
      acting(false);
      await expect(connect()).rejects.toThrow(CONNECT_NEEDS_A_GESTURE);
      await expect(connect({ silent: false })).rejects.toThrow(CONNECT_NEEDS_A_GESTURE);
      expect((await connect({ silent: true })).accounts.map(({ address }) => address)).toEqual([IDENTITY.address]);
      acting(true);
      expect((await connect()).accounts.map(({ address }) => address)).toEqual([IDENTITY.address]);
    });

    it('enoki:getSession answers only once the visitor connected the account here; a silent connect is not enough', async () => {
      const stored = walletSession();
      const { actor, wallet } = await walletOver({ walletRequest: walletRequestGiving(stored) });
      const { getSession } = wallet.features['enoki:getSession'];
      await expect(getSession()).rejects.toThrow(SESSION_NEEDS_CONNECT);
      await wallet.features['standard:connect'].connect({ silent: true });
      await expect(getSession()).rejects.toThrow(SESSION_NEEDS_CONNECT);
      // Refused before the machine is asked anything: no request went to it.
      expect(actor.getSnapshot().context.walletRequest).toBeFalsy();
      acting(true);
      await wallet.features['standard:connect'].connect();
      expect(await getSession()).toEqual(stored);
      // Disconnect signs out: no session to give, and none to refuse.
      await wallet.features['standard:disconnect'].disconnect();
      expect(await getSession()).toBeNull();
    });

    it("back from the provider, the silent connect that finishes the visitor's own connect counts as the visitor's", async () => {
      const stored = walletSession();
      const { actor } = await walletOver({ walletRequest: walletRequestGiving(stored) });
      const returned = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet', returningFromVisitorConnect: true });
      await returned.features['standard:connect'].connect({ silent: true });
      expect(await returned.features['enoki:getSession'].getSession()).toEqual(stored);
      // Only that one connect: another wallet object on the same page is not the visitor's.
      const other = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' });
      await other.features['standard:connect'].connect({ silent: true });
      await expect(other.features['enoki:getSession'].getSession()).rejects.toThrow(SESSION_NEEDS_CONNECT);
    });

    it('enoki:getSession asked while the session is still being restored is refused once it is there', async () => {
      let restored!: () => void;
      const actor = createActor(
        stubbedMachine({
          restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(
            () => new Promise((resolve) => (restored = () => resolve({ status: 'ready', ...session() }))),
          ),
          walletRequest: walletRequestGiving(walletSession()),
        }),
        { input: { chain: 'sui:testnet' } },
      ).start();
      const wallet = new ZkLoginWallet({ actor, provider: 'google', chain: 'sui:testnet' });
      const reading = wallet.features['enoki:getSession'].getSession();
      restored();
      await expect(reading).rejects.toThrow(SESSION_NEEDS_CONNECT);
      expect(actor.getSnapshot().context.walletRequest).toBeFalsy();
    });
  });
});
