import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot, waitFor } from 'xstate';
import { LoginServiceError } from '../src/login-service/errors.ts';
import { CATALOGUE, SignInError, TRANSIENT_CODES } from './errors.ts';
import { Secret } from './secret.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { CallbackOutput, RestoreOutput, SignInContext, SignInEvent } from './sign-in.types.ts';
import { STRAY_CALLBACK } from './failure.ts';
import { failing, SESSION, stubbedMachine } from './test-stubs.ts';

const fragment = () => new Secret('#id_token=abc');
/** A restoreSession stub that finds `output` in storage. */
const restoresTo = (output: RestoreOutput) => fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => output);

/** A snapshot at `value` with `context`, without running anything. */
function at(value: Parameters<typeof signInMachine.resolveState>[0]['value'], context: Partial<SignInContext> = {}) {
  const base = getInitialSnapshot(signInMachine, {}).context;
  return signInMachine.resolveState({ value, context: { ...base, ...context } });
}
const next = (snapshot: ReturnType<typeof at>, event: SignInEvent) => getNextSnapshot(signInMachine, snapshot, event);

/** Account states at rest (with the node's region idle), and signing. */
const SIGNED_IN = { 'signed-in': 'idle' } as const;
const READY = { ready: { message: 'waiting', chain: 'idle', wallet: 'waiting' } } as const;
const SIGNING = { ready: { message: 'signing', chain: 'idle', wallet: 'waiting' } } as const;

