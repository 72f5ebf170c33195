/**
 * The account's renewal region: "Stay signed in". A session ends at its expiresAt; ten
 * minutes before (at once, for a session that starts with less) the account offers to sign
 * in again with the same provider (`offered`, tag 'can-renew'). Clicked, this page goes to
 * the provider (`starting`, then `leaving`), or a window opens for it (`window`), as the
 * mode says. The renewal's key and nonce are stored beside the account's session, which
 * stays as it is: the callback then goes through the journey's own checks, and the same
 * identity coming back continues the account with a new session (the address kept, the
 * proof made again when next needed); another identity, a failure or a cancel leaves the
 * current session until its end (sign-in.machine.ts: `fetching-login`, `restoring`).
 */
import { stateIn } from 'xstate';
import { isExpired } from './expiry.ts';
import { failWith, type GuardArgs } from './machine-parts.ts';
import { signInWindow } from './sign-in-window.ts';
import type { SignInContext, StartOutput } from './sign-in.types.ts';
import { SESSION_EXPIRED_MESSAGE } from './words.ts';

/** How long before its end a session offers "Stay signed in". */
export const RENEWAL_WINDOW_MS = 10 * 60_000;

/** The session's end, at expiresAt: signed out, with the spec's notice, its provider offered first. */
const sessionEnds = {
  target: '#signIn.logged-out',
  actions: [
    'clearFailure',
    { type: 'assignNotice', params: SESSION_EXPIRED_MESSAGE },
    { type: 'assignEndedProvider', params: ({ context }: { context: SignInContext }) => context.provider },
  ],
} as const;

export const renewalRegion = {
  initial: 'later',
  states: {
    // Left when the session's last ten minutes begin (at once, for a session that starts
    // with less). A browser timer waits at most about 24.8 days: a longer session's wait ends
    // early, and is armed again. A sleeping laptop holds the page's timers, which then run
    // late by as long as it slept: the page waking (`page.woke`) arms the wait again from the
    // clock as it is, so an offer or an end that came meanwhile comes at once.
    later: {
      after: {
        untilRenewalOffer: [
          { guard: 'renewalDue', target: 'due' },
          { target: 'later', reenter: true },
        ],
      },
      on: { 'page.woke': { target: 'later', reenter: true } },
    },
    // The session's last ten minutes: it ends on its own at expiresAt, whatever is under way
    // here; at once on waking, if it ended while the page slept (and, offered, the wait for
    // its end is armed again from the clock as it is).
    due: {
      initial: 'offered',
      after: { untilExpiry: sessionEnds },
      on: {
        'page.woke': [
          { guard: 'sessionOver', ...sessionEnds },
          // Offered (nothing under way here), the wait for its end is armed again.
          { guard: stateIn('#signIn.account.renewal.due.offered'), target: 'due', reenter: true },
        ],
      },
      states: {
        offered: {
          tags: ['can-renew'],
          on: {
            'user.renew': [
              // Not while a send or a site's request waits for its answer: the page would leave for
              // the provider, or a new session restart their regions, and the answer would never be heard.
              { guard: 'workUnderWay' },
              { guard: 'popupMode', target: 'window', actions: ['clearFailure', 'clearNotice'] },
              { target: 'starting', actions: ['clearFailure', 'clearNotice'] },
            ],
            // A renewal window that read as closed at the provider may only be cut off: its answer still counts.
            'popup.callback': {
              guard: 'lostWindow',
              target: '#signIn.callback-validating',
              actions: ['clearFailure', 'assignPopupCallback'],
            },
          },
          exit: 'stopListeningForWindowAnswer',
        },
        // This page goes to the provider: the renewal's key and nonce are made and stored.
        starting: {
          tags: ['renewing', 'leaving-to-renew'],
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }: { context: SignInContext }) => ({ provider: context.provider ?? '', renewal: true }),
            onDone: {
              target: 'leaving',
              actions: {
                type: 'navigate',
                params: ({ event }: { event: { output: StartOutput } }) => ({ url: event.output.url }),
              },
            },
            onError: { target: 'offered', actions: failWith('renewing') },
          },
        },
        // The page unloads from here; back from the provider by Back, storage is read again.
        leaving: {
          tags: ['renewing', 'leaving-to-renew'],
          initial: 'going',
          on: { 'page.restored': '#signIn.restoring' },
          states: {
            going: { after: { navigationStalled: 'stalled' } },
            // Still here long after the page should have left (the visitor stopped it, or the
            // provider does not answer): the wait goes on, with a way back to "Stay signed in".
            stalled: {
              tags: ['navigation-stalled'],
              on: { 'user.stopWaiting': { target: '#signIn.account.renewal.due.offered', actions: 'stopNavigation' } },
            },
          },
        },
        window: signInWindow({
          back: '#signIn.account.renewal.due.offered',
          fallback: '#signIn.account.renewal.due.starting',
          again: 'user.renew',
          renewal: true,
        }),
      },
    },
  },
} as const;

export const renewalGuards = {
  /** The session's last ten minutes have begun (a wait longer than a timer's may end early). */
  renewalDue: ({ context }: GuardArgs) => Date.now() >= (context.expiresAt ?? 0) - RENEWAL_WINDOW_MS,
  /** The session's end has passed (the spec's time rule). */
  sessionOver: ({ context }: GuardArgs) => isExpired(context.expiresAt ?? 0, Date.now()),
  /** A send or a site's request asked for and not yet answered (waiting for the visitor, its proof, or being carried out). */
  workUnderWay: ({ context }: GuardArgs) => context.pendingTransfer !== null || context.walletRequest !== null,
};
