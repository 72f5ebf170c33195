/**
 * signInMachine: all behaviour of the sign-in flow, in one statechart.
 *
 *   restoring → idle → redirecting → (provider) → callback-validating → fetching-login
 *             → account (signed-in → proving → ready) → logged-out
 *
 * The account is one state with four regions, each living as long as the account does:
 * the session (the journey's steps once signed in: account-session.ts), the chain (the
 * address on the Sui node: account-chain.ts), the wallet (a dApp's requests:
 * account-wallet.ts) and the renewal (the session's end, and "Stay signed in":
 * account-renewal.ts). Work under way in one region goes on while another moves, and a
 * region that needs the proof asks the session for it and waits in its own states.
 *
 * A failure belongs to the state the visitor is in: it is kept in context (`failure`, the
 * alert) and the failed step returns to where the visitor can act again, with the controls
 * of that state: a failed start to the sign-in buttons, a refused callback to whatever
 * storage holds, a failed proof to `signed-in`, a failed signature to `ready`. Only a failed
 * login lookup, whose token is held in memory, has a state of its own (`failed`) with
 * "Try again" and "Start over". The machine decides; the actors named here do the I/O and
 * are attached at the app edge with `signInMachine.provide(...)`. No I/O in this file or
 * its parts. The visitor's words are in words.ts; each state's one-sentence description,
 * for the chart, the docs and the devtools, in sign-in.descriptions.ts.
 */
import { assertEvent, assign, fromCallback, sendTo, setup, spawnChild, stopChild, type EventObject } from 'xstate';
import { chainActions, chainGuards, chainRegion } from './account-chain.ts';
import { renewalGuards, renewalRegion, RENEWAL_WINDOW_MS } from './account-renewal.ts';
import { initialContext, NO_ACCOUNT } from './context.ts';
import { sessionActions, sessionGuards, sessionRegion } from './account-session.ts';
import { walletActions, walletGuards, walletRegion } from './account-wallet.ts';
import { SignInError } from './errors.ts';
import { msUntilExpiry } from './expiry.ts';
import { STRAY_CALLBACK } from './failure.ts';
import { assignIn, dismiss, failWith, signedOutElsewhere, signOut, type GuardArgs } from './machine-parts.ts';
import { NOT_PROVIDED, operationActors } from './operations.ts';
import { awaitingPopup, lostWindowAnswer, lostWindowInIdle, signInWindowActions, signInWindowGuards } from './sign-in-window.ts';
import type { Provider } from './providers.ts';
import type {
  Failure,
  PopupCommand,
  RestoreOutput,
  SignInContext,
  SignInEvent,
  SignInInput,
  SignInTag,
  SignedInSession,
  WalletAnswer,
} from './sign-in.types.ts';
import { warmStart } from './warm-start.ts';
import { NOTICES, SESSION_EXPIRED_MESSAGE } from './words.ts';

/** The sign-in window's stand-ins until the app edge provides them (a popup build only). */
const popupWindowNotProvided = fromCallback<PopupCommand, void, SignInEvent>(() => {
  throw new Error('signInMachine: actor "popupWindow" was not provided');
});
const popupAnswerNotProvided = fromCallback<EventObject, { flowId: string }, SignInEvent>(() => {
  throw new Error('signInMachine: actor "popupAnswer" was not provided');
});

/** The session the restore found (the transition's guard has chosen an answer that holds one). */
function restoredSession({ event }: { event: { output: RestoreOutput } }): SignedInSession {
  const { output } = event;
  if (output.status === 'signed-in' || output.status === 'ready') return output;
  throw new Error(`signInMachine: the restore found no session (${output.status})`);
}

/**
 * How long the page may sit on its way to the provider before it offers the way back: a
 * provider's page comes in a second or two, and nothing tells a page that the visitor
 * stopped its navigation.
 */
export const NAVIGATION_STALLED_MS = 10_000;

/** Where no account is shown, a new callback fragment is validated; any alert gives way to it. */
const onFragment = { target: '#signIn.callback-validating', actions: ['clearFailure', 'assignFragment'] } as const;

