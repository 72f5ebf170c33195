/**
 * signInMachine's journey on a running actor with stub actors (machine-stubs.ts): restores,
 * the whole sign-in, the catalogue's errors where they arise, the session's expiry, and
 * what never reaches a snapshot.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { LoginServiceError } from '../login-service/errors.ts';
import { CATALOGUE, SignInError, TRANSIENT_CODES } from './errors.ts';
import { Secret } from './secret.ts';
import type { InputOf } from './operations.ts';
import { journeyStep } from './journey.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { CallbackOutput, RestoreOutput, SignedInSession } from './sign-in.types.ts';
import { failing, IDENTITY, inAccount, restoresTo, session, stubbedMachine } from '../../test/machine-stubs.ts';

const fragment = () => new Secret('#id_token=abc');
/** A restoreSession stub that finds `output` in storage. */

/**
 * Brings the actor to where `step` runs, as the visitor would: the click that starts a
 * sign-in, Create proof, Sign message (a callback's steps start from the URL at load).
 */
async function runStep(actor: AnyActorRef, step: string) {
  const clicks = {
    startSignIn: ['idle', { type: 'user.signIn', provider: 'google' }],
    createProof: [inAccount('signed-in'), { type: 'user.createProof' }],
    signMessage: [inAccount('ready'), { type: 'user.signMessage', message: 'hi' }],
  } as const;
  const click = clicks[step as keyof typeof clicks];
  if (!click) return;
  await waitFor(actor, (s) => s.matches(click[0]));
  actor.send(click[1]);
}