describe('signInMachine: pure transitions', () => {
  it('starts by restoring from storage', () => {
    expect(getInitialSnapshot(signInMachine, {}).value).toBe('restoring');
  });

  it('goes straight to callback validation when the page loads with a fragment', () => {
    expect(getInitialSnapshot(signInMachine, { fragment: fragment() }).value).toBe('callback-validating');
  });

  it('idle: a sign-in click goes to redirecting with the provider', () => {
    const snapshot = next(at('idle'), { type: 'user.signIn', provider: 'twitch' });
    expect(snapshot.value).toEqual({ redirecting: 'preparing' });
    expect(snapshot.context.requestedProvider).toBe('twitch');
  });

  it('idle, failed, logged-out: a new fragment is validated, and the alert gives way to it', () => {
    for (const value of ['idle', 'failed', { 'logged-out': 'done' }] as const) {
      const snapshot = next(at(value, { failure: STRAY_CALLBACK }), { type: 'url.fragment', fragment: fragment() });
      expect(snapshot.value).toBe('callback-validating');
      expect(snapshot.context.failure).toBeNull();
    }
  });

  it('signed-in, proving, ready: a fragment is never a new sign-in; the visitor stays, told why', () => {
    const account = { address: SESSION.address, provider: 'google', expiresAt: SESSION.expiresAt } as const;
    for (const value of [SIGNED_IN, 'proving', READY, SIGNING] as const) {
      const snapshot = next(at(value, account), { type: 'url.fragment', fragment: fragment() });
      expect(snapshot.value).toEqual(value);
      expect(snapshot.context).toMatchObject({ ...account, fragment: null, failure: STRAY_CALLBACK });
      expect(snapshot.context.failure?.message).toBe(CATALOGUE.FLOW_NOT_STARTED);
    }
  });

  it('the alert can be dismissed wherever it sits beside controls; not in failed, whose message it is', () => {
    for (const value of ['idle', SIGNED_IN, 'proving', READY, { 'logged-out': 'done' }] as const) {
      expect(at(value).can({ type: 'user.dismiss' })).toBe(false);
      const dismissed = next(at(value, { failure: STRAY_CALLBACK }), { type: 'user.dismiss' });
      expect(dismissed.matches(value)).toBe(true);
      expect(dismissed.context.failure).toBeNull();
    }
    expect(at('failed', { failure: STRAY_CALLBACK }).can({ type: 'user.dismiss' })).toBe(false);
  });

  it('any new step clears the alert', () => {
    const steps: [Parameters<typeof at>[0], SignInEvent][] = [
      ['idle', { type: 'user.signIn', provider: 'google' }],
      [{ 'logged-out': 'done' }, { type: 'user.signIn', provider: 'google' }],
      ['signed-in', { type: 'user.createProof' }],
      ['signed-in', { type: 'user.signOut' }],
      [READY, { type: 'user.signMessage', message: 'hi' }],
      [READY, { type: 'tab.signedOut' }],
      ['failed', { type: 'user.startOver' }],
    ];
    for (const [value, event] of steps) {
      const snapshot = next(at(value, { failure: { ...STRAY_CALLBACK, retryable: true } }), event);
      expect(snapshot.value, event.type).not.toEqual(value);
      expect(snapshot.context.failure, event.type).toBeNull();
    }
  });

  it('tags say what the page shows: the account, the sign-in buttons, or work under way', () => {
    expect(at('signed-in').hasTag('has-account')).toBe(true);
    expect(at('proving').hasTag('has-account') && at('proving').hasTag('busy')).toBe(true);
    expect(at(SIGNING).hasTag('has-account') && at(SIGNING).hasTag('busy')).toBe(true);
    expect(at('idle').hasTag('can-sign-in') && at({ 'logged-out': 'done' }).hasTag('can-sign-in')).toBe(true);
    for (const value of ['restoring', { redirecting: 'preparing' }, 'callback-validating', 'fetching-login'] as const) {
      expect(at(value).hasTag('busy')).toBe(true);
      expect(at(value).hasTag('has-account') || at(value).hasTag('can-sign-in')).toBe(false);
    }
    expect([...at('failed').tags].sort()).toEqual(['login-failed', 'verifying']);
    expect(at(READY).hasTag('has-proof') && !at('signed-in').hasTag('has-proof')).toBe(true);
    for (const value of ['callback-validating', 'fetching-login'] as const) expect(at(value).hasTag('verifying')).toBe(true);
  });

  it('signed-in: create proof and sign out', () => {
    expect(next(at('signed-in'), { type: 'user.createProof' }).value).toBe('proving');
    expect(next(at('signed-in'), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
  });

  it('ready: sign a message, or sign out', () => {
    expect(next(at(READY), { type: 'user.signMessage', message: 'hi' }).value).toEqual(SIGNING);
    expect(next(at(READY), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
  });

  it('sign-out forgets the session in the context at once', () => {
    const snapshot = next(at('signed-in', { address: SESSION.address, provider: 'google', expiresAt: 1 }), {
      type: 'user.signOut',
    });
    expect(snapshot.context).toMatchObject({ address: null, provider: null, expiresAt: null, jwt: null });
  });

  it('logged-out: sign-in is refused until storage is cleared', () => {
    expect(at({ 'logged-out': 'clearing' }).can({ type: 'user.signIn', provider: 'google' })).toBe(false);
    expect(next(at({ 'logged-out': 'done' }), { type: 'user.signIn', provider: 'google' }).value).toEqual({
      redirecting: 'preparing',
    });
  });

  it('failed (the login lookup): retry repeats it only when the failure can clear', () => {
    const failure = (retryable: boolean) => ({ code: 'x', message: 'm', step: 'fetching-login' as const, retryable });
    expect(next(at('failed', { failure: failure(true) }), { type: 'user.retry' }).value).toBe('fetching-login');
    expect(at('failed', { failure: failure(false) }).can({ type: 'user.retry' })).toBe(false);
    expect(at('failed', { failure: failure(false) }).can({ type: 'user.signOut' })).toBe(false);
  });

  it('failed: start over restores from storage, dropping a half-finished flow', () => {
    const snapshot = next(at('failed'), { type: 'user.startOver' });
    expect(snapshot.value).toBe('restoring');
    expect(snapshot.context.discardPendingFlow).toBe(true);
  });

  it("a visitor's own sign-out reaches every tab; another tab's sign-out clears only this one", () => {
    const own = next(at('signed-in'), { type: 'user.signOut' });
    expect(own.context.signOutEverywhere).toBe(true);
    for (const value of ['fetching-login', 'signed-in', 'proving', READY, 'failed'] as const) {
      const elsewhere = next(at(value), { type: 'tab.signedOut' });
      expect(elsewhere.value).toEqual({ 'logged-out': 'clearing' });
      expect(elsewhere.context).toMatchObject({ signOutEverywhere: false, notice: 'You signed out in another tab.' });
    }
    // A sign-in under way here ends too (the other tab emptied the vault that sealed it), and
    // so does what a flow left at the sign-in buttons, a window's flow still listened for included.
    const listening = { signInWindow: { flowId: 'flow-1', expiresAt: Date.now() + 60_000 } };
    for (const [value, context] of [
      [{ redirecting: 'preparing' }, {}],
      [{ redirecting: 'navigating' }, {}],
      [{ redirecting: { awaitingPopup: 'at-provider' } }, listening],
      ['callback-validating', {}],
      ['idle', { pendingFlow: true }],
      ['idle', listening],
    ] as const) {
      const elsewhere = next(at(value, context), { type: 'tab.signedOut' });
      expect(elsewhere.value, JSON.stringify(value)).toEqual({ 'logged-out': 'clearing' });
      expect(elsewhere.context).toMatchObject({
        notice: 'You signed out in another tab.',
        signInWindow: null,
        pendingFlow: false,
      });
    }
    // A tab with nothing of a sign-in stored stays as it is, its alert included.
    const failure = { code: 'X', message: 'The alert the visitor is reading.', step: 'redirecting', retryable: true } as const;
    const untouched = next(at({ idle: 'cold' }, { failure }), { type: 'tab.signedOut' });
    expect(untouched.value).toEqual({ idle: 'cold' });
    expect(untouched.context.failure).toEqual(failure);
  });

  it('warm start: intent prepares the key and nonce in idle and after sign-out; a click goes on from any of it', () => {
    expect(next(at({ idle: 'cold' }), { type: 'user.intent' }).value).toEqual({ idle: 'preparing' });
    expect(next(at({ 'logged-out': { done: 'cold' } }), { type: 'user.intent' }).value).toEqual({
      'logged-out': { done: 'preparing' },
    });
    for (const value of [{ idle: 'preparing' }, { idle: 'prepared' }] as const) {
      expect(next(at(value), { type: 'user.signIn', provider: 'google' }).value).toEqual({ redirecting: 'preparing' });
    }
  });

  it('redirecting: coming back from the bfcache restores instead of spinning', () => {
    expect(next(at({ redirecting: 'navigating' }), { type: 'page.restored' }).value).toBe('restoring');
  });

  it('ignores events a state does not handle', () => {
    expect(next(at('fetching-login'), { type: 'user.signIn', provider: 'google' }).value).toBe('fetching-login');
    expect(next(at('fetching-login'), { type: 'url.fragment', fragment: fragment() }).value).toBe('fetching-login');
  });
});

describe('signInMachine: running with stubbed actors', () => {
  afterEach(() => void vi.useRealTimers());

  it.each([
    [{ status: 'empty' } as const, 'idle'],
    [{ status: 'signed-in', ...SESSION } as const, 'signed-in'],
    [{ status: 'ready', ...SESSION } as const, 'ready'],
    [{ status: 'expired' } as const, 'logged-out'],
    [{ status: 'unreadable' } as const, 'logged-out'],
  ])('restores %o to %s', async (output, expected) => {
    const actor = createActor(stubbedMachine({ restoreSession: fromPromise(async () => output) }), { input: {} }).start();
    const snapshot = await waitFor(actor, (s) => !s.matches('restoring'));
    expect(snapshot.matches(expected as never)).toBe(true);
    if (output.status === 'expired') expect(snapshot.context.notice).toBe('Your session has expired. Please sign in again.');
  });

  it('an actor the app edge did not provide fails, naming itself', async () => {
    // Nothing provided: the restore's stand-in is invoked at start.
    const snapshot = await waitFor(createActor(signInMachine, { input: {} }).start(), (s) => !s.matches('restoring'));
    expect(snapshot.matches('idle')).toBe(true);
    expect(snapshot.context.failure).toMatchObject({
      step: 'restoring',
      message: 'signInMachine: actor "restoreSession" was not provided',
    });
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

  it('walks the whole journey: sign in, callback, proof, sign, sign out', async () => {
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
    const signedIn = await waitFor(second, (s) => s.matches('signed-in'));
    expect(signedIn.context).toMatchObject({ address: SESSION.address, provider: 'google', jwt: null });
    second.send({ type: 'user.createProof' });
    await waitFor(second, (s) => s.matches({ ready: { message: 'waiting' } }));
    second.send({ type: 'user.signMessage', message: 'hello' });
    const signed = await waitFor(second, (s) => s.context.signature !== null);
    expect(signed.context.signature).toBe('sig(hello)');
    second.send({ type: 'user.signOut' });
    await waitFor(second, (s) => s.matches({ 'logged-out': 'done' }));
    expect(clearSession).toHaveBeenCalledOnce();
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
  const LANDS_IN = {
    startSignIn: { idle: 'cold' },
    validateCallback: { idle: 'cold' },
    fetchLogin: 'failed',
    createProof: 'signed-in',
    signMessage: { ready: { message: 'waiting' } },
  } as const;

  it('knows where every catalogue error arises', () => {
    expect(Object.keys(CATALOGUE_AT).sort()).toEqual(Object.keys(CATALOGUE).sort());
  });

  it.each(Object.entries(CATALOGUE))(
    'keeps the catalogue error %s word for word, in the state the visitor is in',
    async (code, message) => {
      const where = CATALOGUE_AT[code]!;
      const error = SignInError.of(code as keyof typeof CATALOGUE);
      const startFrom = where === 'validateCallback' || where === 'fetchLogin' ? { fragment: fragment() } : {};
      const restored: RestoreOutput =
        where === 'createProof'
          ? { status: 'signed-in', ...SESSION }
          : where === 'signMessage'
            ? { status: 'ready', ...SESSION }
            : { status: 'empty' };
      const machine = stubbedMachine({ [where]: failing(error), restoreSession: restoresTo(restored) });
      const actor = createActor(machine, { input: startFrom }).start();
      if (where === 'startSignIn') {
        await waitFor(actor, (s) => s.matches('idle'));
        actor.send({ type: 'user.signIn', provider: 'google' });
      }
      if (where === 'createProof') {
        await waitFor(actor, (s) => s.matches('signed-in'));
        actor.send({ type: 'user.createProof' });
      }
      if (where === 'signMessage') {
        await waitFor(actor, (s) => s.matches('ready'));
        actor.send({ type: 'user.signMessage', message: 'hi' });
      }
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
      if (where === 'createProof' || where === 'signMessage') expect(snapshot.context.address).toBe(SESSION.address);
    },
  );

  it('a refused callback lands wherever storage leads, with the message, and asks nothing to drop a flow', async () => {
    for (const status of ['signed-in', 'ready', 'empty', 'expired'] as const) {
      const restoreInputs: unknown[] = [];
      const restoreSession = fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async ({ input }) => {
        restoreInputs.push(input);
        return status === 'empty' || status === 'expired' ? { status } : { status, ...SESSION };
      });
      const fetchLogin = vi.fn(async () => SESSION);
      const machine = stubbedMachine({
        validateCallback: failing(SignInError.of('FLOW_NOT_STARTED')),
        restoreSession,
        fetchLogin: fromPromise(fetchLogin),
      });
      const actor = createActor(machine, { input: { fragment: fragment() } }).start();
      const landed = await waitFor(actor, (s) => !s.hasTag('busy'));
      const expected = { 'signed-in': 'signed-in', ready: 'ready', empty: 'idle', expired: 'logged-out' }[status];
      expect(landed.matches(expected as never), status).toBe(true);
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
    ['startSignIn', 'idle', { type: 'user.signIn', provider: 'google' }, { redirecting: 'navigating' }],
    ['fetchLogin', 'failed', { type: 'user.retry' }, 'signed-in'],
    ['createProof', 'signed-in', { type: 'user.createProof' }, 'ready'],
  ] as const)(
    'a failing %s keeps its message in %s, and its way on works once the fault clears',
    async (name, landsIn, wayOn, recovered) => {
      let calls = 0;
      const flaky = fromPromise(async () => {
        calls += 1;
        if (calls === 1) throw new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
        return name === 'startSignIn' ? { url: 'https://idp.test/x' } : SESSION;
      });
      const input = name === 'startSignIn' ? {} : { fragment: fragment() };
      const actor = createActor(stubbedMachine({ [name]: flaky }), { input }).start();
      if (name === 'startSignIn') {
        await waitFor(actor, (s) => s.matches('idle'));
        actor.send({ type: 'user.signIn', provider: 'google' });
      }
      if (name === 'createProof') {
        await waitFor(actor, (s) => s.matches('signed-in'));
        actor.send({ type: 'user.createProof' });
      }
      const failed = await waitFor(actor, (s) => s.context.failure !== null);
      expect(failed.matches(landsIn === 'idle' ? { idle: 'cold' } : landsIn)).toBe(true);
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
      restoreSession: restoresTo({ status: 'signed-in', ...SESSION }),
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.matches('signed-in'));
    actor.send({ type: 'user.createProof' });
    actor.send({ type: 'url.fragment', fragment: fragment() });
    expect(actor.getSnapshot().matches('proving')).toBe(true);
    expect(actor.getSnapshot().context.failure?.code).toBe('FLOW_NOT_STARTED');
    finishProof();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.address).toBe(SESSION.address);
    expect(validateCallback).not.toHaveBeenCalled();
  });

  it('cancels the login request when the visitor signs out meanwhile', async () => {
    let signal: AbortSignal | undefined;
    const hanging = fromPromise<typeof SESSION, { jwt: Secret<string> }>(({ signal: s }) => {
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
          ...SESSION,
          expiresAt,
        })),
      }),
      { input: {} },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('Your session has expired. Please sign in again.');
  });

  it('never puts the token into anything serialisable', async () => {
    const actor = createActor(stubbedMachine(), { input: { fragment: new Secret('#id_token=eyJ.secret.token') } }).start();
    const seen: string[] = [JSON.stringify(actor.getSnapshot())];
    actor.subscribe((snapshot) => void seen.push(JSON.stringify(snapshot)));
    await waitFor(actor, (s) => s.matches('signed-in'));
    for (const text of seen) expect(text).not.toContain('secret');
  });
});
