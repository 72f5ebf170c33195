import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot, waitFor } from 'xstate';
import { LoginServiceError } from '../src/login-service/errors.ts';
import { CATALOGUE, SignInError } from '../src/zklogin/errors.ts';
import { Secret } from '../src/zklogin/secret.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { RestoreOutput, SignInContext, SignInEvent } from './sign-in.types.ts';
import { failing, SESSION, stubbedMachine } from './test-stubs.ts';

const fragment = () => new Secret('#id_token=abc');

/** A snapshot at `value` with `context`, without running anything. */
function at(value: Parameters<typeof signInMachine.resolveState>[0]['value'], context: Partial<SignInContext> = {}) {
  const base = getInitialSnapshot(signInMachine, {}).context;
  return signInMachine.resolveState({ value, context: { ...base, ...context } });
}
const next = (snapshot: ReturnType<typeof at>, event: SignInEvent) => getNextSnapshot(signInMachine, snapshot, event);

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

  it('idle, signed-in, ready, failed, logged-out: a new fragment is validated', () => {
    for (const value of ['idle', 'signed-in', { ready: 'waiting' }, 'failed', { 'logged-out': 'done' }] as const) {
      expect(next(at(value), { type: 'url.fragment', fragment: fragment() }).value).toBe('callback-validating');
    }
  });

  it('signed-in: create proof and sign out', () => {
    expect(next(at('signed-in'), { type: 'user.createProof' }).value).toBe('proving');
    expect(next(at('signed-in'), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
  });

  it('ready: sign a message, or sign out', () => {
    expect(next(at({ ready: 'waiting' }), { type: 'user.signMessage', message: 'hi' }).value).toEqual({ ready: 'signing' });
    expect(next(at({ ready: 'waiting' }), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
  });

  it('sign-out forgets the session in the context at once', () => {
    const snapshot = next(at('signed-in', { address: SESSION.address, provider: 'google', expiresAt: 1 }), { type: 'user.signOut' });
    expect(snapshot.context).toMatchObject({ address: null, provider: null, expiresAt: null, jwt: null });
  });

  it('logged-out: sign-in is refused until storage is cleared', () => {
    expect(at({ 'logged-out': 'clearing' }).can({ type: 'user.signIn', provider: 'google' })).toBe(false);
    expect(next(at({ 'logged-out': 'done' }), { type: 'user.signIn', provider: 'google' }).value).toEqual({ redirecting: 'preparing' });
  });

  it('failed: retry goes back to the failed step only when the failure can clear', () => {
    const failure = (step: 'redirecting' | 'fetching-login' | 'proving', retryable = true) => ({ code: 'x', message: 'm', step, retryable });
    expect(next(at('failed', { failure: failure('redirecting') }), { type: 'user.retry' }).value).toEqual({ redirecting: 'preparing' });
    expect(next(at('failed', { failure: failure('fetching-login') }), { type: 'user.retry' }).value).toBe('fetching-login');
    expect(next(at('failed', { failure: failure('proving') }), { type: 'user.retry' }).value).toBe('proving');
    expect(at('failed', { failure: failure('proving', false) }).can({ type: 'user.retry' })).toBe(false);
  });

  it('failed: start over restores from storage, dropping a half-finished flow', () => {
    const snapshot = next(at('failed'), { type: 'user.startOver' });
    expect(snapshot.value).toBe('restoring');
    expect(snapshot.context.discardPendingFlow).toBe(true);
  });

  it("a visitor's own sign-out reaches every tab; another tab's sign-out clears only this one", () => {
    const own = next(at('signed-in'), { type: 'user.signOut' });
    expect(own.context.signOutEverywhere).toBe(true);
    for (const value of ['fetching-login', 'signed-in', 'proving', { ready: 'waiting' }, 'failed'] as const) {
      const elsewhere = next(at(value), { type: 'tab.signedOut' });
      expect(elsewhere.value).toEqual({ 'logged-out': 'clearing' });
      expect(elsewhere.context).toMatchObject({ signOutEverywhere: false, notice: 'You signed out in another tab.' });
    }
    // Not signed in: nothing to do.
    expect(next(at('idle'), { type: 'tab.signedOut' }).matches('idle')).toBe(true);
    expect(next(at({ redirecting: 'preparing' }), { type: 'tab.signedOut' }).value).toEqual({ redirecting: 'preparing' });
  });

  it('warm start: intent prepares the key and nonce in idle and after sign-out; a click goes on from any of it', () => {
    expect(next(at({ idle: 'cold' }), { type: 'user.intent' }).value).toEqual({ idle: 'preparing' });
    expect(next(at({ 'logged-out': { done: 'cold' } }), { type: 'user.intent' }).value).toEqual({ 'logged-out': { done: 'preparing' } });
    for (const value of [{ idle: 'preparing' }, { idle: 'prepared' }] as const) {
      expect(next(at(value), { type: 'user.signIn', provider: 'google' }).value).toEqual({ redirecting: 'preparing' });
    }
  });

  it('redirecting: coming back from the bfcache restores instead of spinning', () => {
    expect(next(at({ redirecting: 'navigating' }), { type: 'page.restored' }).value).toBe('restoring');
  });

  it('ignores events a state does not handle', () => {
    expect(next(at('fetching-login'), { type: 'user.signIn', provider: 'google' }).value).toBe('fetching-login');
    expect(next(at('proving'), { type: 'url.fragment', fragment: fragment() }).value).toBe('proving');
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
    await waitFor(second, (s) => s.matches({ ready: 'waiting' }));
    second.send({ type: 'user.signMessage', message: 'hello' });
    const signed = await waitFor(second, (s) => s.context.signature !== null);
    expect(signed.context.signature).toBe('sig(hello)');
    second.send({ type: 'user.signOut' });
    await waitFor(second, (s) => s.matches({ 'logged-out': 'done' }));
    expect(clearSession).toHaveBeenCalledOnce();
  });

  it.each(Object.entries(CATALOGUE).filter(([code]) => !['SESSION_EXPIRED'].includes(code)))(
    'keeps the catalogue error %s word for word, with a way on',
    async (code, message) => {
      const error = SignInError.of(code as keyof typeof CATALOGUE);
      const actor = createActor(stubbedMachine({ validateCallback: failing(error) }), { input: { fragment: fragment() } }).start();
      const snapshot = await waitFor(actor, (s) => s.matches('failed'));
      expect(snapshot.context.failure).toMatchObject({ code, message, retryable: false });
      expect(snapshot.can({ type: 'user.startOver' })).toBe(true);
    },
  );

  it('shows Invalid provider: {provider} for an unknown provider', async () => {
    const actor = createActor(stubbedMachine({ startSignIn: failing(SignInError.invalidProvider('apple')) }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'user.signIn', provider: 'apple' });
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(snapshot.context.failure).toMatchObject({ message: 'Invalid provider: apple', retryable: false });
  });

  it.each([
    ['startSignIn', 'redirecting'],
    ['fetchLogin', 'fetching-login'],
    ['createProof', 'proving'],
  ] as const)('a failing %s keeps its message, and retry works once the fault clears', async (name, step) => {
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
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).toMatchObject({ step, message: 'The login service answered with HTTP 503.', retryable: true });
    actor.send({ type: 'user.retry' });
    const expected = { startSignIn: { redirecting: 'navigating' }, fetchLogin: 'signed-in', createProof: 'ready' }[name];
    await waitFor(actor, (s) => s.matches(expected as never));
    expect(actor.getSnapshot().context.failure).toBeNull();
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
      stubbedMachine({ restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => ({ status: 'ready', ...SESSION, expiresAt })) }),
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
