/**
 * signInMachine beside an account: the Sui node's balance, the faucet, transfers and the
 * node's verdict on a signature. Pure transitions first, then a running actor with stubs.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, transition, waitFor } from 'xstate';
import { signInMachine } from './sign-in.machine.ts';
import type { BalanceOutput, SignInContext, SignInEvent, Verification } from './sign-in.types.ts';
import {
  failing,
  IDENTITY,
  PROVING,
  READY,
  restoresTo,
  session,
  SIGNED_IN,
  snapshotAt,
  stubbedMachine,
} from '../../test/machine-stubs.ts';
import type { TransferReceipt, TransferRequest } from './transfer.ts';

const BOB = `0x${'b0'.repeat(32)}`;

/** The machine at `value` beside an account with two SUI, whose session ends a day after the clock when called. */
const at = (value: Parameters<typeof snapshotAt>[0], context: Partial<SignInContext> = {}) => {
  const { provider, address, expiresAt } = session();
  return snapshotAt(value, { provider, address, expiresAt, balance: '2000000000', ...context });
};
const next = (snapshot: ReturnType<typeof at>, event: SignInEvent) => getNextSnapshot(signInMachine, snapshot, event);
const unreachable = new TypeError('Failed to fetch');

describe('signInMachine and the Sui node: pure transitions', () => {
  it('reads the balance on arrival in the account, from the login or a restore at either step; not busy meanwhile', () => {
    const restored = (status: 'signed-in' | 'ready') =>
      next(at('restoring'), { type: 'xstate.done.actor.restoreSession', output: { status, ...session() } } as never);
    for (const snapshot of [
      next(at('fetching-login'), { type: 'xstate.done.actor.fetchLogin', output: session() } as never),
      restored('signed-in'),
      restored('ready'),
    ]) {
      expect(snapshot.matches({ account: { chain: 'loading-balance' } })).toBe(true);
      expect(snapshot.hasTag('loading-balance')).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.hasTag('has-account')).toBe(true);
    }
    expect(restored('ready').matches({ account: { session: 'ready' } })).toBe(true);
  });

  it('Refresh and Get test SUI from the resting panel, at every step of the session', () => {
    expect(next(at(SIGNED_IN), { type: 'user.refreshBalance' }).value).toEqual({
      account: { session: 'signed-in', chain: 'loading-balance', wallet: 'waiting', renewal: 'later' },
    });
    expect(next(at(SIGNED_IN), { type: 'user.requestTestSui' }).value).toEqual({
      account: { session: 'signed-in', chain: 'funding', wallet: 'waiting', renewal: 'later' },
    });
    expect(next(at(PROVING), { type: 'user.requestTestSui' }).value).toEqual({
      account: { session: 'proving', chain: 'funding', wallet: 'waiting', renewal: 'later' },
    });
    expect(next(at(READY), { type: 'user.requestTestSui' }).value).toEqual({
      account: { session: { ready: 'waiting' }, chain: 'funding', wallet: 'waiting', renewal: 'later' },
    });
    // One node request at a time: nothing new while the balance is loading.
    expect(
      at({ account: { session: 'signed-in', chain: 'loading-balance', wallet: 'waiting', renewal: 'later' } }).can({
        type: 'user.requestTestSui',
      }),
    ).toBe(false);
  });

  it("the chain's work goes on through Create proof: a faucet call or a read under way is not restarted", () => {
    const funding = next(at(SIGNED_IN), { type: 'user.requestTestSui' });
    const proving = next(funding, { type: 'user.createProof' });
    expect(proving.value).toEqual({ account: { session: 'proving', chain: 'funding', wallet: 'waiting', renewal: 'later' } });
    const ready = next(proving, { type: 'xstate.done.actor.createProof' } as never);
    expect(ready.value).toEqual({
      account: { session: { ready: 'waiting' }, chain: 'funding', wallet: 'waiting', renewal: 'later' },
    });
    // The faucet's answer still lands, and the balance is read once, after it.
    expect(next(ready, { type: 'xstate.done.actor.requestTestSui' } as never).value).toEqual({
      account: { session: { ready: 'waiting' }, chain: 'loading-balance', wallet: 'waiting', renewal: 'later' },
    });
    // A proof that fails leaves the faucet's call where it was, too.
    const failed = next(proving, { type: 'xstate.error.actor.createProof', error: unreachable } as never);
    expect(failed.value).toEqual({ account: { session: 'signed-in', chain: 'funding', wallet: 'waiting', renewal: 'later' } });
  });

  it('a send is taken only when valid: a canonical Sui address, a positive amount of MIST within the known balance', () => {
    const send = (recipient: string, amount: string) => ({ type: 'user.send', recipient, amount }) as const;
    const ready = at(READY);
    expect(ready.can(send(BOB, '500000000'))).toBe(true);
    expect(ready.can(send(BOB, '2000000000'))).toBe(true);
    for (const [recipient, amount] of [
      [BOB, '2000000001'],
      [BOB, '0'],
      [BOB, '-1'],
      [BOB, 'abc'],
      [BOB, '0.5'],
      [BOB, '0500000000'],
      [BOB, '1e9'],
      [BOB.toUpperCase().replace('0X', '0x'), '1'],
      [` ${BOB}`, '1'],
      ['0x1234', '500000000'],
      ['', '500000000'],
    ] as const) {
      expect(ready.can(send(recipient, amount)), `${recipient} ${amount}`).toBe(false);
    }
    // Without a known balance nothing is sent (the node may be unreachable).
    expect(at(READY, { balance: null }).can(send(BOB, '500000000'))).toBe(false);
    const sending = next(ready, send(BOB, '500000000'));
    expect(sending.value).toEqual({
      account: { session: { ready: 'waiting' }, chain: 'sending', wallet: 'waiting', renewal: 'later' },
    });
    expect(sending.context.pendingTransfer).toEqual({ recipient: BOB, amount: '500000000' });
  });

  it("a new send puts the last transfer's receipt and the faucet's away (beside its progress or failure they would read as its answer)", () => {
    const receipt = { recipient: BOB, amount: '1', digest: 'HmQ9dUo7w3VxD5F1v2q8r1yZ8Wq3h9s1tYcBwGm8sT2K' };
    const before = { lastTransfer: receipt, funded: '1000000000' };
    const sending = next(at(READY, before), { type: 'user.send', recipient: BOB, amount: '500000000' });
    expect(sending.context.lastTransfer).toBeNull();
    expect(sending.context.funded).toBeNull();
    // A send the machine refuses changes nothing.
    const refused = next(at(READY, before), { type: 'user.send', recipient: BOB, amount: '0' });
    expect(refused.context).toMatchObject(before);
  });

  it('a send without a proof asks for it and waits in its own region, then sends', () => {
    const waiting = next(at(SIGNED_IN), { type: 'user.send', recipient: BOB, amount: '1000000000' });
    expect(waiting.value).toEqual({
      account: { session: 'proving', chain: 'waiting-for-proof', wallet: 'waiting', renewal: 'later' },
    });
    expect(waiting.context.pendingTransfer).toEqual({ recipient: BOB, amount: '1000000000' });
    const ready = next(waiting, { type: 'xstate.done.actor.createProof' } as never);
    expect(ready.value).toEqual({
      account: { session: { ready: 'waiting' }, chain: 'sending', wallet: 'waiting', renewal: 'later' },
    });
    // A send while the proof is being made waits for the same proof; no second one is asked.
    const during = next(at(PROVING), { type: 'user.send', recipient: BOB, amount: '1000000000' });
    expect(during.value).toEqual({
      account: { session: 'proving', chain: 'waiting-for-proof', wallet: 'waiting', renewal: 'later' },
    });
    // A proof created without a send waiting lands in ready; the chain's region stays as it was.
    expect(next(at(PROVING), { type: 'xstate.done.actor.createProof' } as never).value).toEqual(READY);
    // A failed proof drops the waiting send: the visitor sees why beside Send (its failure
    // is the send's), and asks again.
    const failed = next(waiting, { type: 'xstate.error.actor.createProof', error: unreachable } as never);
    expect(failed.value).toEqual(SIGNED_IN);
    expect(failed.context).toMatchObject({ pendingTransfer: null, failure: { step: 'proving-for-send', retryable: true } });
    // A proof of its own (Create proof) that fails stays the card's.
    const own = next(at(PROVING), { type: 'xstate.error.actor.createProof', error: unreachable } as never);
    expect(own.context.failure?.step).toBe('proving');
  });

  it("a site's transaction carried out through the wallet (or failed after reaching the node) has the balance read again; a signature alone does not", () => {
    const working = { account: { session: { ready: 'waiting' }, chain: 'idle', wallet: 'working', renewal: 'later' } } as const;
    const request = (kind: 'signAndExecuteTransaction' | 'signTransaction') => ({
      kind,
      requestId: 't',
      address: IDENTITY.address,
      chain: 'sui:testnet',
      transaction: '{}',
      sender: null,
      gasOwner: null,
    });
    const executed = {
      type: 'xstate.done.actor.walletRequest',
      output: { bytes: 'Yg==', signature: 'cw==', digest: 'D', effects: 'ZQ==' },
    };
    const lost = { type: 'xstate.error.actor.walletRequest', error: new Error('The Sui node could not be reached.') };
    for (const outcome of [executed, lost]) {
      const after = next(at(working, { walletRequest: request('signAndExecuteTransaction') as never }), outcome as never);
      expect(after.value).toMatchObject({ account: { chain: 'loading-balance', wallet: 'waiting' } });
    }
    // A read under way is started again, after the transaction: it would show the balance from before it.
    const reading = {
      account: { session: { ready: 'waiting' }, chain: 'loading-balance', wallet: 'working', renewal: 'later' },
    } as const;
    const [reread, actions] = transition(
      signInMachine,
      at(reading, { walletRequest: request('signAndExecuteTransaction') as never }),
      executed as never,
    );
    expect(reread.value).toMatchObject({ account: { chain: 'loading-balance', wallet: 'waiting' } });
    expect(
      actions.filter(
        (action) => action.type === 'xstate.spawnChild' && (action as { params?: { id?: string } }).params?.id === 'loadBalance',
      ),
    ).toHaveLength(1);
    const signedOnly = next(at(working, { walletRequest: request('signTransaction') as never }), executed as never);
    expect(signedOnly.value).toMatchObject({ account: { chain: 'idle', wallet: 'waiting' } });
  });

  it('signing asks the node to verify; "Verify again" only when there is a signature', () => {
    const signed = next(next(at(READY), { type: 'user.signMessage', message: 'hi' }), {
      type: 'xstate.done.actor.signMessage',
      output: { signature: 'sig', message: 'hi' },
    } as never);
    expect(signed.value).toEqual({
      account: { session: { ready: 'verifying' }, chain: 'idle', wallet: 'waiting', renewal: 'later' },
    });
    expect(signed.hasTag('verifying-signature') && !signed.hasTag('busy')).toBe(true);
    expect(signed.context).toMatchObject({ signature: 'sig', signedMessage: 'hi', verification: null });
    expect(at(READY).can({ type: 'user.verifySignature' })).toBe(false);
    expect(at(READY, { signature: 'sig', signedMessage: 'hi' }).can({ type: 'user.verifySignature' })).toBe(true);
  });

  it('signing out forgets everything the node said', () => {
    const context = { lastTransfer: { recipient: BOB, amount: '1', digest: 'D' }, verification: { status: 'verified' } } as const;
    const out = next(at(READY, context), { type: 'user.signOut' });
    expect(out.context).toMatchObject({
      balance: null,
      balanceFailure: null,
      lastTransfer: null,
      verification: null,
      pendingTransfer: null,
    });
  });

  it('a send cut off before its answer is kept as under way, whatever cut it; otherwise, and after its answer, nothing', () => {
    const sending = { account: { ...READY.account, chain: 'sending' } } as const;
    const pendingTransfer = { recipient: BOB, amount: '100000000' };
    const out = next(at(sending, { pendingTransfer }), { type: 'user.signOut' });
    expect(out.matches('logged-out')).toBe(true);
    expect(out.context).toMatchObject({ transferUnderWay: '0.1', pendingTransfer: null, notice: null });
    // A dApp's disconnect of this account is the visitor's sign-out too.
    const disconnect = { type: 'wallet.disconnect', requestId: 'r1', provider: 'google' } as SignInEvent;
    expect(next(at(sending, { pendingTransfer, provider: 'google' }), disconnect).context.transferUnderWay).toBe('0.1');
    // Another tab's sign-out says its own words, and the transfer's beside them.
    expect(next(at(sending, { pendingTransfer }), { type: 'tab.signedOut' }).context).toMatchObject({
      notice: 'You signed out in another tab.',
      transferUnderWay: '0.1',
    });
    // Not sent yet (waiting for its proof): signing out stops it before anything is signed.
    const waiting = { account: { session: 'proving', chain: 'waiting-for-proof', wallet: 'waiting', renewal: 'later' } } as const;
    expect(next(at(waiting, { pendingTransfer }), { type: 'user.signOut' }).context).toMatchObject({
      transferUnderWay: null,
      pendingTransfer: null,
    });
    // Its own answer ends the send: nothing is under way.
    const done = next(at(sending, { pendingTransfer }), {
      type: 'xstate.done.actor.sendSui',
      output: { recipient: BOB, amount: '100000000', digest: 'D' },
    } as never);
    const failed = next(at(sending, { pendingTransfer }), { type: 'xstate.error.actor.sendSui', error: unreachable } as never);
    for (const answered of [done, failed]) expect(answered.context).toMatchObject({ transferUnderWay: null, notice: null });
  });

  it('no send starts while "Stay signed in" takes the page to the provider: it would unload with the transfer on its way', () => {
    const send = { type: 'user.send', recipient: BOB, amount: '1000' } as const;
    for (const step of ['starting', 'leaving'] as const) {
      const renewing = at({ account: { ...READY.account, renewal: { due: step } } });
      expect(renewing.can(send)).toBe(false);
      expect(next(renewing, send).context.pendingTransfer).toBeNull();
    }
    expect(at({ account: { ...READY.account, renewal: { due: 'offered' } } }).can(send)).toBe(true);
  });

  it("\"Stay signed in\" waits for a send's or a site's request's answer", () => {
    const offered = { account: { ...READY.account, renewal: { due: 'offered' } } } as const;
    expect(at(offered).can({ type: 'user.renew' })).toBe(true);
    expect(at(offered, { pendingTransfer: { recipient: BOB, amount: '1' } }).can({ type: 'user.renew' })).toBe(false);
    const request = { requestId: 'r', kind: 'signPersonalMessage', address: BOB, chain: 'sui:testnet', message: 'aGk=' } as const;
    const carryingOut = { account: { ...READY.account, wallet: 'working', renewal: { due: 'offered' } } } as const;
    expect(at(carryingOut, { walletRequest: request }).can({ type: 'user.renew' })).toBe(false);
  });

  it('what was under way goes with the next sign-in or the next send; a renewal of the same account keeps it', () => {
    const signedOut = snapshotAt({ 'logged-out': 'done' }, { transferUnderWay: '0.1' });
    expect(next(signedOut, { type: 'user.signIn', provider: 'google' }).context.transferUnderWay).toBeNull();
    // A sign-in whose callback came without a click here (a window's answer, a link) too.
    const login = { type: 'xstate.done.actor.fetchLogin', output: session() } as never;
    expect(next(at('fetching-login', { transferUnderWay: '0.1' }), login).context.transferUnderWay).toBeNull();
    expect(next(at('fetching-login', { transferUnderWay: '0.1', renewing: true }), login).context.transferUnderWay).toBe('0.1');
    const back = at(READY, { transferUnderWay: '0.1' });
    expect(next(back, { type: 'user.send', recipient: BOB, amount: '1000' }).context.transferUnderWay).toBeNull();
  });
});

