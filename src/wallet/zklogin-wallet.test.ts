/**
 * The wallet over a running signInMachine with stub actors: what a dApp sees of the
 * account, and how a call ends when the session ends under it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { WALLET_REFUSALS } from './wallet-refusals.ts';
import type { WalletRequest, WalletSignOutput } from '../../machines/sign-in.types.ts';
import { restoresTo, SESSION, type StubActors, stubbedMachine } from '../../machines/test-stubs.ts';
import { WALLETS_REMOVED, ZkLoginWallet } from './zklogin-wallet.ts';

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
    expect(account!.address).toBe(SESSION.address);
    expect(Buffer.from(account!.publicKey).toString('base64')).toBe(SESSION.publicKey);
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
      walletRequest: fromPromise<WalletSignOutput, WalletRequest>(() => new Promise(() => {})),
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
      walletRequest: fromPromise<WalletSignOutput, WalletRequest>(async () => (signings++, { bytes: '', signature: '' })),
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
      walletRequest: fromPromise<WalletSignOutput, WalletRequest>(
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
      walletRequest: fromPromise<WalletSignOutput, WalletRequest>(() => new Promise(() => {})),
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
});
