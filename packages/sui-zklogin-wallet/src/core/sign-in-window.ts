/**
 * Popup mode's sign-in window, as the `redirecting.awaiting-popup` state and the actions it
 * uses. The window opens in the click's own task (the `popupWindow` actor, at the app edge);
 * the key and nonce are made and stored for its flow (`open`); the window goes to the
 * provider (`at-provider`) and its answer comes back here, never through this page's URL.
 * The buttons stay meanwhile: a click brings the window forward. A blocked window falls back
 * to this page going to the provider, unless the page must stay (`pageStays`: the hosted
 * wallet's window), which says so and waits for the next click. A window that reads as closed once at the provider may
 * only be cut off (its provider page's Cross-Origin-Opener-Policy): the buttons come back,
 * and its flow is still listened for (`popupAnswer`, spawned here, stopped when idle is left)
 * until it answers, is replaced, is ended by a sign-out elsewhere, or expires.
 */
import { assignIn, failWith, type GuardArgs } from './machine-parts.ts';
import { popupState } from './popup.ts';
import { assertEvent } from 'xstate';
import type { SignInContext, SignInEvent, SignInTag, StartOutput } from './sign-in.types.ts';
import { POPUP_NOTICES, RENEWAL_NOTICES } from './words.ts';

/** The flow of the window that has just opened (the event that entered `open`). */
function flowIdOf(event: SignInEvent): string {
  assertEvent(event, 'popup.opened');
  return event.flowId;
}

/**
 * The sign-in window's states, for a sign-in from the buttons (`redirecting.awaiting-popup`,
 * back to the buttons when it ends without an answer) and for a renewal from the account
 * (`account.renewal.window`, back to the account's "Stay signed in"): one declaration, so
 * that both windows behave alike. `back` is where a window that ends without an answer
 * returns, `fallback` where a blocked one goes (this page goes to the provider), `again`
 * the click that brings the open window forward.
 */
export function signInWindow({
  back,
  fallback,
  again,
  renewal,
}: {
  back: string;
  fallback: string;
  again: SignInEvent['type'];
  renewal: boolean;
}) {
  const { closed, lost, blockedHere } = renewal ? RENEWAL_NOTICES : POPUP_NOTICES;
  return {
    tags: renewal ? (['renewing'] satisfies SignInTag[]) : (['can-sign-in', 'awaiting-popup'] satisfies SignInTag[]),
    invoke: { id: 'popupWindow', src: 'popupWindow' },
    initial: 'opening',
    on: {
      'popup.closed': { target: back, actions: [{ type: 'assignNotice', params: closed }, 'clearSignInWindow'] },
      'popup.blocked': [
        { guard: 'pageStays', target: back, actions: [{ type: 'assignNotice', params: blockedHere }, 'clearSignInWindow'] },
        { target: fallback, actions: { type: 'assignNotice', params: POPUP_NOTICES.blocked } },
      ],
      [again]: { actions: 'focusPopup' },
    },
    states: {
      opening: {
        on: { 'popup.opened': { target: 'open', actions: 'assignSignInWindow' } },
      },
      // The key and nonce are made for the window's flow (named by the popup.opened that
      // entered this state), stored, and the window is sent to the provider.
      open: {
        invoke: {
          id: 'startSignIn',
          src: 'startSignIn',
          input: ({ context, event }: { context: SignInContext; event: SignInEvent }) => ({
            provider: (renewal ? context.provider : context.requestedProvider) ?? '',
            state: popupState(flowIdOf(event)),
            renewal,
          }),
          onDone: {
            target: 'at-provider',
            actions: [
              { type: 'navigatePopup', params: ({ event }: { event: { output: StartOutput } }) => ({ url: event.output.url }) },
              { type: 'assignWindowExpiry', params: ({ event }: { event: { output: StartOutput } }) => event.output.expiresAt },
            ],
          },
          onError: { target: back, actions: [failWith(renewal ? 'renewing' : 'redirecting'), 'clearSignInWindow'] },
        },
      },
      'at-provider': {
        on: {
          'popup.callback': { target: '#signIn.callback-validating', actions: ['clearFailure', 'assignPopupCallback'] },
          'popup.closed': {
            target: back,
            actions: [{ type: 'assignNotice', params: lost }, 'listenForWindowAnswer'],
          },
        },
      },
    },
  } as const;
}

export const awaitingPopup = signInWindow({ back: '#signIn.idle', fallback: 'preparing', again: 'user.signIn', renewal: false });

/** What idle does for a window's flow still listened for: its answer, and its expiry. */
export const lostWindowInIdle = {
  after: {
    windowFlowExpiry: {
      guard: 'lostWindow',
      target: 'logged-out',
      actions: ['clearFailure', { type: 'assignNotice', params: POPUP_NOTICES.expired }],
    },
  },
  exit: ['stopListeningForWindowAnswer', 'clearSignInWindow'],
} as const;

/** Idle's transition for the answer of a window's flow still listened for (beside idle's own `on`). */
export const lostWindowAnswer = {
  'popup.callback': { guard: 'lostWindow', target: 'callback-validating', actions: ['clearFailure', 'assignPopupCallback'] },
} as const;

export const signInWindowActions = {
  assignPopupCallback: assignIn({
    fragment: ({ event }) => {
      assertEvent(event, 'popup.callback');
      return event.fragment;
    },
  }),
  assignSignInWindow: assignIn({
    signInWindow: ({ event }) => ({ flowId: flowIdOf(event), expiresAt: null }),
  }),
  /** The window's flow is stored: from now on it lives until it expires. */
  assignWindowExpiry: assignIn<number>({
    signInWindow: ({ context }, expiresAt) => context.signInWindow && { ...context.signInWindow, expiresAt },
  }),
  clearSignInWindow: assignIn({ signInWindow: null }),
};

export const signInWindowGuards = {
  popupMode: ({ context }: GuardArgs) => context.signInMode === 'popup',
  pageStays: ({ context }: GuardArgs) => context.pageStays,
  /** A window's flow is still listened for: it read as closed once at the provider (idle clears it on leaving). */
  lostWindow: ({ context }: GuardArgs) => context.signInWindow?.expiresAt != null,
};
