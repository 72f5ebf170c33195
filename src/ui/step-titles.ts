import type { Failure, FailedStep } from '../../machines/sign-in.types.ts';

/** The title above a failure's message: what the visitor was trying to do. */
export const STEP_TITLES: Record<FailedStep, string> = {
  restoring: 'Could not read your sign-in',
  redirecting: 'Could not start the sign-in',
  'callback-validating': 'The sign-in response was refused',
  'fetching-login': 'Could not get your Sui address',
  renewing: 'Your session was not renewed',
  proving: 'Could not create the proof',
  signing: 'Could not sign the message',
  funding: 'Could not get test SUI',
  sending: 'Could not send SUI',
};

/** A refused callback beside an account: the visitor needs to hear first that nothing changed. */
const IGNORED_WHILE_SIGNED_IN = 'A sign-in link was ignored: you are still signed in';

export function alertTitle(failure: Failure, hasAccount: boolean): string {
  return hasAccount && failure.step === 'callback-validating' ? IGNORED_WHILE_SIGNED_IN : STEP_TITLES[failure.step];
}
