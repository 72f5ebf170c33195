import type { FailedStep } from '../../machines/sign-in.types.ts';

/** The title above a failure's message: what the visitor was trying to do. */
export const STEP_TITLES: Record<FailedStep, string> = {
  redirecting: 'Could not start the sign-in',
  'callback-validating': 'The sign-in response was refused',
  'fetching-login': 'Could not get your Sui address',
  proving: 'Could not create the proof',
  signing: 'Could not sign the message',
};