/** A sign-in click: popup mode opens a window for the provider; otherwise this page goes there. */
const signIn = [
  { guard: 'popupMode', target: '#signIn.redirecting.awaiting-popup', actions: ['clearFailure', 'assignRequestedProvider'] },
  { target: '#signIn.redirecting.preparing', actions: ['clearFailure', 'assignRequestedProvider'] },
] as const;

/** Where the sign-in buttons are, a dApp's interactive connect is the visitor's sign-in with its wallet's provider. */
const walletSignIn = { guard: 'interactive', actions: ['assignWalletConnect', 'signInForWallet'] } as const;

export const signInMachine = setup({
  types: {} as {
    context: SignInContext;
    events: SignInEvent;
    input: SignInInput | undefined;
    tags: SignInTag;
    emitted: WalletAnswer;
  },
  actors: {
    // The operations (operations.ts), each failing until the app edge provides it.
    ...operationActors(NOT_PROVIDED),
    /**
     * Popup mode: opens the sign-in window at once (in the click's own task, so that
     * blockers allow it) and says `popup.opened` or `popup.blocked`; goes where it is told
     * (`popup.navigate`), comes forward (`popup.focus`), hands back the window's answer for
     * its flow only (`popup.callback`) and says `popup.closed` when it reads as closed (closed
     * by the visitor, or cut off by a page's Cross-Origin-Opener-Policy). Stopped, it closes
     * a window still open.
     */
    popupWindow: popupWindowNotProvided,
    /** Popup mode: listens for the answer of a window that reads as closed and hands it back as `popup.callback`. */
    popupAnswer: popupAnswerNotProvided,
  },
  actions: {
    /** Sends the browser to the provider (attached at the app edge). */
    navigate: (_, _params: { url: string }) => {},
    /** Stops the browser's way to the provider, if it is still under way (attached at the app edge). */
    stopNavigation: () => {},
    /** Removes the fragment from the URL without a history entry (attached at the app edge). */
    clearFragment: () => {},
    ...sessionActions,
    ...chainActions,
    ...walletActions,
    ...signInWindowActions,
    navigatePopup: sendTo('popupWindow', (_, params: { url: string }): PopupCommand => ({
      type: 'popup.navigate',
      url: params.url,
    })),
    focusPopup: sendTo('popupWindow', { type: 'popup.focus' } satisfies PopupCommand),
    stopListeningForWindowAnswer: stopChild('popupAnswer'),
    listenForWindowAnswer: spawnChild('popupAnswer', {
      id: 'popupAnswer',
      input: ({ context }) => ({ flowId: context.signInWindow?.flowId ?? '' }),
    }),
    assignSession: assignIn<SignedInSession>((_, session) => ({
      provider: session.provider,
      address: session.address,
      email: session.email ?? null,
      expiresAt: session.expiresAt,
      publicKey: session.publicKey,
      endedProvider: null,
    })),
    /** The session ends by itself: the sign-in buttons will offer its provider first. */
    assignEndedProvider: assignIn<Provider | null | undefined>({ endedProvider: (_, provider) => provider ?? null }),
    /** A started flow is left here (another tab's sign-out ends it), as the restore found. */
    assignPendingFlow: assignIn<boolean>({ pendingFlow: (_, pendingFlow) => pendingFlow }),
    assignFailure: assignIn<Failure>({ failure: (_, failure) => failure }),
    refuseStrayCallback: assignIn({ failure: STRAY_CALLBACK }),
    clearFailure: assignIn({ failure: null }),
    assignFragment: assignIn({
      fragment: ({ event }) => {
        assertEvent(event, 'url.fragment');
        return event.fragment;
      },
    }),
    assignRequestedProvider: assignIn({
      requestedProvider: ({ event }) => {
        assertEvent(event, 'user.signIn');
        return event.provider;
      },
      notice: null,
      transferUnderWay: null,
    }),
    assignNotice: assignIn<string>({ notice: (_, notice) => notice }),
    clearNotice: assignIn({ notice: null }),
    noticeSignedOutElsewhere: assignIn({ notice: NOTICES.signedOutElsewhere }),
    markSignOutEverywhere: assignIn({ signOutEverywhere: true }),
    forgetSession: assignIn(({ context }) => ({
      ...NO_ACCOUNT,
      endedSession: context.expiresAt === null ? null : { expiresAt: context.expiresAt },
      clearingFailed: false,
    })),
  },
  guards: {
    ...sessionGuards,
    ...chainGuards,
    ...walletGuards,
    ...signInWindowGuards,
    ...renewalGuards,
    hasFragment: ({ context }: GuardArgs) => context.fragment !== null,
    hasFailure: ({ context }: GuardArgs) => context.failure !== null,
    /** On the restore's answer: storage held `status`. */
    restoredAs: ({ event }: { event: EventObject }, status: RestoreOutput['status']) =>
      'output' in event &&
      typeof event.output === 'object' &&
      event.output !== null &&
      'status' in event.output &&
      event.output.status === status,
    canRetry: ({ context }: GuardArgs) => context.failure?.retryable === true,
    renewing: ({ context }: GuardArgs) => context.renewing,
    flowNotStarted: ({ event }: GuardArgs) =>
      'error' in event && event.error instanceof SignInError && event.error.code === 'FLOW_NOT_STARTED',
    flowLeftHere: ({ context }: GuardArgs) => context.pendingFlow || context.signInWindow?.expiresAt != null,
  },
  delays: {
    // The spec's time rule, live: the session ends at expiresAt even without a reload.
    untilExpiry: ({ context }) => msUntilExpiry(context.expiresAt ?? 0, Date.now()),
    // "Stay signed in" is offered in the session's last ten minutes (at once when fewer are left).
    untilRenewalOffer: ({ context }) => msUntilExpiry((context.expiresAt ?? 0) - RENEWAL_WINDOW_MS, Date.now()),
    // (A window whose flow is not listened for never expires here.)
    windowFlowExpiry: ({ context }) => msUntilExpiry(context.signInWindow?.expiresAt ?? Infinity, Date.now()),
    navigationStalled: NAVIGATION_STALLED_MS,
  },
}).createMachine({
  id: 'signIn',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  // A dApp's wallet calls that no state takes: answered from what this tab has.
  on: {
    // A callback that comes while a sign-in is under way (its start, its checks, its window):
    // its token leaves the address bar at once, and the sign-in under way goes on.
    'url.fragment': { actions: 'clearFragment' },
    'wallet.connect': { actions: 'answerWalletConnect' },
    'wallet.disconnect': { actions: 'answerWalletDisconnect' },
    'wallet.sign': { actions: { type: 'refuseWallet', params: 'noAccount' } },
  },
  states: {
    // Reads storage at load, after "Start over", and after a refused callback, whose
    // failure it carries to wherever storage leads: the account, or the sign-in buttons.
    // Unreadable storage is an outcome (signed out, with a notice), not an error.
    restoring: {
      tags: ['busy'],
      // A callback in the URL at load is validated first.
      always: { guard: 'hasFragment', target: 'callback-validating' },
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        input: ({ context }) => ({ discardPendingFlow: context.discardPendingFlow }),
        onDone: [
          {
            guard: { type: 'restoredAs', params: 'ready' },
            target: 'account',
            actions: [{ type: 'assignSession', params: restoredSession }, 'markProofStored'],
          },
          {
            guard: { type: 'restoredAs', params: 'signed-in' },
            target: 'account',
            actions: { type: 'assignSession', params: restoredSession },
          },
          // The spec's time rule: a stored session past expiresAt reads as logged out.
          {
            guard: { type: 'restoredAs', params: 'expired' },
            target: 'logged-out',
            actions: [
              {
                type: 'assignNotice',
                // A session that ended, or a sign-in started and never finished (it made no session).
                params: ({ event }) =>
                  event.output.status === 'expired' && event.output.provider ? SESSION_EXPIRED_MESSAGE : NOTICES.flowExpired,
              },
              {
                type: 'assignEndedProvider',
                params: ({ event }) => (event.output.status === 'expired' ? event.output.provider : undefined),
              },
            ],
          },
          {
            guard: { type: 'restoredAs', params: 'unreadable' },
            target: 'logged-out',
            actions: { type: 'assignNotice', params: NOTICES.unreadable },
          },
          {
            target: 'idle',
            actions: {
              type: 'assignPendingFlow',
              params: ({ event }) => event.output.status === 'empty' && event.output.pendingFlow === true,
            },
          },
        ],
        // The restore itself could not run (its code did not load): storage is left as it
        // is, for a reload to find, and the visitor hears why at the sign-in buttons.
        onError: { target: 'idle', actions: failWith('restoring') },
      },
      exit: assign({ discardPendingFlow: false }),
      // Another tab's sign-out while this one reads storage: the keys it reads are gone. (A tab
      // with nothing stored answers its first restore without the runtime, which is what
      // listens to the other tabs: this is heard only by a tab restoring something.)
      on: { 'url.fragment': onFragment, 'tab.signedOut': signedOutElsewhere },
    },

    // The sign-in buttons. A sign-in window that read as closed may still answer (the
    // provider can cut it off): its flow is listened for here (sign-in-window.ts).
    idle: {
      ...warmStart,
      ...lostWindowInIdle,
      tags: ['can-sign-in', 'settled'],
      entry: 'settleWalletConnect',
      on: {
        ...lostWindowAnswer,
        'user.signIn': signIn,
        'wallet.connect': walletSignIn,
        'url.fragment': onFragment,
        'user.dismiss': dismiss,
        // A flow left here (at the provider, or a window's still listened for) is sealed with
        // a key the other tab has just destroyed: it ends. With nothing stored, nothing changes.
        'tab.signedOut': { guard: 'flowLeftHere', ...signedOutElsewhere },
      },
    },

    redirecting: {
      tags: ['settled'],
      initial: 'preparing',
      on: { 'tab.signedOut': signedOutElsewhere },
      states: {
        'awaiting-popup': awaitingPopup,
        // This page goes to the provider: the key and nonce are made (or taken) and stored.
        preparing: {
          tags: ['busy'],
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ provider: context.requestedProvider ?? '' }),
            onDone: {
              target: 'navigating',
              actions: { type: 'navigate', params: ({ event }) => ({ url: event.output.url }) },
            },
            // Nothing was stored: back to the sign-in buttons, where a click starts afresh.
            onError: { target: '#signIn.idle', actions: failWith('redirecting') },
          },
        },
        // The page unloads from here. If it comes back from the back/forward cache
        // (Back on the provider's page), read storage again instead of spinning; if the
        // navigation was stopped and the answer arrives as a fragment, take it.
        navigating: {
          tags: ['busy'],
          on: { 'page.restored': '#signIn.restoring', 'url.fragment': onFragment },
          after: { navigationStalled: 'stalled' },
        },
        // Still here long after the page should have gone: the visitor stopped the browser
        // (nothing tells the page), or the provider does not answer. The wait goes on, with a
        // way back to the buttons that Back would give: the started flow stays stored.
        stalled: {
          tags: ['busy', 'navigation-stalled'],
          on: {
            'page.restored': '#signIn.restoring',
            'url.fragment': onFragment,
            'user.stopWaiting': { target: '#signIn.restoring', actions: 'stopNavigation' },
          },
        },
      },
    },

    'callback-validating': {
      tags: ['busy', 'verifying-sign-in'],
      // The token leaves the URL the moment it has been read; a window's flow is answered.
      entry: ['clearFragment', 'clearSignInWindow'],
      invoke: {
        id: 'validateCallback',
        src: 'validateCallback',
        input: ({ context }) => ({ fragment: context.fragment! }),
        onDone: {
          target: 'fetching-login',
          actions: assign({
            jwt: ({ event }) => event.output.jwt,
            renewing: ({ event }) => event.output.renewal === true,
            fragment: null,
            notice: null,
          }),
        },
        // Refused: storage is untouched, so read it again and land where it says, with the
        // message: an existing account stays, otherwise the sign-in buttons.
        onError: { target: 'restoring', actions: [failWith('callback-validating'), assign({ fragment: null })] },
      },
      on: { 'tab.signedOut': signedOutElsewhere },
    },

    'fetching-login': {
      tags: ['busy', 'verifying-sign-in'],
      invoke: {
        id: 'fetchLogin',
        src: 'fetchLogin',
        input: ({ context }) => ({ jwt: context.jwt! }),
        // A renewal's new session has a new key: its proof is made again when next needed.
        onDone: {
          target: 'account',
          actions: [
            { type: 'assignSession', params: ({ event }) => event.output },
            // A transfer cut off before this sign-in is another session's (said on the sign-in
            // page); after a renewal, the same account's, still said in its panel.
            assign({
              jwt: null,
              renewing: false,
              proofStored: false,
              transferUnderWay: ({ context }) => (context.renewing ? context.transferUnderWay : null),
            }),
          ],
        },
        onError: [
          // A renewal refused or failed: the stored account is as it was, and comes back with the message.
          { guard: 'renewing', target: 'restoring', actions: [failWith('renewing'), assign({ jwt: null, renewing: false })] },
          // The flow its token was for is no longer stored (another window of the wallet started
          // its own since): refused as the callback's check refuses it, storage read again as it
          // is, and nothing offered that would clear what is stored now ("Start over").
          {
            guard: 'flowNotStarted',
            target: 'restoring',
            actions: [failWith('callback-validating'), assign({ jwt: null })],
          },
          // The jwt stays in memory so that "Try again" can repeat the call.
          { target: 'failed', actions: failWith('fetching-login') },
        ],
      },
      on: { 'user.signOut': signOut, 'tab.signedOut': signedOutElsewhere },
    },

    // The account: the session's steps, the chain and a dApp's requests, side by side for
    // as long as the account lives.
    account: {
      type: 'parallel',
      tags: ['has-account', 'settled'],
      entry: 'settleWalletConnect',
      states: { session: sessionRegion, chain: chainRegion, wallet: walletRegion, renewal: renewalRegion },
      on: {
        'user.signOut': signOut,
        'tab.signedOut': signedOutElsewhere,
        // A callback fragment is never a new sign-in here: the visitor stays where they are,
        // with what they were doing still under way, and is told.
        'url.fragment': { actions: ['clearFragment', 'refuseStrayCallback'] },
        'user.dismiss': dismiss,
        // A dApp's disconnect of this account's wallet is the visitor's sign-out, answered.
        'wallet.disconnect': [
          { guard: 'ownWallet', ...signOut, actions: [...signOut.actions, 'answerWalletDisconnect'] },
          { actions: 'answerWalletDisconnect' },
        ],
      },
    },

    // A failed login lookup: the provider's token is still in memory, so "Try again"
    // repeats the same call, and "Start over" drops the unfinished flow.
    failed: {
      tags: ['verifying-sign-in', 'login-failed', 'settled'],
      entry: 'settleWalletConnect',
      exit: 'clearFailure',
      on: {
        'user.retry': { guard: 'canRetry', target: 'fetching-login' },
        'user.startOver': { target: 'restoring', actions: assign({ discardPendingFlow: true, jwt: null }) },
        'tab.signedOut': signedOutElsewhere,
        'url.fragment': onFragment,
      },
    },

    'logged-out': {
      tags: ['can-sign-in', 'settled'],
      initial: 'clearing',
      // A sign-in window's flow ends here (another tab's sign-out can reach a window still at
      // the provider): a dApp's connect that waited for it is answered.
      entry: ['clearSignInWindow', 'settleWalletConnect', 'forgetSession'],
      exit: assign({ signOutEverywhere: false }),
      on: { 'user.dismiss': dismiss },
      states: {
        clearing: {
          invoke: {
            id: 'clearSession',
            src: 'clearSession',
            input: ({ context }) => ({ everywhere: context.signOutEverywhere, ended: context.endedSession }),
            onDone: 'done',
            // The visitor is signed out either way; the page says what may be left.
            onError: { target: 'done', actions: assign({ clearingFailed: true }) },
          },
          // A callback that arrives meanwhile is kept, and checked once storage is clear.
          on: { 'url.fragment': { actions: ['clearFailure', 'assignFragment'] } },
        },
        done: {
          ...warmStart,
          always: { guard: 'hasFragment', target: '#signIn.callback-validating' },
          on: {
            'user.signIn': signIn,
            'wallet.connect': walletSignIn,
            'url.fragment': onFragment,
          },
        },
      },
    },
  },
});
