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