describe('signInMachine and the Sui node: running with stubbed actors', () => {
  it('an unreachable node is a message beside the balance, and never blocks the proof or signing', async () => {
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('signed-in'), loadBalance: failing(unreachable) }), {
      input: {},
    }).start();
    const signedIn = await waitFor(actor, (s) => s.matches(SIGNED_IN));
    expect(signedIn.context).toMatchObject({ balance: null, balanceFailure: 'Failed to fetch', failure: null });
    actor.send({ type: 'user.createProof' });
    await waitFor(actor, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
    actor.send({ type: 'user.signMessage', message: 'hello' });
    const signed = await waitFor(
      actor,
      (s) => s.matches({ account: { session: { ready: 'waiting' } } }) && s.context.verification !== null,
    );
    expect(signed.context).toMatchObject({ signature: 'sig(hello)', verification: { status: 'verified' } });
  });

  it('get test SUI, then the balance is read again; a faucet refusal is kept as its failure', async () => {
    let balance = 0n;
    const loadBalance = fromPromise<BalanceOutput, { address: string }>(async () => ({ balance: String(balance) }));
    const requestTestSui = fromPromise<string, { address: string }>(async () => {
      balance += 1_000_000_000n;
      return '1000000000';
    });
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('ready'), loadBalance, requestTestSui }), {
      input: {},
    }).start();
    await waitFor(actor, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
    expect(actor.getSnapshot().context.balance).toBe('0');
    actor.send({ type: 'user.requestTestSui' });
    const funded = await waitFor(
      actor,
      (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }) && s.context.balance !== '0',
    );
    expect(funded.context.balance).toBe('1000000000');
    // What the faucet said it sent is kept for the panel, until the next request.
    expect(funded.context.funded).toBe('1000000000');
    actor.send({ type: 'user.requestTestSui' });
    expect(actor.getSnapshot().context.funded).toBeNull();

    const refused = createActor(
      stubbedMachine({
        restoreSession: restoresTo('ready'),
        requestTestSui: failing(new Error('The faucet has had too many requests from you.')),
      }),
      { input: {} },
    ).start();
    await waitFor(refused, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
    refused.send({ type: 'user.requestTestSui' });
    const failed = await waitFor(
      refused,
      (s) => s.context.failure !== null && s.matches({ account: { session: 'ready', chain: 'idle' } }),
    );
    expect(failed.context.failure).toMatchObject({ step: 'funding', message: 'The faucet has had too many requests from you.' });
    expect(failed.context.address).toBe(IDENTITY.address);
  });

  // Written with tags and context only, so that it runs on any shape of the machine: on the
  // shape before the account's regions, Create proof cancelled the faucet's call and this failed.
  it('a faucet call in flight while Create proof runs finishes, and its balance is shown', async () => {
    let balance = 0n;
    let releaseFaucet = () => {};
    let releaseProof = () => {};
    const loadBalance = vi.fn(async () => ({ balance: String(balance) }));
    const requestTestSui = fromPromise<string, { address: string }>(
      () => new Promise<string>((resolve) => (releaseFaucet = () => ((balance += 1_000_000_000n), resolve('1000000000')))),
    );
    const createProof = fromPromise<void, void>(() => new Promise<void>((resolve) => (releaseProof = resolve)));
    const actor = createActor(
      stubbedMachine({
        restoreSession: restoresTo('signed-in'),
        loadBalance: fromPromise(loadBalance),
        requestTestSui,
        createProof,
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.hasTag('has-account') && s.context.balance === '0' && !s.hasTag('loading-balance'));
    actor.send({ type: 'user.requestTestSui' });
    actor.send({ type: 'user.createProof' });
    expect(actor.getSnapshot().hasTag('funding')).toBe(true);
    releaseProof();
    const ready = await waitFor(actor, (s) => s.hasTag('has-proof'));
    expect(ready.hasTag('funding')).toBe(true);
    releaseFaucet();
    const funded = await waitFor(actor, (s) => s.context.balance === '1000000000' && !s.hasTag('loading-balance'));
    expect(funded.hasTag('has-proof')).toBe(true);
    expect(funded.context.failure).toBeNull();
    // Read on arrival and after the faucet's answer: never again for the proof alone.
    expect(loadBalance).toHaveBeenCalledTimes(2);
  });

  it('a send from signed-in: proof, then the transfer, then the new balance and the digest', async () => {
    const sent: TransferRequest[] = [];
    const sendSui = fromPromise<TransferReceipt, TransferRequest>(async ({ input }) => {
      sent.push(input);
      return { ...input, digest: 'Digest1111' };
    });
    const loadBalance = vi.fn(async () => ({ balance: sent.length ? '1499000000' : '2000000000' }));
    const actor = createActor(
      stubbedMachine({ restoreSession: restoresTo('signed-in'), sendSui, loadBalance: fromPromise(loadBalance) }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches(SIGNED_IN));
    actor.send({ type: 'user.send', recipient: BOB, amount: '500000000' });
    const done = await waitFor(
      actor,
      (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }) && s.context.lastTransfer !== null,
    );
    expect(sent).toEqual([{ recipient: BOB, amount: '500000000' }]);
    expect(done.context).toMatchObject({
      lastTransfer: { recipient: BOB, amount: '500000000', digest: 'Digest1111' },
      pendingTransfer: null,
      balance: '1499000000',
    });
  });

  it('a failed transfer is shown as its own failure, the balance is read again, and the account stays', async () => {
    const loadBalance = vi.fn(async () => ({ balance: '2000000000' }));
    const actor = createActor(
      stubbedMachine({
        restoreSession: restoresTo('ready'),
        loadBalance: fromPromise(loadBalance),
        sendSui: failing(new Error('Not enough SUI: the amount and the gas fee together are more than your balance.')),
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
    actor.send({ type: 'user.send', recipient: BOB, amount: '2000000000' });
    const failed = await waitFor(
      actor,
      (s) => s.context.failure !== null && s.matches({ account: { session: 'ready', chain: 'idle' } }),
    );
    expect(failed.context.failure).toMatchObject({ step: 'sending', message: expect.stringContaining('Not enough SUI') });
    expect(failed.context).toMatchObject({ address: IDENTITY.address, pendingTransfer: null, lastTransfer: null });
    expect(loadBalance).toHaveBeenCalledTimes(2);
  });

  it('the node refuses a signature: its reason is kept; an unreachable node can be asked again', async () => {
    let answer: 'refuse' | 'unreachable' | 'verify' = 'refuse';
    const verifySignature = fromPromise<Verification, { message: string; signature: string; address: string }>(async () => {
      if (answer === 'unreachable') throw unreachable;
      return answer === 'refuse'
        ? ({ status: 'refused', reason: 'not for this author' } as const)
        : ({ status: 'verified' } as const);
    });
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('ready'), verifySignature }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    actor.send({ type: 'user.signMessage', message: 'hi' });
    const refused = await waitFor(actor, (s) => s.context.verification !== null);
    expect(refused.context.verification).toEqual({ status: 'refused', reason: 'not for this author' });
    answer = 'unreachable';
    actor.send({ type: 'user.verifySignature' });
    const unavailable = await waitFor(actor, (s) => s.context.verification?.status === 'unavailable');
    expect(unavailable.context.verification).toEqual({ status: 'unavailable', reason: 'Failed to fetch' });
    answer = 'verify';
    actor.send({ type: 'user.verifySignature' });
    await waitFor(actor, (s) => s.context.verification?.status === 'verified');
  });
});
