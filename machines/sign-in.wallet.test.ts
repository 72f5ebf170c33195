/**
 * signInMachine and the dApps' wallets: every Wallet Standard call is an event
 * (wallet.connect, wallet.disconnect, wallet.sign), answered by an emitted wallet.answer
 * with the request's id. A running actor with stub actors; the answers are what the
 * wallets (src/wallet/) hand back to the dApp.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { LoginServiceError } from '../src/login-service/errors.ts';
import type {
  RestoreOutput,
  SignInEvent,
  StartInput,
  StartOutput,
  WalletAnswer,
  WalletRequest,
  WalletSignOutput,
} from './sign-in.types.ts';
import { failing, inAccount, SESSION, stubbedMachine, type StubActors } from './test-stubs.ts';

const OTHER = `0x${'ef'.repeat(32)}`;
const restoresTo = (status: 'signed-in' | 'ready' | 'empty') =>
  fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () =>
    status === 'empty' ? { status } : { status, ...SESSION },
  );

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
  return { actor, answers, ask };
}

const sign = (request: Partial<WalletRequest> & { requestId: string }): SignInEvent => ({
  type: 'wallet.sign',
  request: {
    kind: 'signPersonalMessage',
    address: SESSION.address,
    chain: 'sui:testnet',
    message: 'aGVsbG8=',
    ...request,
  } as WalletRequest,
});

describe('signInMachine and the wallets', () => {
  it("a silent connect answers with this tab's account for its provider only, and never starts anything", async () => {
    const signedIn = await started('signed-in');
    expect(await signedIn.ask({ type: 'wallet.connect', requestId: 'g', provider: 'google', silent: true }, 'g')).toEqual({
      type: 'wallet.answer',
      requestId: 'g',
      ok: true,
      account: { provider: 'google', address: SESSION.address, publicKey: SESSION.publicKey },
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
    const { actor, ask } = await started('ready', {
      walletRequest: fromPromise(async ({ input }: { input: WalletRequest }) => {
        seen.push(input);
        return { bytes: 'aGVsbG8=', signature: 'zk-signature' };
      }),
    });
    const answer = await ask(sign({ requestId: 'm' }), 'm');
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
      walletRequest: fromPromise<WalletSignOutput, WalletRequest>(() => new Promise(() => {})),
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
    expect(actor.getSnapshot().value).toMatchObject({ account: { session: { ready: 'waiting' }, wallet: 'working' } });
    expect(await ask(sign({ requestId: 'c' }), 'c')).toMatchObject({ ok: false, refusal: 'busy' });

    const nobody = await started('empty');
    expect(await nobody.ask(sign({ requestId: 'd' }), 'd')).toMatchObject({ ok: false, refusal: 'noAccount' });
  });

  it('signed in without a proof: the proof is made first, then the request is signed', async () => {
    const { actor, ask } = await started('signed-in');
    const answer = await ask(
      sign({ requestId: 'p', kind: 'signTransaction', transaction: '{}', sender: null, gasOwner: null } as never),
      'p',
    );
    expect(answer).toMatchObject({ ok: true, output: { signature: 'signed:p' } });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
  });

  it("a request in signed-in leaves the visitor's alert as it was (the proof it needs is not the visitor's click)", async () => {
    const { actor, ask } = await started('signed-in', { requestTestSui: failing(new Error('The faucet is closed.')) });
    actor.send({ type: 'user.requestTestSui' });
    await waitFor(actor, (s) => s.context.failure !== null && !s.hasTag('funding') && !s.hasTag('loading-balance'));
    const alert = actor.getSnapshot().context.failure;
    expect(alert).toMatchObject({ message: 'The faucet is closed.', step: 'funding' });
    expect(await ask(sign({ requestId: 'p' }), 'p')).toMatchObject({ ok: true });
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
      const { actor, ask } = await started(restored, {
        createProof: fromPromise<void, void>(async () => void proofs++),
        walletRequest: fromPromise(async () => (signings++, { bytes: '', signature: '' })),
      });
      const parties = [
        { sender: OTHER, gasOwner: null },
        { sender: OTHER, gasOwner: SESSION.address },
        { sender: SESSION.address, gasOwner: OTHER },
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
      const ours = { requestId: 'ok', kind: 'signTransaction', transaction: '{}', sender: SESSION.address, gasOwner: null };
      expect(await ask(sign(ours as never), 'ok')).toMatchObject({ ok: true });
    }
  });

  it('a proof that cannot be made refuses the waiting request with the reason, and the account stays', async () => {
    const unavailable = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
    const { actor, ask } = await started('signed-in', { createProof: failing(unavailable) });
    expect(await ask(sign({ requestId: 'p' }), 'p')).toMatchObject({ ok: false, message: unavailable.message });
    expect(actor.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);
    expect(actor.getSnapshot().context.walletRequest).toBeNull();
  });

  it('a signing failure is the dApp’s answer, not an alert: the visitor’s page is unchanged', async () => {
    const { actor, ask } = await started('ready', { walletRequest: failing(new Error('The Sui node could not be reached.')) });
    expect(await ask(sign({ requestId: 'f' }), 'f')).toMatchObject({ ok: false, message: 'The Sui node could not be reached.' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
