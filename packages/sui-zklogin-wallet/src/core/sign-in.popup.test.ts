/**
 * signInMachine in popup mode: the sign-in window is the popupWindow actor (stubbed here:
 * it records what the machine tells it and sends what a test makes the window do). The
 * machine opens it, sends it to the provider, takes its answer, falls back to a redirect
 * when it is blocked, returns to the buttons when it reads as closed (and goes on listening
 * for the answer of a flow already sent to the provider, until that flow is replaced, ended
 * or expired), and brings it forward on a second click. A dApp's interactive connect that
 * started it is answered either way.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { NOTICES, POPUP_NOTICES } from './words.ts';
import { Secret } from './secret.ts';
import type { PopupCommand, SignInEvent, SignInMode, StartInput, StartOutput, WalletAnswer } from './sign-in.types.ts';
import { failing, IDENTITY, stubbedMachine, type StubActors } from '../../test/machine-stubs.ts';

/** A sign-in window that opens (or is blocked) and records what it is told and when it is closed. */
function fakeWindow(opens = true) {
  const log: string[] = [];
  const logic = fromCallback<PopupCommand, void, SignInEvent>(({ sendBack, receive }) => {
    if (!opens) return void sendBack({ type: 'popup.blocked' });
    receive((command) => void log.push(command.type === 'popup.navigate' ? `navigate ${command.url}` : 'focus'));
    sendBack({ type: 'popup.opened', flowId: 'flow-1' });
    return () => void log.push('stopped');
  });
  return { log, logic };
}

/** The listener for a lost window's flow: records when it listens and when it is stopped. */
function fakeListener() {
  const log: string[] = [];
  const logic = fromCallback<EventObject, { flowId: string }, SignInEvent>(({ input }) => {
    log.push(`listening ${input.flowId}`);
    return () => void log.push('stopped');
  });
  return { log, logic };
}

async function started(mode: SignInMode, overrides: Partial<StubActors> = {}, pageStays = false) {
  const record: string[] = [];
  const actor = createActor(stubbedMachine(overrides, record), { input: { signInMode: mode, pageStays } });
  const answers: WalletAnswer[] = [];
  actor.on('wallet.answer', (answer) => void answers.push(answer));
  actor.start();
  await waitFor(actor, (s) => s.matches('idle'));
  return { actor, record, answers };
}

const callback = { type: 'popup.callback', fragment: new Secret('#id_token=t&state=zklogin-popup.flow-1') } as const;

