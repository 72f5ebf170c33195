/**
 * Turns whatever an actor threw into the machine's Failure: a stable code, a message fit
 * to show, and whether retrying the step can help. Pure: no I/O.
 */
import { SignInError } from './errors.ts';
import { FLOW_NOT_STARTED_MESSAGE } from './words.ts';
import type { Failure, FailedStep } from './sign-in.types.ts';

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** A field of whatever was thrown (an Error, a service's error object, anything), unread when it is no object. */
const fieldOf = (error: unknown, name: 'code' | 'message' | 'retryable'): unknown =>
  typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;

/** The message an actor's error carries, fit to show (a generic one when it has none). */
export function messageOf(error: unknown): string {
  const message = fieldOf(error, 'message');
  return typeof message === 'string' && message !== '' ? message : GENERIC_MESSAGE;
}

export function toFailure(error: unknown, step: FailedStep): Failure {
  const code = fieldOf(error, 'code');
  // Only our own refusal carries the provider's words (zklogin/callback.ts reads them).
  const providerAnswer = error instanceof SignInError ? error.providerAnswer : undefined;
  // A refusal (a SignInError says so) repeats itself when asked again; a service, network
  // or browser failure may clear.
  const retryable = step !== 'callback-validating' && step !== 'signing' && fieldOf(error, 'retryable') !== false;
  return {
    code: typeof code === 'string' ? code : 'UNEXPECTED',
    message: messageOf(error),
    step,
    retryable,
    ...(typeof providerAnswer?.text === 'string' ? { providerAnswer } : {}),
  };
}

/**
 * A callback that arrives while the visitor is signed in: it is never a new sign-in, so it
 * is refused with the catalogue's message without asking storage or the login service.
 */
export const STRAY_CALLBACK: Failure = {
  code: 'FLOW_NOT_STARTED',
  message: FLOW_NOT_STARTED_MESSAGE,
  step: 'callback-validating',
  retryable: false,
};
