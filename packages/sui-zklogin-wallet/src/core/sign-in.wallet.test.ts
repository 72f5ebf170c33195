/**
 * signInMachine and the dApps' wallets: every Wallet Standard call is an event
 * (wallet.connect, wallet.disconnect, wallet.sign), answered by an emitted wallet.answer
 * with the request's id. A running actor with stub actors; the answers are what the
 * wallets (wallet/) hand back to the dApp.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LoginServiceError } from '../login-service/errors.ts';
import type {
  ApprovedWalletRequest,
  SignInEvent,
  StartInput,
  StartOutput,
  TransactionPreview,
  WalletAnswer,
  WalletRequest,
  WalletOutput,
  WalletSession,
} from './sign-in.types.ts';
import { Secret } from './secret.ts';
import type { InputOf } from './operations.ts';
import { WALLET_PAUSE_MS } from './account-wallet.ts';
import {
  failing,
  inAccount,
  PREVIEW,
  IDENTITY,
  restoresTo,
  type StubActors,
  stubbedMachine,
  walletRequestGiving,
  walletSession,
} from '../../test/machine-stubs.ts';

const OTHER = `0x${'ef'.repeat(32)}`;

/** A started actor, settled after its restore, and the answers it emits. */
async function started(restored: 'signed-in' | 'ready' | 'empty', overrides: Partial<StubActors> = {}, record: string[] = []) {
  const actor = createActor(stubbedMachine({ restoreSession: restoresTo(restored), ...overrides }, record), {
    input: { chain: 'sui:testnet' },
  });
  const answers: WalletAnswer[] = [];
  actor.on('wallet.answer', (answer) => void answers.push(answer));
  actor.start();
  await waitFor(actor, (s) => !s.matches('restoring') && !s.hasTag('loading-balance'));
  const ask = async (event: SignInEvent, id: string) => {
    actor.send(event);
    await waitFor(actor, () => answers.some((answer) => answer.requestId === id));
    return answers.find((answer) => answer.requestId === id)!;
  };
  /** A signing request the visitor approves once the dialog asks (after its dry run). */
  const approved = async (event: Extract<SignInEvent, { type: 'wallet.sign' }>) => {
    const id = event.request.requestId;
    actor.send(event);
    await waitFor(actor, (s) => s.matches({ account: { wallet: { asking: 'awaiting-approval' } } }));
    return ask({ type: 'user.approve', requestId: id }, id);
  };
  return { actor, answers, ask, approved };
}

const awaitingApproval = { account: { wallet: { asking: 'awaiting-approval' } } } as const;

const sign = (request: Partial<WalletRequest> & { requestId: string }): Extract<SignInEvent, { type: 'wallet.sign' }> => ({
  type: 'wallet.sign',
  request: {
    kind: 'signPersonalMessage',
    address: IDENTITY.address,
    chain: 'sui:testnet',
    message: 'aGVsbG8=',
    ...request,
  } as WalletRequest,
});

