/**
 * Ours (the spec names none): why a dApp's request through a wallet was refused, as the
 * dApp reads it. The machine decides a refusal and names it (WalletRefusal); the wallet,
 * which only a page with a dApp loads, words it here.
 */
import { PROVIDER_LABELS } from '../core/providers.ts';
import type { WalletAnswer, WalletRefusal } from '../core/sign-in.types.ts';

export const WALLET_REFUSALS = {
  noAccount: 'This wallet has no account in this tab: connect first.',
  notThisAccount: "The request names another account or chain than this wallet's account.",
  notThisSender:
    "The transaction names another address as its sender or gas owner: this wallet signs only for its own account's transactions.",
  busy: 'The account is busy with another request: try again when it is done.',
  signInUnderWay: 'A sign-in is already under way in this tab.',
  signInUnfinished: 'The sign-in did not finish.',
  rejected: 'The visitor rejected the request.',
  paused: "The visitor rejected this site's last requests: it can ask again in a minute.",
  mayHaveExecuted:
    'The session ended after the visitor approved, before the wallet answered: the transaction may have been executed. Look for it on chain before asking again.',
  /** The wallet's own: the account went away while a signing request waited. */
  signedOut: 'The session ended before the request was done.',
} as const satisfies Record<WalletRefusal | 'signedOut', string>;

/** What the dApp reads for a refusal the machine named. */
export function refusalWords(answer: Extract<WalletAnswer, { refusal: unknown }>): string {
  if (answer.refusal === 'otherProvider') {
    return `This tab is signed in with ${PROVIDER_LABELS[answer.signedInWith]}: disconnect first.`;
  }
  return WALLET_REFUSALS[answer.refusal];
}

/** Ours: the page unregistered the wallets; a request then (or one the visitor was being asked about) is refused. */
export const WALLETS_REMOVED = 'The page removed the wallet before the visitor answered, so nothing was signed.';

/**
 * Ours: an interactive connect came from no action of the visitor (a page script on its own):
 * refused, as a page that opens a sign-in or shares an account unasked is not the visitor.
 */
export const CONNECT_NEEDS_A_GESTURE =
  "The wallet connects only from the visitor's own action (a click or a key press): call connect from its handler, or ask with { silent: true }.";

/** Ours: `enoki:getSession` (the sign-in token, the proof) asked by a page the visitor has not connected here. */
export const SESSION_NEEDS_CONNECT =
  "The wallet gives its session only to a page the visitor connected it to, here: connect interactively (from the visitor's click) first.";

/**
 * Whether the visitor acted on the page a moment ago (a click, a key press): the browser's
 * transient activation. A browser that cannot say (no `navigator.userActivation`) is taken
 * at its word: the check is a safeguard the others lack, not the only one.
 */
export const visitorActing = () => globalThis.navigator?.userActivation?.isActive ?? true;

/** Ours: the embedded wallet's code did not arrive (a network blip); the next request asks for it again. */
export const ENGINE_NOT_LOADED = 'The wallet could not load its code (check your connection), so nothing was done. Try again.';