describe('signInMachine: running with stubbed actors', () => {
  afterEach(() => void vi.useRealTimers());

  it.each([
    ['empty', 'idle'],
    ['signed-in', 'signed-in'],
    ['ready', 'ready'],
    ['expired', 'logged-out'],
    ['unreadable', 'logged-out'],
  ] as const)('restores %s to %s', async (status, expected) => {
    // A stored account's session is made as the test runs, ending a day after its clock.
    const output: RestoreOutput = status === 'signed-in' || status === 'ready' ? { status, ...session() } : { status };
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo(output) }), { input: {} }).start();
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'));
    expect(journeyStep(snapshot.value)).toBe(expected);
    // Expired with no provider: a sign-in started here that never made a session.
    if (output.status === 'expired')
      expect(snapshot.context.notice).toBe(
        'The sign-in you started here has expired before it was finished. Please sign in again.',
      );
  });

  it('restores an expired session (one that was signed in) to logged-out, saying the session expired', async () => {
    const output: RestoreOutput = { status: 'expired', provider: 'google' };
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo(output) }), { input: {} }).start();
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'));
    expect(snapshot.context.notice).toBe('Your session has expired. Please sign in again.');
    expect(snapshot.context.endedProvider).toBe('google');
  });

  it('a callback that arrives while sign-out clears storage is kept, and checked once storage is clear', async () => {
    let cleared = () => {};
    const clearSession = fromPromise<void, InputOf<'clearSession'>>(() => new Promise<void>((resolve) => (cleared = resolve)));
    const validated: string[] = [];
    const validateCallback = fromPromise<CallbackOutput, { fragment: Secret<string> }>(async ({ input }) => {
      validated.push(input.fragment.reveal());
      throw SignInError.of('FLOW_NOT_STARTED');
    });
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('signed-in'), clearSession, validateCallback }), {
      input: {},
    }).start();
    await waitFor(actor, (s) => s.matches(inAccount('signed-in')));
    actor.send({ type: 'user.signOut' });
    expect(actor.getSnapshot().matches({ 'logged-out': 'clearing' })).toBe(true);
    actor.send({ type: 'url.fragment', fragment: fragment() });
    expect(actor.getSnapshot().matches({ 'logged-out': 'clearing' })).toBe(true);
    expect(validated).toEqual([]);

    cleared();
    const snapshot = await waitFor(actor, (s) => s.context.failure !== null);
    expect(validated).toEqual(['#id_token=abc']);
    expect(snapshot.context.failure?.message).toBe(CATALOGUE.FLOW_NOT_STARTED);
  });

  it('an operation the app edge did not provide fails, naming itself', async () => {
    // Nothing provided: the restore's stand-in is invoked at start.
    const snapshot = await waitFor(createActor(signInMachine, { input: {} }).start(), (s) => !s.matches('restoring'));
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.context.failure).toMatchObject({
      step: 'restoring',
      message: 'signInMachine: operation "restoreSession" was not provided',
    });
  });

  it("ended here (another tab's sign-out, as an expiry), the clear is told which session this tab held; the visitor's own sign-out clears everywhere", async () => {
    const inputs: unknown[] = [];
    const clearSession = fromPromise<void, InputOf<'clearSession'>>(async ({ input }) => {
      inputs.push(input);
    });
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('signed-in'), clearSession }), { input: {} }).start();
    const held = (await waitFor(actor, (s) => s.hasTag('has-account'))).context.expiresAt;
    actor.send({ type: 'tab.signedOut' });
    await waitFor(actor, (s) => s.matches({ 'logged-out': 'done' }));
    expect(inputs).toEqual([{ everywhere: false, ended: { expiresAt: held } }]);
    actor.stop();
    const own = createActor(stubbedMachine({ restoreSession: restoresTo('signed-in'), clearSession }), { input: {} }).start();
    const ownHeld = (await waitFor(own, (s) => s.hasTag('has-account'))).context.expiresAt;
    own.send({ type: 'user.signOut' });
    await waitFor(own, (s) => s.matches({ 'logged-out': 'done' }));
    expect(inputs[1]).toEqual({ everywhere: true, ended: { expiresAt: ownHeld } });
    own.stop();
  });

  it('a restore that cannot run (its code did not load) clears nothing: the sign-in buttons, with why', async () => {
    const clearSession = vi.fn(async () => {});
    const machine = stubbedMachine({
      restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => {
        throw new Error('This page could not load the sign-in code.');
      }),
      clearSession: fromPromise(clearSession),
    });
    const snapshot = await waitFor(createActor(machine, { input: {} }).start(), (s) => !s.matches('restoring'));
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.context.failure).toMatchObject({ step: 'restoring', message: 'This page could not load the sign-in code.' });
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('walks the whole journey: sign in, callback, proof, sign, sign out, and in again without the former proof', async () => {
    const record: string[] = [];
    const clearSession = vi.fn(async () => {});
    const machine = stubbedMachine({ clearSession: fromPromise(clearSession) }, record);
    const first = createActor(machine, { input: {} }).start();
    await waitFor(first, (s) => s.matches('idle'));
    first.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(first, (s) => s.matches({ redirecting: 'navigating' }));
    expect(record).toEqual(['navigate https://idp.test/google']);

    // The provider sends the visitor back: a new page with the fragment.
    const second = createActor(machine, { input: { fragment: fragment() } }).start();
    expect(record).toContain('clearFragment');
    const signedIn = await waitFor(second, (s) => s.matches({ account: { session: 'signed-in' } }));
    expect(signedIn.context).toMatchObject({ address: IDENTITY.address, provider: 'google', jwt: null });
    second.send({ type: 'user.createProof' });
    await waitFor(second, (s) => s.matches({ account: { session: { ready: 'waiting' } } }));
    second.send({ type: 'user.signMessage', message: 'hello' });
    const signed = await waitFor(second, (s) => s.context.signature !== null);
    expect(signed.context.signature).toBe('sig(hello)');
    second.send({ type: 'user.signOut' });
    await waitFor(second, (s) => s.matches({ 'logged-out': 'done' }));
    expect(clearSession).toHaveBeenCalledOnce();
    expect(second.getSnapshot().context.proofStored).toBe(false);

    // A new sign-in on the same page: the account is back at signed-in, with no proof.
    second.send({ type: 'url.fragment', fragment: fragment() });
    const again = await waitFor(second, (s) => s.hasTag('has-account'));
    expect(again.matches({ account: { session: 'signed-in' } })).toBe(true);
  });

  /** Where each catalogue error arises, and where the visitor lands with it. */
  const CATALOGUE_AT: Record<string, 'startSignIn' | 'validateCallback' | 'fetchLogin' | 'createProof' | 'signMessage'> = {
    KEY_CREATION_FAILED: 'startSignIn',
    STORAGE_WRITE_FAILED: 'startSignIn',
    NONCE_ANSWER_NOT_OURS: 'startSignIn',
    LOGIN_ANSWER_NOT_OURS: 'fetchLogin',
    FLOW_NOT_STARTED: 'validateCallback',
    MISSING_ID_TOKEN: 'validateCallback',
    MISSING_JWT_DATA: 'validateCallback',
    AUD_IS_ARRAY: 'validateCallback',
    NONCE_MISMATCH: 'validateCallback',
    MALFORMED_ID_TOKEN: 'validateCallback',
    MISSING_PROOF_PARAMETERS: 'createProof',
    SESSION_EXPIRED: 'createProof',
    PROOF_EXPIRED: 'signMessage',
    NATIVE_SIGNER_NOT_FOUND: 'signMessage',
    MISSING_KEYPAIR_DATA: 'signMessage',
  };
  /** These arise only in "Stay signed in", and are kept word for word in sign-in.renewal.test.ts. */
  const RENEWAL_CODES = ['RENEWAL_OTHER_IDENTITY', 'RENEWAL_NOT_POSSIBLE'];
  const LANDS_IN = {
    startSignIn: { idle: 'cold' },
    validateCallback: { idle: 'cold' },
    fetchLogin: 'failed',
    createProof: inAccount('signed-in'),
    signMessage: { account: { session: { ready: 'waiting' } } },
  } as const;

  it('knows where every catalogue error arises', () => {
    expect([...Object.keys(CATALOGUE_AT), ...RENEWAL_CODES].sort()).toEqual(Object.keys(CATALOGUE).sort());
  });

  it.each(Object.entries(CATALOGUE).filter(([code]) => !RENEWAL_CODES.includes(code)))(
    'keeps the catalogue error %s word for word, in the state the visitor is in',
    async (code, message) => {
      const where = CATALOGUE_AT[code]!;
      const error = SignInError.of(code as keyof typeof CATALOGUE);
      const startFrom = where === 'validateCallback' || where === 'fetchLogin' ? { fragment: fragment() } : {};
      const restored: RestoreOutput =
        where === 'createProof'
          ? { status: 'signed-in', ...session() }
          : where === 'signMessage'
            ? { status: 'ready', ...session() }
            : { status: 'empty' };
      const machine = stubbedMachine({ [where]: failing(error), restoreSession: restoresTo(restored) });
      const actor = createActor(machine, { input: startFrom }).start();
      await runStep(actor, where);
      const snapshot = await waitFor(actor, (s) => s.context.failure !== null && !s.hasTag('busy'));
      expect(snapshot.matches(LANDS_IN[where])).toBe(true);
      expect(snapshot.context.failure).toMatchObject({ code, message, retryable: TRANSIENT_CODES.has(code) });
      // The way on is the state's own control.
      const wayOn = {
        startSignIn: { type: 'user.signIn', provider: 'google' },
        validateCallback: { type: 'user.signIn', provider: 'google' },
        fetchLogin: { type: 'user.startOver' },
        createProof: { type: 'user.createProof' },
        signMessage: { type: 'user.signMessage', message: 'hi' },
      } as const;
      expect(snapshot.can(wayOn[where])).toBe(true);
      if (where === 'createProof' || where === 'signMessage') expect(snapshot.context.address).toBe(IDENTITY.address);
    },
  );

  it('a refused callback lands wherever storage leads, with the message, and asks nothing to drop a flow', async () => {
    for (const status of ['signed-in', 'ready', 'empty', 'expired'] as const) {
      const restoreInputs: unknown[] = [];
      const restoreSession = fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async ({ input }) => {
        restoreInputs.push(input);
        return status === 'empty' || status === 'expired' ? { status } : { status, ...session() };
      });
      const fetchLogin = vi.fn(async () => session());
      const machine = stubbedMachine({
        validateCallback: failing(SignInError.of('FLOW_NOT_STARTED')),
        restoreSession,
        fetchLogin: fromPromise(fetchLogin),
      });
      const actor = createActor(machine, { input: { fragment: fragment() } }).start();
      const landed = await waitFor(actor, (s) => !s.hasTag('busy'));
      const expected = { 'signed-in': 'signed-in', ready: 'ready', empty: 'idle', expired: 'logged-out' }[status];
      expect(journeyStep(landed.value), status).toBe(expected);
      expect(landed.context.failure).toMatchObject({ code: 'FLOW_NOT_STARTED', step: 'callback-validating' });
      expect(landed.context.fragment).toBeNull();
      expect(restoreInputs).toEqual([{ discardPendingFlow: false }]);
      expect(fetchLogin).not.toHaveBeenCalled();
    }
  });

  it('shows Invalid provider: {provider} beside the sign-in buttons', async () => {
    const actor = createActor(stubbedMachine({ startSignIn: failing(SignInError.invalidProvider('apple')) }), {
      input: {},
    }).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'user.signIn', provider: 'apple' });
    const snapshot = await waitFor(actor, (s) => s.matches('idle') && s.context.failure !== null);
    expect(snapshot.context.failure).toMatchObject({ message: 'Invalid provider: apple', step: 'redirecting', retryable: false });
    expect(snapshot.can({ type: 'user.signIn', provider: 'google' })).toBe(true);
  });

  it.each([
    ['startSignIn', { type: 'user.signIn', provider: 'google' }, { redirecting: 'navigating' }],
    ['fetchLogin', { type: 'user.retry' }, inAccount('signed-in')],
    ['createProof', { type: 'user.createProof' }, inAccount('ready')],
  ] as const)(
    'a failing %s keeps its message where it lands, and its way on works once the fault clears',
    async (name, wayOn, recovered) => {
      let calls = 0;
      const flaky = fromPromise(async () => {
        calls += 1;
        if (calls === 1) throw new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
        return name === 'startSignIn' ? { url: 'https://idp.test/x' } : session();
      });
      const input = name === 'startSignIn' ? {} : { fragment: fragment() };
      const actor = createActor(stubbedMachine({ [name]: flaky }), { input }).start();
      await runStep(actor, name);
      const failed = await waitFor(actor, (s) => s.context.failure !== null);
      expect(failed.matches(LANDS_IN[name])).toBe(true);
      expect(failed.context.failure).toMatchObject({ message: 'The login service answered with HTTP 503.' });
      actor.send(wayOn);
      await waitFor(actor, (s) => s.matches(recovered as never));
      expect(actor.getSnapshot().context.failure).toBeNull();
      expect(calls).toBe(2);
    },
  );

  it('a stray callback while proving: the proof goes on and lands in ready, with the alert kept', async () => {
    let finishProof = () => {};
    const createProof = fromPromise<void, void>(() => new Promise<void>((resolve) => (finishProof = resolve)));
    const validateCallback = vi.fn(async (): Promise<CallbackOutput> => ({ jwt: new Secret('jwt'), provider: 'google' }));
    const machine = stubbedMachine({
      createProof,
      validateCallback: fromPromise(validateCallback),
      restoreSession: restoresTo('signed-in'),
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in' } }));
    actor.send({ type: 'user.createProof' });
    actor.send({ type: 'url.fragment', fragment: fragment() });
    expect(actor.getSnapshot().matches({ account: { session: 'proving' } })).toBe(true);
    expect(actor.getSnapshot().context.failure?.code).toBe('FLOW_NOT_STARTED');
    finishProof();
    const ready = await waitFor(actor, (s) => s.matches({ account: { session: 'ready' } }));
    expect(ready.context.address).toBe(IDENTITY.address);
    expect(validateCallback).not.toHaveBeenCalled();
  });

  it('cancels the login request when the visitor signs out meanwhile', async () => {
    let signal: AbortSignal | undefined;
    const hanging = fromPromise<SignedInSession, { jwt: Secret<string> }>(({ signal: s }) => {
      signal = s;
      return new Promise(() => {});
    });
    const actor = createActor(stubbedMachine({ fetchLogin: hanging }), { input: { fragment: fragment() } }).start();
    await waitFor(actor, (s) => s.matches('fetching-login'));
    actor.send({ type: 'user.signOut' });
    await waitFor(actor, (s) => s.matches({ 'logged-out': 'done' }));
    expect(signal?.aborted).toBe(true);
  });

  it('signs the visitor out when the session reaches expiresAt while the page is open', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 21) });
    const expiresAt = Date.now() + 60_000;
    const actor = createActor(
      stubbedMachine({
        restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => ({
          status: 'ready',
          ...session({ expiresAt }),
        })),
      }),
      { input: {} },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('Your session has expired. Please sign in again.');
  });

  it('never puts the token into anything serialisable', async () => {
    const actor = createActor(stubbedMachine(), { input: { fragment: new Secret('#id_token=eyJ.secret.token') } }).start();
    const seen: string[] = [JSON.stringify(actor.getSnapshot())];
    actor.subscribe((snapshot) => void seen.push(JSON.stringify(snapshot)));
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in' } }));
    for (const text of seen) expect(text).not.toContain('secret');
  });
});