describe('signInMachine and the wallets', () => {
  it("a dApp's enoki:getSession is read at once, before any proof and without a dialog; refused for another account, busy beside a request", async () => {
    let proofs = 0;
    const stored = walletSession();
    const signedIn = await started('signed-in', {
      createProof: fromPromise<void, void>(async () => void proofs++),
      walletRequest: walletRequestGiving(stored),
    });
    const read = sign({ kind: 'getSession', requestId: 'g' } as Partial<WalletRequest> & { requestId: string });
    const answer = await signedIn.ask(read, 'g');
    expect(answer).toMatchObject({ ok: true, output: { session: expect.any(Secret) } });
    expect((answer as { output: { session: Secret<WalletSession> } }).output.session.reveal()).toEqual(stored);
    expect(proofs).toBe(0);
    expect(signedIn.actor.getSnapshot().matches({ account: { session: 'signed-in', wallet: 'waiting' } })).toBe(true);
    // Never in a dialog: the tag that opens one was never on.
    expect(signedIn.actor.getSnapshot().context.walletRequest).toBeNull();

    const other = sign({ kind: 'getSession', requestId: 'o', address: OTHER } as Partial<WalletRequest> & { requestId: string });
    expect(await signedIn.ask(other, 'o')).toMatchObject({ ok: false, refusal: 'notThisAccount' });

    const { actor, ask } = await started('ready', {
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {})),
    });
    actor.send(sign({ requestId: 's' }));
    await waitFor(actor, (s) => s.matches(awaitingApproval));
    expect(
      await ask(sign({ kind: 'getSession', requestId: 'b' } as Partial<WalletRequest> & { requestId: string }), 'b'),
    ).toMatchObject({
      ok: false,
      refusal: 'busy',
    });
    const none = await started('empty');
    expect(
      await none.ask(sign({ kind: 'getSession', requestId: 'n' } as Partial<WalletRequest> & { requestId: string }), 'n'),
    ).toMatchObject({
      ok: false,
      refusal: 'noAccount',
    });
  });

  it("a silent connect answers with this tab's account for its provider only, and never starts anything", async () => {
    const signedIn = await started('signed-in');
    expect(await signedIn.ask({ type: 'wallet.connect', requestId: 'g', provider: 'google', silent: true }, 'g')).toEqual({
      type: 'wallet.answer',
      requestId: 'g',
      ok: true,
      account: { provider: 'google', address: IDENTITY.address, publicKey: IDENTITY.publicKey },
    });
    expect(await signedIn.ask({ type: 'wallet.connect', requestId: 't', provider: 'twitch', silent: true }, 't')).toMatchObject({
      ok: true,
      account: null,
    });
    const nobody = await started('empty');
    expect(await nobody.ask({ type: 'wallet.connect', requestId: 'n', provider: 'google', silent: true }, 'n')).toMatchObject({
      ok: true,
      account: null,
    });
    expect(nobody.actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("an interactive connect at the sign-in buttons is the visitor's sign-in with that provider", async () => {
    const record: string[] = [];
    const { actor } = await started('empty', {}, record);
    actor.send({ type: 'wallet.connect', requestId: 'c', provider: 'twitch', silent: false });
    await waitFor(actor, () => record.some((entry) => entry.startsWith('navigate')));
    expect(actor.getSnapshot().context.requestedProvider).toBe('twitch');
    expect(record).toContain('navigate https://idp.test/twitch');
  });

  it('an interactive connect for another provider than the signed-in one is refused, and the account stays', async () => {
    const { actor, ask } = await started('ready');
    expect(await ask({ type: 'wallet.connect', requestId: 'c', provider: 'facebook', silent: false }, 'c')).toEqual({
      type: 'wallet.answer',
      requestId: 'c',
      ok: false,
      refusal: 'otherProvider',
      signedInWith: 'google',
    });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
  });

  it("disconnect through this account's wallet signs out; through another wallet it changes nothing", async () => {
    const { actor, ask } = await started('ready');
    expect(await ask({ type: 'wallet.disconnect', requestId: 'x', provider: 'twitch' }, 'x')).toMatchObject({ ok: true });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
    expect(await ask({ type: 'wallet.disconnect', requestId: 'd', provider: 'google' }, 'd')).toMatchObject({ ok: true });
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(actor.getSnapshot().context.address).toBeNull();
  });

  it('in ready, a request for this account and chain is signed in the wallet region, beside the rest', async () => {
    const seen: WalletRequest[] = [];
    const { actor, approved } = await started('ready', {
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async ({ input }: { input: WalletRequest }) => {
        seen.push(input);
        return { bytes: 'aGVsbG8=', signature: 'zk-signature' };
      }),
    });
    const answer = await approved(sign({ requestId: 'm' }));
    expect(answer).toEqual({
      type: 'wallet.answer',
      requestId: 'm',
      ok: true,
      output: { bytes: 'aGVsbG8=', signature: 'zk-signature' },
    });
    expect(seen).toEqual([expect.objectContaining({ kind: 'signPersonalMessage', message: 'aGVsbG8=' })]);
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: { ready: 'waiting' }, wallet: 'waiting' } });
    expect(actor.getSnapshot().context.walletRequest).toBeNull();
  });

  it("an interactive connect while this tab's own sign-in is under way is refused with why", async () => {
    const { actor, ask } = await started('empty', {
      startSignIn: fromPromise<StartOutput, StartInput>(() => new Promise(() => {})),
    });
    actor.send({ type: 'user.signIn', provider: 'google' });
    expect(actor.getSnapshot().value).toEqual({ redirecting: 'preparing' });
    expect(await ask({ type: 'wallet.connect', requestId: 'w', provider: 'twitch', silent: false }, 'w')).toEqual({
      type: 'wallet.answer',
      requestId: 'w',
      ok: false,
      refusal: 'signInUnderWay',
    });
  });

  it('a request for another account or chain, with no account, or while another runs, is refused with why', async () => {
    const { actor, ask } = await started('ready', {
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {})),
    });
    expect(await ask(sign({ requestId: 'a', address: OTHER }), 'a')).toMatchObject({
      ok: false,
      refusal: 'notThisAccount',
    });
    expect(await ask(sign({ requestId: 'b', chain: 'sui:mainnet' }), 'b')).toMatchObject({
      ok: false,
      refusal: 'notThisAccount',
    });
    actor.send(sign({ requestId: 'slow' }));
    expect(actor.getSnapshot().value).toMatchObject({
      account: { session: { ready: 'waiting' }, wallet: { asking: 'awaiting-approval' } },
    });
    expect(await ask(sign({ requestId: 'c' }), 'c')).toMatchObject({ ok: false, refusal: 'busy' });
    actor.send({ type: 'user.approve', requestId: 'slow' });
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: { ready: 'waiting' }, wallet: 'working' } });
    expect(await ask(sign({ requestId: 'e' }), 'e')).toMatchObject({ ok: false, refusal: 'busy' });

    const nobody = await started('empty');
    expect(await nobody.ask(sign({ requestId: 'd' }), 'd')).toMatchObject({ ok: false, refusal: 'noAccount' });
  });

  it('signed in without a proof: the proof is made first, then the request is signed', async () => {
    const { actor, approved } = await started('signed-in');
    const answer = await approved(
      sign({ requestId: 'p', kind: 'signTransaction', transaction: '{}', sender: null, gasOwner: null } as never),
    );
    expect(answer).toMatchObject({ ok: true, output: { signature: 'signed:p' } });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
  });

  it("a request in signed-in leaves the visitor's alert as it was (the proof it needs is not the visitor's click)", async () => {
    const { actor, approved } = await started('signed-in', { requestTestSui: failing(new Error('The faucet is closed.')) });
    actor.send({ type: 'user.requestTestSui' });
    await waitFor(actor, (s) => s.context.failure !== null && !s.hasTag('funding') && !s.hasTag('loading-balance'));
    const alert = actor.getSnapshot().context.failure;
    expect(alert).toMatchObject({ message: 'The faucet is closed.', step: 'funding' });
    expect(await approved(sign({ requestId: 'p' }))).toMatchObject({ ok: true });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe(alert);
  });

  it("a request while the visitor's own Create proof runs waits for that proof, in the wallet region, and is then signed", async () => {
    let proofs = 0;
    let releaseProof = () => {};
    const { actor, answers } = await started('signed-in', {
      createProof: fromPromise<void, void>(() => new Promise<void>((resolve) => ((proofs += 1), (releaseProof = resolve)))),
    });
    actor.send({ type: 'user.createProof' });
    actor.send(sign({ requestId: 'w' }));
    actor.send({ type: 'user.approve', requestId: 'w' });
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: 'proving', wallet: 'waiting-for-proof' } });
    expect(answers).toEqual([]);
    releaseProof();
    await waitFor(actor, () => answers.length > 0);
    expect(answers).toEqual([
      expect.objectContaining({ requestId: 'w', ok: true, output: expect.objectContaining({ signature: 'signed:w' }) }),
    ]);
    expect(proofs).toBe(1);
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: { ready: 'waiting' }, wallet: 'waiting' } });
  });

  it('a transaction that names another sender or gas owner is refused before anything else: no proof, no signing', async () => {
    for (const restored of ['signed-in', 'ready'] as const) {
      let proofs = 0;
      let signings = 0;
      const { actor, ask, approved } = await started(restored, {
        createProof: fromPromise<void, void>(async () => void proofs++),
        walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async () => (signings++, { bytes: '', signature: '' })),
      });
      const parties = [
        { sender: OTHER, gasOwner: null },
        { sender: OTHER, gasOwner: IDENTITY.address },
        { sender: IDENTITY.address, gasOwner: OTHER },
        { sender: null, gasOwner: OTHER },
      ];
      for (const [i, party] of parties.entries()) {
        const request = { requestId: `t${i}`, kind: 'signAndExecuteTransaction', transaction: '{}', ...party };
        expect(await ask(sign(request as never), `t${i}`)).toEqual({
          type: 'wallet.answer',
          requestId: `t${i}`,
          ok: false,
          refusal: 'notThisSender',
        });
      }
      expect([proofs, signings]).toEqual([0, 0]);
      expect(actor.getSnapshot().matches(inAccount(restored))).toBe(true);
      // The same request naming this account (as the wallet reads it: canonical), or no one, goes on.
      const ours = { requestId: 'ok', kind: 'signTransaction', transaction: '{}', sender: IDENTITY.address, gasOwner: null };
      expect(await approved(sign(ours as never))).toMatchObject({ ok: true });
    }
  });

  it('a proof that cannot be made refuses the waiting request with the reason, and the account stays', async () => {
    const unavailable = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
    const { actor, approved } = await started('signed-in', { createProof: failing(unavailable) });
    expect(await approved(sign({ requestId: 'p' }))).toMatchObject({ ok: false, message: unavailable.message });
    expect(actor.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);
    expect(actor.getSnapshot().context.walletRequest).toBeNull();
  });

  it('a signing failure is the dApp’s answer, not an alert: the visitor’s page is unchanged', async () => {
    const { actor, approved } = await started('ready', {
      walletRequest: failing(new Error('The Sui node could not be reached.')),
    });
    expect(await approved(sign({ requestId: 'f' }))).toMatchObject({ ok: false, message: 'The Sui node could not be reached.' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

const transaction = (requestId: string, extra: Partial<WalletRequest> = {}) =>
  sign({ requestId, kind: 'signAndExecuteTransaction', transaction: '{}', sender: null, gasOwner: null, ...extra } as never);

describe("the visitor approves a dApp's request", () => {
  it('nothing is signed and no proof is made until "Approve"; "Reject" refuses it, and nothing was done', async () => {
    let proofs = 0;
    let signings = 0;
    const counted = {
      createProof: fromPromise<void, void>(async () => void proofs++),
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async () => (signings++, { bytes: '', signature: '' })),
    };
    const { actor, answers, ask } = await started('signed-in', counted);
    // The visitor takes an hour: every timer the machine sets while it asks runs, and what
    // each starts settles (the stubs answer at once).
    vi.useFakeTimers();
    try {
      actor.send(sign({ requestId: 'm' }));
      expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
      expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
      expect(actor.getSnapshot().context.walletRequest?.requestId).toBe('m');
      await vi.advanceTimersByTimeAsync(60 * 60_000);
    } finally {
      vi.useRealTimers();
    }
    expect([proofs, signings, answers.length]).toEqual([0, 0, 0]);
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
    expect(await ask({ type: 'user.reject', requestId: 'm' }, 'm')).toEqual({
      type: 'wallet.answer',
      requestId: 'm',
      ok: false,
      refusal: 'rejected',
    });
    expect([proofs, signings]).toEqual([0, 0]);
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: 'signed-in', wallet: 'waiting' } });
    expect(actor.getSnapshot().context.walletRequest).toBeNull();
  });

  it("an answer naming another request is not this request's: the dialog's request stays asked", async () => {
    const { actor, answers } = await started('ready');
    actor.send(sign({ requestId: 'now' }));
    actor.send({ type: 'user.approve', requestId: 'earlier' });
    actor.send({ type: 'user.reject', requestId: 'earlier' });
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
    expect(answers).toEqual([]);
  });

  it('a transaction is dry-run first; "Approve" signs the bytes the dry run built', async () => {
    const inputs: unknown[] = [];
    let finishDryRun = (_preview: TransactionPreview) => {};
    const { actor } = await started('ready', {
      previewTransaction: fromPromise<TransactionPreview, WalletRequest>(
        () => new Promise((resolve) => (finishDryRun = resolve)),
      ),
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(
        async ({ input }) => (inputs.push(input), { bytes: 'dHg=', signature: 's' }),
      ),
    });
    actor.send(transaction('t'));
    expect(actor.getSnapshot().matches({ account: { wallet: { asking: 'dry-running' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
    // Not approvable before the visitor has seen what it does.
    actor.send({ type: 'user.approve', requestId: 't' });
    expect(actor.getSnapshot().matches({ account: { wallet: { asking: 'dry-running' } } })).toBe(true);
    finishDryRun(PREVIEW);
    await waitFor(actor, (s) => s.matches(awaitingApproval));
    expect(actor.getSnapshot().context.walletPreview).toEqual(PREVIEW);
    actor.send({ type: 'user.approve', requestId: 't' });
    await waitFor(actor, (s) => s.matches({ account: { wallet: 'waiting' } }));
    expect(inputs).toEqual([expect.objectContaining({ requestId: 't', built: 'dHg=' })]);
    expect(actor.getSnapshot().context.walletPreview).toBeNull();
  });

  it('a dry run that says the transaction would fail: "Approve" does nothing, "Reject" refuses', async () => {
    const fails: TransactionPreview = { status: 'fails', reason: 'Not enough SUI.' };
    let signings = 0;
    const { actor, ask } = await started('ready', {
      previewTransaction: fromPromise<TransactionPreview, WalletRequest>(async () => fails),
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(async () => (signings++, { bytes: '', signature: '' })),
    });
    actor.send(transaction('t'));
    await waitFor(actor, (s) => s.matches(awaitingApproval));
    expect(actor.getSnapshot().context.walletPreview).toEqual(fails);
    actor.send({ type: 'user.approve', requestId: 't' });
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
    expect(await ask({ type: 'user.reject', requestId: 't' }, 't')).toMatchObject({ ok: false, refusal: 'rejected' });
    expect(signings).toBe(0);
  });

  it('a dry run that cannot be made is said, and the visitor may still approve: the request is built when signed', async () => {
    const inputs: ApprovedWalletRequest[] = [];
    const { actor, approved } = await started('ready', {
      previewTransaction: fromPromise<TransactionPreview, WalletRequest>(async () => ({
        status: 'unavailable',
        reason: 'The Sui node could not be reached.',
      })),
      walletRequest: fromPromise<WalletOutput, ApprovedWalletRequest>(
        async ({ input }) => (inputs.push(input), { bytes: '', signature: 's' }),
      ),
    });
    const answer = approved(transaction('t'));
    await waitFor(actor, (s) => s.matches(awaitingApproval));
    expect(actor.getSnapshot().context.walletPreview).toEqual({
      status: 'unavailable',
      reason: 'The Sui node could not be reached.',
    });
    expect(await answer).toMatchObject({ ok: true });
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.built).toBeUndefined();
  });

  it('a dry run whose own code fails is a dry run not made: the dialog says why, and the visitor decides', async () => {
    const { actor } = await started('ready', { previewTransaction: failing(new Error('The sign-in code did not load.')) });
    actor.send(transaction('t'));
    await waitFor(actor, (s) => s.matches(awaitingApproval));
    expect(actor.getSnapshot().context.walletPreview).toEqual({
      status: 'unavailable',
      reason: 'The sign-in code did not load.',
    });
  });

  it('a dialog that cannot be shown refuses its request with why; another request id changes nothing', async () => {
    const { actor, answers, ask } = await started('ready');
    actor.send(sign({ requestId: 'm' }));
    actor.send({ type: 'wallet.dialogFailed', requestId: 'other', message: 'x' });
    expect(answers).toEqual([]);
    expect(await ask({ type: 'wallet.dialogFailed', requestId: 'm', message: 'The dialog did not load.' }, 'm')).toMatchObject({
      ok: false,
      message: 'The dialog did not load.',
    });
    expect(actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);
  });

  it("the visitor's sign-out while asked (or while the dry run runs), here or in another tab, is their rejection", async () => {
    const cases = [
      [{ type: 'user.signOut' }, { signOutEverywhere: true, notice: null }],
      [{ type: 'tab.signedOut' }, { signOutEverywhere: false, notice: 'You signed out in another tab.' }],
    ] as const;
    for (const [signingOut, after] of cases) {
      for (const request of [sign({ requestId: 'r' }), transaction('r')]) {
        const { actor, answers } = await started('ready', {
          previewTransaction: fromPromise<TransactionPreview, WalletRequest>(() => new Promise(() => {})),
          clearSession: fromPromise<void, InputOf<'clearSession'>>(() => new Promise(() => {})),
        });
        actor.send(request);
        expect(actor.getSnapshot().hasTag('awaiting-approval')).toBe(true);
        actor.send(signingOut);
        expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'r', ok: false, refusal: 'rejected' }]);
        // The sign-out itself is the one the account takes: everywhere when it is this tab's.
        expect(actor.getSnapshot().matches({ 'logged-out': 'clearing' })).toBe(true);
        expect(actor.getSnapshot().context).toMatchObject({ ...after, address: null, walletRequest: null });
      }
    }
  });

  it('the account ending while an approved transaction is executed tells the dApp it may be on chain; a signature only, nothing', async () => {
    const executing = fromPromise<WalletOutput, ApprovedWalletRequest>(() => new Promise(() => {}));
    for (const ending of [{ type: 'user.signOut' }, { type: 'tab.signedOut' }] as const) {
      const { actor, answers } = await started('ready', { walletRequest: executing });
      actor.send(transaction('t'));
      await waitFor(actor, (s) => s.matches(awaitingApproval));
      actor.send({ type: 'user.approve', requestId: 't' });
      await waitFor(actor, (s) => s.matches({ account: { wallet: 'working' } }));
      actor.send(ending);
      expect(answers).toEqual([{ type: 'wallet.answer', requestId: 't', ok: false, refusal: 'mayHaveExecuted' }]);
      expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    }
    // A message being signed: nothing happened elsewhere, and the wallet says the session ended.
    const { actor, answers } = await started('ready', { walletRequest: executing });
    actor.send(sign({ requestId: 'm' }));
    actor.send({ type: 'user.approve', requestId: 'm' });
    await waitFor(actor, (s) => s.matches({ account: { wallet: 'working' } }));
    actor.send({ type: 'user.signOut' });
    expect(answers).toEqual([]);
    // Its own answer is the only one a finished execution gives.
    const done = await started('ready');
    expect(await done.approved(transaction('d'))).toMatchObject({ ok: true });
    expect(done.answers).toHaveLength(1);
  });

  it('the page that registered the wallets may sign messages without asking; never a transaction', async () => {
    const { actor, ask } = await started('ready');
    expect(await ask(sign({ requestId: 'm', approvedByPage: true } as never), 'm')).toMatchObject({ ok: true });
    actor.send(transaction('t', { approvedByPage: true } as never));
    await waitFor(actor, (s) => s.matches(awaitingApproval));
  });
});

describe('a site whose requests the visitor keeps rejecting waits a minute', () => {
  afterEach(() => void vi.useRealTimers());
  const SECOND = 1_000;

  /** A ready account on the test's own clock (from now), and its dialog's answers as the visitor gives them. */
  async function readyOnTestClock() {
    vi.useFakeTimers();
    const account = await started('ready');
    const { actor, ask } = account;
    // Every snapshot's dialog tag, from now on: a request refused at once never opens the dialog.
    const dialogs: boolean[] = [];
    actor.subscribe((snapshot) => void dialogs.push(snapshot.hasTag('awaiting-approval')));
    /** A request put to the visitor, who answers it: the dApp's answer. */
    const answered = async (requestId: string, answer: 'user.reject' | 'user.approve') => {
      actor.send(sign({ requestId }));
      expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
      return ask({ type: answer, requestId }, requestId);
    };
    /** A request refused before anything is done, in the same step: no dialog was opened for it. */
    const refusedAtOnce = (event: Extract<SignInEvent, { type: 'wallet.sign' }>) => {
      dialogs.length = 0;
      actor.send(event);
      expect(dialogs).not.toContain(true);
      expect(actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);
      return account.answers.find((answer) => answer.requestId === event.request.requestId);
    };
    return { ...account, answered, refusedAtOnce };
  }

  it('three rejections within a minute: the next requests are refused at once, without a dialog, until a minute after the last', async () => {
    const { actor, ask, answered, refusedAtOnce } = await readyOnTestClock();
    for (const requestId of ['r1', 'r2', 'r3']) {
      expect(await answered(requestId, 'user.reject')).toMatchObject({ ok: false, refusal: 'rejected' });
      await vi.advanceTimersByTimeAsync(20 * SECOND);
    }
    // 20 s after the third rejection: a message, a transaction and a session read are all refused.
    expect(refusedAtOnce(sign({ requestId: 'm' }))).toEqual({
      type: 'wallet.answer',
      requestId: 'm',
      ok: false,
      refusal: 'paused',
    });
    expect(refusedAtOnce(transaction('t'))).toMatchObject({ ok: false, refusal: 'paused' });
    const read = sign({ kind: 'getSession', requestId: 'g' } as Partial<WalletRequest> & { requestId: string });
    expect(refusedAtOnce(read)).toMatchObject({ ok: false, refusal: 'paused' });
    // A connect is not a request to sign: still answered.
    expect(await ask({ type: 'wallet.connect', requestId: 'c', provider: 'google', silent: true }, 'c')).toMatchObject({
      ok: true,
      account: { address: IDENTITY.address },
    });
    // Just before the minute from the last rejection is over, still refused.
    await vi.advanceTimersByTimeAsync(WALLET_PAUSE_MS - 20 * SECOND - 1);
    expect(refusedAtOnce(sign({ requestId: 'late' }))).toMatchObject({ ok: false, refusal: 'paused' });
    // A minute after it, the site is asked again: the dialog opens.
    await vi.advanceTimersByTimeAsync(1);
    actor.send(sign({ requestId: 'again' }));
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
    // One more rejection does not pause it again: the three last ones are no longer within a minute.
    actor.send({ type: 'user.reject', requestId: 'again' });
    actor.send(sign({ requestId: 'next' }));
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
  });

  it('rejections more than a minute apart, or a dialog that could not be shown, never pause the site', async () => {
    const { actor, answered, ask } = await readyOnTestClock();
    await answered('r1', 'user.reject');
    await vi.advanceTimersByTimeAsync(40 * SECOND);
    await answered('r2', 'user.reject');
    await vi.advanceTimersByTimeAsync(20 * SECOND + 1);
    await answered('r3', 'user.reject');
    actor.send(sign({ requestId: 'm' }));
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
    // Not the visitor's answer: the dialog failed.
    await ask({ type: 'wallet.dialogFailed', requestId: 'm', message: 'The dialog did not load.' }, 'm');
    actor.send(sign({ requestId: 'n' }));
    expect(actor.getSnapshot().matches(awaitingApproval)).toBe(true);
  });

  it('an approval starts the count again', async () => {
    const { actor, answered, refusedAtOnce } = await readyOnTestClock();
    await answered('r1', 'user.reject');
    await answered('r2', 'user.reject');
    expect(await answered('a', 'user.approve')).toMatchObject({ ok: true });
    expect(actor.getSnapshot().context.walletRejections).toEqual([]);
    // Two rejections since the approval, all within the minute: the site is still asked.
    await answered('r3', 'user.reject');
    await answered('r4', 'user.reject');
    // The third since the approval pauses it.
    await answered('r5', 'user.reject');
    expect(refusedAtOnce(sign({ requestId: 'm' }))).toMatchObject({ ok: false, refusal: 'paused' });
  });
});

describe("a site asking through the hosted wallet's window (its origin on the request)", () => {
  const SITE = 'https://dapp.example';

  it('a connect is put to the visitor: approved, the site gets the account and no proof is made; rejected, it hears so', async () => {
    let proofs = 0;
    const hosted = await started('signed-in', { createProof: fromPromise<void, void>(async () => void proofs++) });
    const connect = sign({ kind: 'connect', requestId: 'c', origin: SITE } as Partial<WalletRequest> & { requestId: string });
    hosted.actor.send(connect);
    await waitFor(hosted.actor, (s) => s.matches(awaitingApproval));
    expect(hosted.actor.getSnapshot().context.walletRequest).toMatchObject({ kind: 'connect', origin: SITE });
    expect(hosted.answers).toEqual([]);
    const answer = await hosted.ask({ type: 'user.approve', requestId: 'c' }, 'c');
    expect(answer).toEqual({
      type: 'wallet.answer',
      requestId: 'c',
      ok: true,
      output: { account: { provider: IDENTITY.provider, address: IDENTITY.address, publicKey: IDENTITY.publicKey } },
    });
    expect(proofs).toBe(0);
    expect(hosted.actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);

    hosted.actor.send(sign({ kind: 'connect', requestId: 'c2', origin: SITE } as Partial<WalletRequest> & { requestId: string }));
    await waitFor(hosted.actor, (s) => s.matches(awaitingApproval));
    expect(await hosted.ask({ type: 'user.reject', requestId: 'c2' }, 'c2')).toMatchObject({ ok: false, refusal: 'rejected' });
  });

  it("a site's enoki:getSession waits for the visitor's approval (the page's own wallets' read does not)", async () => {
    const stored = walletSession();
    const hosted = await started('signed-in', { walletRequest: walletRequestGiving(stored) });
    const read = sign({ kind: 'getSession', requestId: 'g', origin: SITE } as Partial<WalletRequest> & { requestId: string });
    hosted.actor.send(read);
    await waitFor(hosted.actor, (s) => s.matches(awaitingApproval));
    expect(hosted.answers).toEqual([]);
    const answer = await hosted.ask({ type: 'user.approve', requestId: 'g' }, 'g');
    expect((answer as { output: { session: Secret<WalletSession> } }).output.session.reveal()).toEqual(stored);

    hosted.actor.send(
      sign({ kind: 'getSession', requestId: 'g2', origin: SITE } as Partial<WalletRequest> & { requestId: string }),
    );
    await waitFor(hosted.actor, (s) => s.matches(awaitingApproval));
    expect(await hosted.ask({ type: 'user.reject', requestId: 'g2' }, 'g2')).toMatchObject({ ok: false, refusal: 'rejected' });
  });

  it("a connect for another account or chain than the wallet's is refused before the visitor is asked", async () => {
    const hosted = await started('signed-in');
    const asked: boolean[] = [];
    hosted.actor.subscribe((snapshot) => void asked.push(snapshot.hasTag('awaiting-approval')));
    const otherChain = sign({ kind: 'connect', requestId: 'x', origin: SITE, chain: 'sui:mainnet' } as Partial<WalletRequest> & {
      requestId: string;
    });
    expect(await hosted.ask(otherChain, 'x')).toMatchObject({ ok: false, refusal: 'notThisAccount' });
    const otherAccount = sign({ kind: 'connect', requestId: 'y', origin: SITE, address: OTHER } as Partial<WalletRequest> & {
      requestId: string;
    });
    expect(await hosted.ask(otherAccount, 'y')).toMatchObject({ ok: false, refusal: 'notThisAccount' });
    // Refused in the step that received it: the visitor was never asked.
    expect(asked).not.toContain(true);
  });
});
