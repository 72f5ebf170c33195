/**
 * "Stay signed in", with a simulated clock: the notice in the session's last ten minutes,
 * a renewal by this page or by a window, the same identity continuing the account with a
 * later end, another identity or a failure leaving the current session until its end, and
 * the sign-in buttons offering the same provider first once the session has ended.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { CATALOGUE, SignInError } from './errors.ts';
import { Secret } from './secret.ts';
import type {
  CallbackOutput,
  PopupCommand,
  RestoreOutput,
  SignInEvent,
  SignedInSession,
  StartInput,
  StartOutput,
} from './sign-in.types.ts';
import { failing, IDENTITY, session, stubbedMachine, type StubActors } from '../../test/machine-stubs.ts';
import type { TransferReceipt, TransferRequest } from './transfer.ts';
import { RENEWAL_NOTICES } from './words.ts';
import { NAVIGATION_STALLED_MS } from './sign-in.machine.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 21, 12);

/** A stored account whose session ends `minutesLeft` from now. */
function restoring(minutesLeft: number) {
  const stored = session({ expiresAt: Date.now() + minutesLeft * MINUTE });
  return {
    session: stored,
    restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => ({ status: 'ready', ...stored })),
  };
}

function start(overrides: Partial<StubActors>, options: { popup?: boolean; fragment?: string; pageStays?: boolean } = {}) {
  const record: string[] = [];
  const actor = createActor(stubbedMachine(overrides, record), {
    input: {
      signInMode: options.popup ? 'popup' : 'redirect',
      pageStays: options.pageStays,
      fragment: options.fragment ? new Secret(options.fragment) : null,
    },
  }).start();
  return { actor, record };
}

/** The provider's answer to a renewal, as the callback's checks pass it on. */
const renewalCallback = fromPromise<CallbackOutput, { fragment: Secret<string> }>(async () => ({
  jwt: new Secret('jwt'),
  provider: 'google',
  renewal: true,
}));

const offered = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().hasTag('can-renew');

