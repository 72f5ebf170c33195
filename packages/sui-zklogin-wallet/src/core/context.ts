/**
 * signInMachine's context at its start, and what a sign-out forgets: one list of what
 * belongs to an account (and to a sign-in under way), so that a field added to the account
 * is forgotten with it.
 */
import type { SignInContext, SignInInput } from './sign-in.types.ts';

/**
 * Nothing of an account or of a sign-in under way: a sign-out leaves this. The alert
 * (`failure`) is not in it: a refused callback may land in logged-out with its message.
 */
export const NO_ACCOUNT = {
  provider: null,
  address: null,
  email: null,
  expiresAt: null,
  jwt: null,
  fragment: null,
  signature: null,
  signedMessage: null,
  verification: null,
  balance: null,
  balanceFailure: null,
  pendingTransfer: null,
  lastTransfer: null,
  funded: null,
  publicKey: null,
  walletRequest: null,
  walletPreview: null,
  walletRejections: [],
  signInWindow: null,
  pendingFlow: false,
  renewing: false,
  proofStored: false,
} as const satisfies Partial<SignInContext>;

export function initialContext(input: SignInInput | undefined): SignInContext {
  return {
    ...NO_ACCOUNT,
    fragment: input?.fragment ?? null,
    requestedProvider: null,
    failure: null,
    notice: null,
    transferUnderWay: null,
    chain: input?.chain ?? 'sui:testnet',
    discardPendingFlow: false,
    signOutEverywhere: false,
    clearingFailed: false,
    signInMode: input?.signInMode ?? 'redirect',
    pageStays: input?.pageStays ?? false,
    endedProvider: null,
    endedSession: null,
    walletConnect: null,
  };
}
