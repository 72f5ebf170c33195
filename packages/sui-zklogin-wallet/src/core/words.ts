/**
 * The visitor's words that the machine itself puts in context: the catalogue's two
 * messages it shows by itself (a callback with no sign-in under way, a session that
 * expires on the page), and its notices. One module, so that every sentence the machine
 * says is read in one place. The rest of the catalogue (errors.ts) is not on the first
 * page: only the sign-in code, loaded later, throws its errors.
 */

/** The spec's catalogue, word for word. */
export const FLOW_NOT_STARTED_MESSAGE =
  'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** Ours (the spec names none). */
export const NOTICES = {
  unreadable: 'Your stored session could not be read, so you have been signed out.',
  signedOutElsewhere: 'You signed out in another tab.',
  /** A sign-in started here and not finished before its end (no session was ever made). */
  flowExpired: 'The sign-in you started here has expired before it was finished. Please sign in again.',
} as const;

/** Ours: what the visitor is told about the sign-in window (popup mode). */
export const POPUP_NOTICES = {
  blocked: 'Your browser blocked the sign-in window, so this page goes to the provider instead.',
  /** Where the page must stay (the hosted wallet's window). */
  blockedHere: 'Your browser blocked the sign-in window. Allow pop-ups for this site, then choose a provider again.',
  closed: 'The sign-in window was closed before you finished. Choose a provider to try again.',
  /**
   * A window reads as closed also when the provider's page cut it off from this one
   * (Cross-Origin-Opener-Policy): it may still be open, and its answer still arrives.
   */
  lost: 'The sign-in window was closed, or the provider cut it off from this page. If it is still open, finish there to be signed in here.',
  expired: 'The sign-in in the window expired. Choose a provider to sign in again.',
} as const;

/** Ours: what the visitor is told about "Stay signed in". */
export const RENEWAL_NOTICES = {
  closed: 'The sign-in window was closed before you finished. You stay signed in until your session ends.',
  lost: 'The sign-in window was closed, or the provider cut it off from this page. If it is still open, finish there to stay signed in.',
  blockedHere: 'Your browser blocked the sign-in window. Allow pop-ups for this site, then press Stay signed in again.',
} as const;
