/**
 * signInMachine's journey as pure transitions: each state's events and where they lead,
 * without running anything. The same journey on a running actor is in sign-in.running.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, transition } from 'xstate';
import { CATALOGUE, SignInError } from './errors.ts';
import { Secret } from './secret.ts';
import { signInMachine } from './sign-in.machine.ts';
import type { SignInEvent } from './sign-in.types.ts';
import { STRAY_CALLBACK } from './failure.ts';
import { IDENTITY, PROVING, READY, session, SIGNED_IN, SIGNING, snapshotAt } from '../../test/machine-stubs.ts';

const fragment = () => new Secret('#id_token=abc');

const at = snapshotAt;
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

  it('idle, failed, logged-out: a new fragment is validated, and the alert gives way to it', () => {
    for (const value of ['idle', 'failed', { 'logged-out': 'done' }] as const) {
      const snapshot = next(at(value, { failure: STRAY_CALLBACK }), { type: 'url.fragment', fragment: fragment() });
      expect(snapshot.value).toBe('callback-validating');
      expect(snapshot.context.failure).toBeNull();
    }
  });

  it('signed-in, proving, ready: a fragment is never a new sign-in; the visitor stays, told why', () => {
    const account = { address: IDENTITY.address, provider: IDENTITY.provider, expiresAt: session().expiresAt };
    for (const value of [SIGNED_IN, PROVING, READY, SIGNING] as const) {
      const snapshot = next(at(value, account), { type: 'url.fragment', fragment: fragment() });
      expect(snapshot.value).toEqual(value);
      expect(snapshot.context).toMatchObject({ ...account, fragment: null, failure: STRAY_CALLBACK });
      expect(snapshot.context.failure?.message).toBe(CATALOGUE.FLOW_NOT_STARTED);
    }
  });

  it('the alert can be dismissed wherever it sits beside controls; not in failed, whose message it is', () => {
    for (const value of ['idle', SIGNED_IN, PROVING, READY, { 'logged-out': 'done' }] as const) {
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
      [SIGNED_IN, { type: 'user.createProof' }],
      [SIGNED_IN, { type: 'user.signOut' }],
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
    expect(at(SIGNED_IN).hasTag('has-account')).toBe(true);
    expect(at(PROVING).hasTag('has-account') && at(PROVING).hasTag('busy')).toBe(true);
    expect(at(SIGNING).hasTag('has-account') && at(SIGNING).hasTag('busy')).toBe(true);
    expect(at('idle').hasTag('can-sign-in') && at({ 'logged-out': 'done' }).hasTag('can-sign-in')).toBe(true);
    for (const value of ['restoring', { redirecting: 'preparing' }, 'callback-validating', 'fetching-login'] as const) {
      expect(at(value).hasTag('busy')).toBe(true);
      expect(at(value).hasTag('has-account') || at(value).hasTag('can-sign-in')).toBe(false);
    }
    expect([...at('failed').tags].sort()).toEqual(['login-failed', 'settled', 'verifying-sign-in']);
    expect(at(READY).hasTag('has-proof') && !at(SIGNED_IN).hasTag('has-proof')).toBe(true);
    for (const value of ['callback-validating', 'fetching-login'] as const) {
      expect(at(value).hasTag('verifying-sign-in')).toBe(true);
      expect(at(value).hasTag('settled')).toBe(false);
    }
    // Settled: the machine knows what this tab holds (the boot's first paint and the wallets wait for it).
    for (const value of ['idle', { redirecting: 'preparing' }, SIGNED_IN, READY, 'failed', { 'logged-out': 'done' }] as const) {
      expect(at(value).hasTag('settled'), JSON.stringify(value)).toBe(true);
    }
    expect(at('restoring').hasTag('settled')).toBe(false);
  });

  it('signed-in: create proof and sign out', () => {
    expect(next(at(SIGNED_IN), { type: 'user.createProof' }).value).toEqual(PROVING);
    expect(next(at(SIGNED_IN), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
  });

  it('ready: sign a message, or sign out', () => {
    expect(next(at(READY), { type: 'user.signMessage', message: 'hi' }).value).toEqual(SIGNING);
    expect(next(at(READY), { type: 'user.signOut' }).value).toEqual({ 'logged-out': 'clearing' });
    // Nothing to sign: no text, or spaces alone.
    for (const message of ['', ' \n\t'])
      expect(at(READY).can({ type: 'user.signMessage', message }), JSON.stringify(message)).toBe(false);
  });

  it('sign-out forgets the session in the context at once', () => {
    const snapshot = next(at(SIGNED_IN, { address: IDENTITY.address, provider: 'google', expiresAt: 1 }), {
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
    // A lookup that failed keeps the token it looked up with (the retry asks with it again).
    expect(
      next(at('failed', { failure: failure(true), jwt: new Secret('header.payload.signature') }), { type: 'user.retry' }).value,
    ).toBe('fetching-login');
    expect(at('failed', { failure: failure(false) }).can({ type: 'user.retry' })).toBe(false);
    expect(at('failed', { failure: failure(false) }).can({ type: 'user.signOut' })).toBe(false);
  });

  it('a login lookup whose flow is no longer stored (another window started its own) is refused as the check refuses it: storage read again, no Start over that would clear it', () => {
    const refused = next(at('fetching-login', { jwt: new Secret('header.payload.signature') }), {
      type: 'xstate.error.actor.fetchLogin',
      error: SignInError.of('FLOW_NOT_STARTED'),
    } as never);
    expect(refused.value).toBe('restoring');
    expect(refused.context).toMatchObject({ jwt: null, discardPendingFlow: false, failure: { code: 'FLOW_NOT_STARTED' } });
    // Any other failure of the lookup keeps its two ways on.
    const failed = next(at('fetching-login'), {
      type: 'xstate.error.actor.fetchLogin',
      error: new TypeError('Failed to fetch'),
    } as never);
    expect(failed.value).toBe('failed');
  });

  it('failed: start over restores from storage, dropping a half-finished flow', () => {
    const snapshot = next(at('failed'), { type: 'user.startOver' });
    expect(snapshot.value).toBe('restoring');
    expect(snapshot.context.discardPendingFlow).toBe(true);
  });

  it('signed out, the machine keeps which session it held: its clear ends that one, never one another window stored since', () => {
    const signedIn = at(SIGNED_IN);
    const out = next(signedIn, { type: 'user.signOut' });
    expect(out.context.expiresAt).toBeNull();
    expect(out.context.endedSession).toEqual({ expiresAt: signedIn.context.expiresAt });
  });

  it("a visitor's own sign-out reaches every tab; another tab's sign-out clears only this one", () => {
    const own = next(at(SIGNED_IN), { type: 'user.signOut' });
    expect(own.context.signOutEverywhere).toBe(true);
    // Reading storage too: the keys the restore reads are gone with the other tab's sign-out.
    for (const value of ['restoring', 'fetching-login', SIGNED_IN, PROVING, READY, 'failed'] as const) {
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
      [{ redirecting: { 'awaiting-popup': 'at-provider' } }, listening],
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

  it('a sign-out whose clearing failed says so until the next sign-out, which starts afresh', () => {
    const failed = next(at({ 'logged-out': 'clearing' }), {
      type: 'xstate.error.actor.clearSession',
      error: new Error('IndexedDB blocked'),
    } as never);
    expect(failed.value).toEqual({ 'logged-out': { done: 'cold' } });
    expect(failed.context.clearingFailed).toBe(true);
    const again = next(at(SIGNED_IN, { clearingFailed: true, notice: 'A renewal window was closed.' }), { type: 'user.signOut' });
    expect(again.context.clearingFailed).toBe(false);
    // A notice of the account's goes with the visitor's sign-out: the page says what the sign-out did.
    expect(again.context.notice).toBeNull();
  });

  it('redirecting: coming back from the bfcache restores instead of spinning', () => {
    expect(next(at({ redirecting: 'navigating' }), { type: 'page.restored' }).value).toBe('restoring');
  });

  it('redirecting: a page still here long after it should have gone offers the way back, and still takes what comes', () => {
    const stalled = next(at({ redirecting: 'navigating' }), {
      type: 'xstate.after.navigationStalled.signIn.redirecting.navigating',
    } as never);
    expect(stalled.value).toEqual({ redirecting: 'stalled' });
    expect(stalled.hasTag('navigation-stalled') && stalled.hasTag('busy')).toBe(true);
    // Back to the buttons, as Back would: the way there stopped, storage read again, the started flow kept.
    const [back, actions] = transition(signInMachine, stalled, { type: 'user.stopWaiting' });
    expect(back.value).toBe('restoring');
    expect(back.context.discardPendingFlow).toBe(false);
    expect(actions.map((action) => action.type)).toContain('stopNavigation');
    expect(next(stalled, { type: 'page.restored' }).value).toBe('restoring');
    expect(next(stalled, { type: 'url.fragment', fragment: fragment() }).value).toBe('callback-validating');
    // Nowhere else: no way back while the page is merely on its way.
    expect(next(at({ redirecting: 'navigating' }), { type: 'user.stopWaiting' }).value).toEqual({ redirecting: 'navigating' });
  });

  it('ignores events a state does not handle', () => {
    expect(next(at('fetching-login'), { type: 'user.signIn', provider: 'google' }).value).toBe('fetching-login');
    expect(next(at('fetching-login'), { type: 'user.createProof' }).value).toBe('fetching-login');
  });

  it('a callback fragment while a sign-in is under way leaves the address bar at once; the sign-in goes on', () => {
    for (const value of [
      { redirecting: 'preparing' },
      { redirecting: { 'awaiting-popup': 'at-provider' } },
      'callback-validating',
      'fetching-login',
    ] as const) {
      const [after, actions] = transition(signInMachine, at(value), { type: 'url.fragment', fragment: fragment() });
      expect(after.value, JSON.stringify(value)).toEqual(at(value).value);
      expect(actions.map((action) => action.type)).toEqual(['clearFragment']);
    }
  });
});
