/**
 * Ours (the spec names none): why a dApp's request through a wallet was refused, as the
 * dApp reads it. The machine decides a refusal and names it (WalletRefusal); the wallet,
 * which only a page with a dApp loads, words it here.
 */
import type { WalletRefusal } from '../../machines/sign-in.types.ts';

export const WALLET_REFUSALS = {
  noAccount: 'This wallet has no account in this tab: connect first.',
  notThisAccount: "The request names another account or chain than this wallet's account.",
  notThisSender:
    "The transaction names another address as its sender or gas owner: this wallet signs only for its own account's transactions.",
  busy: 'The account is busy with another request: try again when it is done.',
  signInUnderWay: 'A sign-in is already under way in this tab.',
  /** The wallet's own: the account went away while a signing request waited. */
  signedOut: 'The session ended before the request was done.',
} as const satisfies Record<WalletRefusal | 'signedOut', string>;