describe('signInMachine: Stay signed in', () => {
  beforeEach(() => void vi.useFakeTimers({ now: NOW }));
  afterEach(() => void vi.useRealTimers());

  it('offers "Stay signed in" when ten minutes are left, and at once for a session that starts with less', async () => {
    const { actor } = start({ restoreSession: restoring(60).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ account: { renewal: 'later' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(50 * MINUTE - 1_000);
    expect(offered(actor)).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(offered(actor)).toBe(true);
    // The account is as it was meanwhile: still ready.
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);

    const short = start({ restoreSession: restoring(4).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    expect(offered(short.actor)).toBe(true);
  });

  it('a page whose timers a sleeping laptop held reads the clock as it is on waking: the offer, or the end, at once', async () => {
    // The clock moves while no timer runs: the laptop slept for 55 minutes of a 60-minute session.
    const { actor } = start({ restoreSession: restoring(60).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(Date.now() + 55 * MINUTE);
    expect(offered(actor)).toBe(false);
    actor.send({ type: 'page.woke' });
    await vi.advanceTimersByTimeAsync(1);
    expect(offered(actor)).toBe(true);
    // Awake before the end, nothing ends, and the end comes on time from the clock as it is.
    actor.send({ type: 'page.woke' });
    expect(actor.getSnapshot().hasTag('has-account')).toBe(true);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    actor.send({ type: 'page.woke' });
    expect(offered(actor)).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * MINUTE - 1_000);
    expect(actor.getSnapshot().hasTag('has-account')).toBe(true);
    await vi.advanceTimersByTimeAsync(1_001);
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe(CATALOGUE.SESSION_EXPIRED);

    // Asleep past the end in its last ten minutes: the session ends on waking.
    const late = start({ restoreSession: restoring(8).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    expect(offered(late.actor)).toBe(true);
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    late.actor.send({ type: 'page.woke' });
    expect(late.actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(late.actor.getSnapshot().context.notice).toBe(CATALOGUE.SESSION_EXPIRED);

    // Asleep past the whole session, from before its last ten minutes: ended on waking too.
    const slept = start({ restoreSession: restoring(60).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    vi.setSystemTime(Date.now() + 3 * 60 * MINUTE);
    slept.actor.send({ type: 'page.woke' });
    await vi.advanceTimersByTimeAsync(2);
    expect(slept.actor.getSnapshot().matches('logged-out')).toBe(true);
  });

  it('a session longer than a browser timer waits (about 24.8 days) is not offered early', async () => {
    const { actor } = start({ restoreSession: restoring(40 * 24 * 60).restoreSession });
    await vi.advanceTimersByTimeAsync(30 * 24 * 60 * MINUTE);
    expect(offered(actor)).toBe(false);
    expect(actor.getSnapshot().hasTag('has-account')).toBe(true);
    await vi.advanceTimersByTimeAsync((10 * 24 * 60 - 10) * MINUTE + 1_000);
    expect(offered(actor)).toBe(true);
  });

  it('redirect mode: the same provider again, from the stored account, and this page goes there', async () => {
    const starts: StartInput[] = [];
    const startSignIn = fromPromise<StartOutput, StartInput>(async ({ input }) => {
      starts.push(input);
      return { url: 'https://idp.test/google?login_hint=sub', expiresAt: NOW + 2 * 60 * MINUTE };
    });
    const { actor, record } = start({ restoreSession: restoring(5).restoreSession, startSignIn });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([{ provider: 'google', renewal: true }]);
    expect(record).toContain('navigate https://idp.test/google?login_hint=sub');
    expect(actor.getSnapshot().matches({ account: { renewal: { due: 'leaving' } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(true);
    // Back from the provider by Back: storage is read again, and the account is there.
    actor.send({ type: 'page.restored' });
    await vi.advanceTimersByTimeAsync(0);
    expect(offered(actor)).toBe(true);
  });

  it('redirect mode: a page that never leaves for the provider offers, after a while, to stop waiting, back to "Stay signed in"', async () => {
    const startSignIn = fromPromise<StartOutput, StartInput>(async () => ({
      url: 'https://idp.test/google',
      expiresAt: NOW + 2 * 60 * MINUTE,
    }));
    const { actor, record } = start({ restoreSession: restoring(9).restoreSession, startSignIn });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ account: { renewal: { due: 'leaving' } } })).toBe(true);
    actor.send({ type: 'user.stopWaiting' });
    expect(actor.getSnapshot().hasTag('navigation-stalled')).toBe(false);
    await vi.advanceTimersByTimeAsync(NAVIGATION_STALLED_MS);
    expect(actor.getSnapshot().hasTag('navigation-stalled')).toBe(true);
    // No send meanwhile: the page may still leave.
    expect(actor.getSnapshot().can({ type: 'user.send', recipient: `0x${'b0'.repeat(32)}`, amount: '1' })).toBe(false);
    actor.send({ type: 'user.stopWaiting' });
    expect(record).toContain('stopNavigation');
    expect(offered(actor)).toBe(true);
    expect(actor.getSnapshot().hasTag('renewing')).toBe(false);
  });

  it('the same identity coming back continues the account: the same address, a later end, the proof made again when needed', async () => {
    const renewed = session({ expiresAt: NOW + 2 * 60 * MINUTE });
    const { actor } = start(
      {
        validateCallback: renewalCallback,
        fetchLogin: fromPromise<SignedInSession, { jwt: Secret<string> }>(async () => renewed),
      },
      { fragment: '#id_token=renewed' },
    );
    await vi.advanceTimersByTimeAsync(0);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ account: { session: 'signed-in', renewal: 'later' } })).toBe(true);
    expect(context).toMatchObject({
      address: IDENTITY.address,
      expiresAt: renewed.expiresAt,
      proofStored: false,
      renewing: false,
    });
  });

  it('popup mode: the same identity comes back through a window while the page keeps the account', async () => {
    const starts: StartInput[] = [];
    const renewed = session({ expiresAt: NOW + 2 * 60 * MINUTE });
    const { actor, record } = start(
      {
        restoreSession: restoring(5).restoreSession,
        startSignIn: fromPromise<StartOutput, StartInput>(async ({ input }) => {
          starts.push(input);
          return { url: 'https://idp.test/google', expiresAt: NOW + 60 * MINUTE };
        }),
        validateCallback: renewalCallback,
        fetchLogin: fromPromise<SignedInSession, { jwt: Secret<string> }>(async () => renewed),
      },
      { popup: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.proofStored).toBe(true);
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([{ provider: 'google', state: 'zklogin-popup.flow-1', renewal: true }]);
    expect(actor.getSnapshot().matches({ account: { renewal: { due: { window: 'at-provider' } } } })).toBe(true);
    expect(actor.getSnapshot().hasTag('has-account')).toBe(true);
    expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
    actor.send({ type: 'popup.callback', fragment: new Secret('#id_token=x&state=zklogin-popup.flow-1') });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ account: { renewal: 'later' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ address: IDENTITY.address, expiresAt: renewed.expiresAt });
    // The proof it had belonged to the old key: the account is back at signed-in, to make it again.
    expect(actor.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);
    expect(actor.getSnapshot().context.proofStored).toBe(false);
  });

  it('popup mode: a window closed before the end leaves the session as it was, with a notice', async () => {
    const hanging = fromPromise<StartOutput, StartInput>(() => new Promise(() => {}));
    const { actor } = start({ restoreSession: restoring(5).restoreSession, startSignIn: hanging }, { popup: true });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'popup.closed' });
    expect(offered(actor)).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice: RENEWAL_NOTICES.closed, expiresAt: NOW + 5 * MINUTE });

    // Closed once at the provider, it may only be cut off: its answer is still listened for.
    const cut = start({ restoreSession: restoring(5).restoreSession }, { popup: true });
    await vi.advanceTimersByTimeAsync(0);
    cut.actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    cut.actor.send({ type: 'popup.closed' });
    expect(offered(cut.actor)).toBe(true);
    expect(cut.actor.getSnapshot().context.notice).toBe(RENEWAL_NOTICES.lost);
    cut.actor.send({ type: 'popup.callback', fragment: new Secret('#id_token=x&state=zklogin-popup.flow-1') });
    expect(cut.actor.getSnapshot().matches('callback-validating')).toBe(true);
  });

  it("a page that must stay (the hosted wallet's window): a blocked renewal window says so and keeps the session, never sending the page to the provider", async () => {
    const blocked = fromCallback<PopupCommand, void, SignInEvent>(({ sendBack }) => void sendBack({ type: 'popup.blocked' }));
    const { actor, record } = start(
      { restoreSession: restoring(5).restoreSession, popupWindow: blocked },
      { popup: true, pageStays: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    const states: string[] = [];
    actor.subscribe((snapshot) => void states.push(JSON.stringify(snapshot.value)));
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    // Never the renewal by this page (`starting`, then `leaving`).
    expect(states.filter((state) => /starting|leaving/.test(state))).toEqual([]);
    expect(offered(actor)).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice: RENEWAL_NOTICES.blockedHere, expiresAt: NOW + 5 * MINUTE });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
    expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
  });

  it('another identity is refused with a message; the current session stays until its end', async () => {
    const current = restoring(5);
    const { actor } = start(
      {
        restoreSession: current.restoreSession,
        validateCallback: renewalCallback,
        fetchLogin: failing(SignInError.of('RENEWAL_OTHER_IDENTITY')),
      },
      { fragment: '#id_token=someone-else' },
    );
    await vi.advanceTimersByTimeAsync(0);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ account: { session: 'ready', renewal: { due: 'offered' } } })).toBe(true);
    expect(context.failure).toMatchObject({ code: 'RENEWAL_OTHER_IDENTITY', step: 'renewing' });
    expect(context).toMatchObject({ address: IDENTITY.address, expiresAt: current.session.expiresAt, renewing: false });
    // And it still ends when it was going to.
    await vi.advanceTimersByTimeAsync(5 * MINUTE + 1);
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
  });

  it('keeps the renewal errors of the catalogue word for word, with the session as it was', async () => {
    const notPossible = start({
      restoreSession: restoring(5).restoreSession,
      startSignIn: failing(SignInError.of('RENEWAL_NOT_POSSIBLE')),
    });
    await vi.advanceTimersByTimeAsync(0);
    notPossible.actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    expect(notPossible.actor.getSnapshot().context.failure).toMatchObject({
      code: 'RENEWAL_NOT_POSSIBLE',
      message: CATALOGUE.RENEWAL_NOT_POSSIBLE,
      step: 'renewing',
    });
    expect(offered(notPossible.actor)).toBe(true);

    const other = start(
      { validateCallback: renewalCallback, fetchLogin: failing(SignInError.of('RENEWAL_OTHER_IDENTITY')) },
      { fragment: '#id_token=someone-else' },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(other.actor.getSnapshot().context.failure).toMatchObject({
      code: 'RENEWAL_OTHER_IDENTITY',
      message: CATALOGUE.RENEWAL_OTHER_IDENTITY,
    });
  });

  it('a renewal that cannot start, or whose lookup fails, leaves the session as it was', async () => {
    const { actor } = start({
      restoreSession: restoring(5).restoreSession,
      startSignIn: failing(SignInError.of('STORAGE_WRITE_FAILED')),
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'user.renew' });
    await vi.advanceTimersByTimeAsync(0);
    expect(offered(actor)).toBe(true);
    expect(actor.getSnapshot().context.failure).toMatchObject({ code: 'STORAGE_WRITE_FAILED', step: 'renewing' });
    expect(actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);

    const lookup = start(
      {
        restoreSession: restoring(5).restoreSession,
        validateCallback: renewalCallback,
        fetchLogin: failing(new TypeError('Failed to fetch')),
      },
      { fragment: '#id_token=renewed' },
    );
    await vi.advanceTimersByTimeAsync(0);
    // Never the failed screen (it would hide the session): the account, with the message.
    expect(lookup.actor.getSnapshot().matches({ account: { session: 'ready' } })).toBe(true);
    expect(lookup.actor.getSnapshot().context.failure?.step).toBe('renewing');
  });

  it('at the end, the sign-in buttons offer the same provider first; a visitor who signs out is not reminded', async () => {
    const { actor } = start({ restoreSession: restoring(5).restoreSession });
    await vi.advanceTimersByTimeAsync(5 * MINUTE + 1);
    expect(actor.getSnapshot().matches('logged-out')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ endedProvider: 'google', provider: null });

    const reloaded = start({
      restoreSession: fromPromise<RestoreOutput, { discardPendingFlow: boolean }>(async () => ({
        status: 'expired',
        provider: 'twitch',
      })),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reloaded.actor.getSnapshot().context.endedProvider).toBe('twitch');

    const signedOut = start({ restoreSession: restoring(5).restoreSession });
    await vi.advanceTimersByTimeAsync(0);
    signedOut.actor.send({ type: 'user.signOut' });
    expect(signedOut.actor.getSnapshot().context.endedProvider).toBeNull();
  });

  describe('a send under way', () => {
    const BOB = `0x${'b0'.repeat(32)}`;
    /** A transfer that reached the node and whose answer has not come back. */
    const unanswered = fromPromise<TransferReceipt, TransferRequest>(() => new Promise(() => {}));
    const sendTenth = (actor: ReturnType<typeof start>['actor']) =>
      actor.send({ type: 'user.send', recipient: BOB, amount: '100000000' });

    it('"Stay signed in" waits for its answer: the page would leave, or a new session cut it off', async () => {
      for (const popup of [false, true]) {
        const { actor, record } = start({ restoreSession: restoring(5).restoreSession, sendSui: unanswered }, { popup });
        await vi.advanceTimersByTimeAsync(0);
        sendTenth(actor);
        expect(actor.getSnapshot().matches({ account: { chain: 'sending' } })).toBe(true);
        expect(offered(actor)).toBe(true);
        expect(actor.getSnapshot().can({ type: 'user.renew' })).toBe(false);
        actor.send({ type: 'user.renew' });
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().matches({ account: { renewal: { due: 'offered' } } })).toBe(true);
        expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
      }
      // Its answer come, the renewal is open again.
      const { actor } = start({ restoreSession: restoring(5).restoreSession });
      await vi.advanceTimersByTimeAsync(0);
      sendTenth(actor);
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.lastTransfer?.digest).toBe('Digest1111');
      expect(actor.getSnapshot().can({ type: 'user.renew' })).toBe(true);
    });

    it("the session's end says the catalogue's words, and that the transfer may still go through", async () => {
      const { actor } = start({ restoreSession: restoring(5).restoreSession, sendSui: unanswered });
      await vi.advanceTimersByTimeAsync(0);
      sendTenth(actor);
      await vi.advanceTimersByTimeAsync(5 * MINUTE + 1);
      expect(actor.getSnapshot().matches('logged-out')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({
        notice: 'Your session has expired. Please sign in again.',
        transferUnderWay: '0.1',
        pendingTransfer: null,
      });
    });

    it("a renewal window's answer that comes during the send keeps the account and says the transfer may still go through", async () => {
      const { actor } = start(
        {
          restoreSession: restoring(5).restoreSession,
          sendSui: unanswered,
          validateCallback: renewalCallback,
          fetchLogin: fromPromise<SignedInSession, { jwt: Secret<string> }>(async () =>
            session({ expiresAt: NOW + 60 * MINUTE }),
          ),
        },
        { popup: true },
      );
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'user.renew' });
      await vi.advanceTimersByTimeAsync(0);
      sendTenth(actor);
      expect(actor.getSnapshot().matches({ account: { chain: 'sending' } })).toBe(true);
      actor.send({ type: 'popup.callback', fragment: new Secret('#id_token=x&state=zklogin-popup.flow-1') });
      await vi.advanceTimersByTimeAsync(0);
      const back = actor.getSnapshot();
      expect(back.matches({ account: { renewal: 'later', chain: 'idle' } })).toBe(true);
      expect(back.context).toMatchObject({ transferUnderWay: '0.1', pendingTransfer: null, address: IDENTITY.address });
      // Nothing is pending: the renewal is open again, and a new send takes the note away.
      sendTenth(actor);
      expect(actor.getSnapshot().context.transferUnderWay).toBeNull();
    });
  });
});