describe('signInMachine in popup mode', () => {
  it('opens the window, sends it to the provider with its flow as state, and signs in from its answer without this page navigating', async () => {
    const window = fakeWindow();
    const starts: StartInput[] = [];
    const startSignIn = fromPromise<StartOutput, StartInput>(async ({ input }) => {
      starts.push(input);
      return { url: `https://idp.test/${input.provider}?state=${input.state}`, expiresAt: Date.now() + 3_600_000 };
    });
    const { actor, record } = await started('popup', { popupWindow: window.logic, startSignIn });
    actor.send({ type: 'user.signIn', provider: 'google' });
    expect(actor.getSnapshot().hasTag('awaiting-popup')).toBe(true);
    // The buttons stay: the page is not busy while the window is open.
    expect(actor.getSnapshot().hasTag('can-sign-in')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    await waitFor(actor, () => window.log.length > 0);
    expect(starts).toEqual([{ provider: 'google', state: 'zklogin-popup.flow-1', renewal: false }]);
    expect(window.log).toEqual(['navigate https://idp.test/google?state=zklogin-popup.flow-1']);
    expect(actor.getSnapshot().matches({ redirecting: { 'awaiting-popup': 'at-provider' } })).toBe(true);

    actor.send(callback);
    expect(actor.getSnapshot().matches('callback-validating') || actor.getSnapshot().matches('fetching-login')).toBe(true);
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in' } }));
    expect(actor.getSnapshot().context.address).toBe(IDENTITY.address);
    expect(window.log).toContain('stopped');
    expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
  });

  it('a second click brings the open window forward and starts nothing new', async () => {
    const window = fakeWindow();
    const { actor } = await started('popup', { popupWindow: window.logic });
    actor.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(actor, () => window.log.length > 0);
    actor.send({ type: 'user.signIn', provider: 'google' });
    actor.send({ type: 'user.signIn', provider: 'twitch' });
    expect(window.log.slice(1)).toEqual(['focus', 'focus']);
    expect(actor.getSnapshot().context.requestedProvider).toBe('google');
  });

  it('a blocked window falls back to this page going to the provider, and says so', async () => {
    const window = fakeWindow(false);
    const { actor, record } = await started('popup', { popupWindow: window.logic });
    actor.send({ type: 'user.signIn', provider: 'google' });
    expect(actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.blocked);
    await waitFor(actor, (s) => s.matches({ redirecting: 'navigating' }));
    expect(record).toContain('navigate https://idp.test/google');
    expect(actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.blocked);
  });

  it("a page that must stay (the hosted wallet's window) is never sent to the provider: a blocked window says so, makes no flow, and the next click tries a window again", async () => {
    const window = fakeWindow(false);
    const { actor, record } = await started('popup', { popupWindow: window.logic }, true);
    const states: string[] = [];
    actor.subscribe((snapshot) => void states.push(JSON.stringify(snapshot.value)));
    actor.send({ type: 'user.signIn', provider: 'google' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.blockedHere));
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.signInWindow).toBeNull();
    // Nothing was prepared for a redirect, nor any flow started.
    expect(states.filter((state) => state.includes('preparing') || state.includes('navigating'))).toEqual([]);
    expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
    // The next click asks for a window again (blocked again here).
    actor.send({ type: 'user.signIn', provider: 'google' });
    expect(states.filter((state) => state.includes('awaiting-popup'))).toHaveLength(2);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a window closed before its flow was stored returns to the sign-in buttons with a notice, and listens for nothing', async () => {
    const window = fakeWindow();
    const listener = fakeListener();
    const { actor } = await started('popup', {
      popupWindow: window.logic,
      popupAnswer: listener.logic,
      startSignIn: fromPromise<StartOutput, StartInput>(() => new Promise(() => {})),
    });
    actor.send({ type: 'user.signIn', provider: 'google' });
    actor.send({ type: 'popup.closed' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.closed);
    expect(actor.getSnapshot().context.signInWindow).toBeNull();
    expect(listener.log).toEqual([]);
    actor.send(callback);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a window that reads as closed once its flow went to the provider may only be cut off: the buttons come back, its flow is listened for, and its answer signs in', async () => {
    const window = fakeWindow();
    const listener = fakeListener();
    const { actor } = await started('popup', { popupWindow: window.logic, popupAnswer: listener.logic });
    actor.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(actor, () => window.log.length > 0);
    actor.send({ type: 'popup.closed' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().hasTag('can-sign-in')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.lost);
    expect(listener.log).toEqual(['listening flow-1']);
    actor.send(callback);
    expect(listener.log).toEqual(['listening flow-1', 'stopped']);
    await waitFor(actor, (s) => s.matches({ account: { session: 'signed-in' } }));
    expect(actor.getSnapshot().context.address).toBe(IDENTITY.address);
  });

  it("a lost window's flow ends when a new sign-in replaces it, a sign-out elsewhere ends it, or it expires: its answer is then taken by nobody", async () => {
    vi.useFakeTimers();
    try {
      const expiresAt = Date.now() + 60 * 60_000;
      const startSignIn = fromPromise<StartOutput, StartInput>(async ({ input }) => ({
        url: `https://idp.test/${input.provider}?state=${input.state}`,
        expiresAt,
      }));
      const lose = async () => {
        const window = fakeWindow();
        const listener = fakeListener();
        const { actor } = await started('popup', { popupWindow: window.logic, popupAnswer: listener.logic, startSignIn });
        actor.send({ type: 'user.signIn', provider: 'google' });
        await vi.waitFor(() => expect(window.log.length).toBeGreaterThan(0));
        actor.send({ type: 'popup.closed' });
        expect(listener.log).toEqual(['listening flow-1']);
        return { actor, listener };
      };

      const replaced = await lose();
      replaced.actor.send({ type: 'user.signIn', provider: 'twitch' });
      expect(replaced.listener.log).toEqual(['listening flow-1', 'stopped']);
      expect(replaced.actor.getSnapshot().hasTag('awaiting-popup')).toBe(true);
      expect(replaced.actor.getSnapshot().context.notice).toBeNull();

      const signedOut = await lose();
      signedOut.actor.send({ type: 'tab.signedOut' });
      expect(signedOut.listener.log).toEqual(['listening flow-1', 'stopped']);
      expect(signedOut.actor.getSnapshot().matches('logged-out')).toBe(true);
      signedOut.actor.send(callback);
      expect(signedOut.actor.getSnapshot().matches('logged-out')).toBe(true);

      const expired = await lose();
      await vi.advanceTimersByTimeAsync(expiresAt - Date.now() - 1_000);
      expect(expired.actor.getSnapshot().matches('idle')).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(expired.listener.log).toEqual(['listening flow-1', 'stopped']);
      // Through logged-out: its stored flow and its key are cleared.
      expect(expired.actor.getSnapshot().matches('logged-out')).toBe(true);
      expect(expired.actor.getSnapshot().context.notice).toBe(POPUP_NOTICES.expired);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed start closes the window and returns to the buttons with the reason', async () => {
    const window = fakeWindow();
    const { actor } = await started('popup', {
      popupWindow: window.logic,
      startSignIn: failing(new Error('The login service could not be reached.')),
    });
    actor.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.failure?.message).toBe('The login service could not be reached.');
    expect(window.log).toEqual(['stopped']);
  });

  it("a window's answer is taken only while its flow lives: not before any window opened", async () => {
    const window = fakeWindow();
    const { actor } = await started('popup', { popupWindow: window.logic });
    actor.send(callback);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.fragment).toBeNull();
  });

  it('redirect mode never opens a window', async () => {
    const window = fakeWindow();
    const { actor, record } = await started('redirect', { popupWindow: window.logic });
    actor.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(actor, (s) => s.matches({ redirecting: 'navigating' }));
    expect(window.log).toEqual([]);
    expect(record).toContain('navigate https://idp.test/google');
  });

  describe("a dApp's interactive connect", () => {
    const connect = { type: 'wallet.connect', requestId: 'c1', provider: 'google', silent: false } as const;
    /** The answer to that connect once the sign-in gave the stubs' account (IDENTITY). */
    const connected = {
      type: 'wallet.answer',
      requestId: 'c1',
      ok: true,
      account: { provider: 'google', address: IDENTITY.address, publicKey: IDENTITY.publicKey },
    } as const;

    it('starts the sign-in in a window and resolves with the account, this page never navigating', async () => {
      const window = fakeWindow();
      const { actor, answers, record } = await started('popup', { popupWindow: window.logic });
      actor.send(connect);
      expect(actor.getSnapshot().hasTag('awaiting-popup')).toBe(true);
      await waitFor(actor, () => window.log.length > 0);
      actor.send(callback);
      await waitFor(actor, () => answers.length > 0);
      expect(answers).toEqual([connected]);
      expect(actor.getSnapshot().context.walletConnect).toBeNull();
      expect(record.filter((entry) => entry.startsWith('navigate'))).toEqual([]);
    });

    it('is refused with the notice when the window is closed before its flow went to the provider', async () => {
      const window = fakeWindow();
      const { actor, answers } = await started('popup', {
        popupWindow: window.logic,
        startSignIn: fromPromise<StartOutput, StartInput>(() => new Promise(() => {})),
      });
      actor.send(connect);
      actor.send({ type: 'popup.closed' });
      expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'c1', ok: false, message: POPUP_NOTICES.closed }]);
    });

    it("waits while a window that reads as closed at the provider is listened for, and that window's answer connects it", async () => {
      const window = fakeWindow();
      const listener = fakeListener();
      const { actor, answers } = await started('popup', { popupWindow: window.logic, popupAnswer: listener.logic });
      actor.send(connect);
      await waitFor(actor, () => window.log.length > 0);
      actor.send({ type: 'popup.closed' });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(answers).toEqual([]);
      expect(actor.getSnapshot().context.walletConnect).toEqual({ requestId: 'c1', provider: 'google' });

      actor.send(callback);
      await waitFor(actor, () => answers.length > 0);
      expect(answers).toEqual([connected]);
      expect(actor.getSnapshot().context.walletConnect).toBeNull();
    });

    it("is refused with the notice when the lost window's flow ends unanswered: expired, or ended by a sign-out elsewhere", async () => {
      vi.useFakeTimers();
      try {
        const expiresAt = Date.now() + 60 * 60_000;
        const startSignIn = fromPromise<StartOutput, StartInput>(async ({ input }) => ({
          url: `https://idp.test/${input.provider}?state=${input.state}`,
          expiresAt,
        }));
        const lose = async () => {
          const window = fakeWindow();
          const { actor, answers } = await started('popup', {
            popupWindow: window.logic,
            popupAnswer: fakeListener().logic,
            startSignIn,
          });
          actor.send(connect);
          await vi.waitFor(() => expect(window.log.length).toBeGreaterThan(0));
          actor.send({ type: 'popup.closed' });
          expect(answers).toEqual([]);
          return { actor, answers };
        };

        const expired = await lose();
        await vi.advanceTimersByTimeAsync(expiresAt - Date.now() + 1_000);
        expect(expired.actor.getSnapshot().matches('logged-out')).toBe(true);
        expect(expired.answers).toEqual([{ type: 'wallet.answer', requestId: 'c1', ok: false, message: POPUP_NOTICES.expired }]);

        const signedOut = await lose();
        signedOut.actor.send({ type: 'tab.signedOut' });
        expect(signedOut.actor.getSnapshot().matches('logged-out')).toBe(true);
        expect(signedOut.answers).toEqual([
          { type: 'wallet.answer', requestId: 'c1', ok: false, message: NOTICES.signedOutElsewhere },
        ]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('is refused with the notice when another tab signs out while its window is at the provider', async () => {
      const window = fakeWindow();
      const { actor, answers } = await started('popup', { popupWindow: window.logic });
      actor.send(connect);
      await waitFor(actor, (s) => s.matches({ redirecting: { 'awaiting-popup': 'at-provider' } }));
      actor.send({ type: 'tab.signedOut' });
      expect(actor.getSnapshot().matches('logged-out')).toBe(true);
      expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'c1', ok: false, message: NOTICES.signedOutElsewhere }]);
      expect(actor.getSnapshot().context.walletConnect).toBeNull();
      expect(window.log).toContain('stopped');
    });

    it('a new connect while one waits for a lost window answers the first (its sign-in is replaced) and starts its own window', async () => {
      const window = fakeWindow();
      const { actor, answers } = await started('popup', { popupWindow: window.logic, popupAnswer: fakeListener().logic });
      actor.send(connect);
      await waitFor(actor, () => window.log.length > 0);
      actor.send({ type: 'popup.closed' });
      actor.send({ ...connect, requestId: 'c2' });
      expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'c1', ok: false, message: POPUP_NOTICES.lost }]);
      expect(actor.getSnapshot().hasTag('awaiting-popup')).toBe(true);
      expect(actor.getSnapshot().context.walletConnect).toEqual({ requestId: 'c2', provider: 'google' });

      await waitFor(actor, () => window.log.length > 1);
      actor.send(callback);
      await waitFor(actor, () => answers.length > 1);
      expect(answers[1]).toMatchObject({ requestId: 'c2', ok: true, account: { provider: 'google' } });
    });

    it('is refused with the reason when the provider answer is refused', async () => {
      const window = fakeWindow();
      const { actor, answers } = await started('popup', {
        popupWindow: window.logic,
        validateCallback: failing(new Error('The sign-in response does not belong to this sign-in.')),
      });
      actor.send(connect);
      await waitFor(actor, () => window.log.length > 0);
      actor.send(callback);
      await waitFor(actor, () => answers.length > 0);
      expect(answers).toEqual([
        { type: 'wallet.answer', requestId: 'c1', ok: false, message: 'The sign-in response does not belong to this sign-in.' },
      ]);
    });

    it('is refused as unfinished when its sign-in ends with neither an account nor a reason (Back from the provider)', async () => {
      const { actor, answers } = await started('redirect');
      actor.send(connect);
      await waitFor(actor, (s) => s.matches({ redirecting: 'navigating' }));
      actor.send({ type: 'page.restored' });
      await waitFor(actor, () => answers.length > 0);
      expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'c1', ok: false, refusal: 'signInUnfinished' }]);
      expect(actor.getSnapshot().matches('idle')).toBe(true);
    });
  });
});
