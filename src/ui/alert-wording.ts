/**
 * What an alert says first: what happened, in the visitor's words, and whether it harmed
 * anything. The catalogue's exact message stays beneath it as the detail (AlertMessage.tsx).
 * These are the headlines of a visitor without an account, on the first page; those of
 * the account's own steps come with its screens (account-alert-wording.ts).
 */
import { PROVIDER_LABELS } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import type { FailedStep, Failure } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';

export interface AlertWording {
  headline: string;
  /** Nothing was harmed (a link ignored, a sign-in the visitor cancelled): told without alarm. */
  notice?: boolean;
}

export type Wording = (failure: Failure) => AlertWording;

/** What the visitor was trying to do, for a failure with no plainer words of its own. */
const SIGNED_OUT_TITLES: Partial<Record<FailedStep, string>> = {
  restoring: 'Could not read your sign-in',
  redirecting: 'Could not start the sign-in',
  'callback-validating': 'The sign-in response was refused',
  'fetching-login': 'Could not get your Sui address',
  // A renewal refused after the session it renewed has ended here too.
  renewing: 'Your session was not renewed',
};

/**
 * A Cancel at the provider, as the visitor knows it: the provider answers `access_denied`
 * when the visitor cancels (or refuses), which harmed nothing. Any other answer of the
 * provider's is headed by what the visitor was doing; its words are quoted beneath.
 */
export function cancelledWording({ providerAnswer: answer }: Failure): AlertWording | undefined {
  if (answer?.text.startsWith('access_denied'))
    return {
      headline: `You cancelled the sign-in at ${answer.provider ? PROVIDER_LABELS[answer.provider] : 'the provider'}`,
      notice: true,
    };
}

/** Without an account: a link nobody started here harmed nothing, and is only noted. */
export const signedOutWording: Wording = (failure) =>
  failure.code === 'FLOW_NOT_STARTED' && failure.step === 'callback-validating'
    ? { headline: 'A sign-in link was ignored', notice: true }
    : (cancelledWording(failure) ?? { headline: SIGNED_OUT_TITLES[failure.step] ?? 'Something went wrong' });
