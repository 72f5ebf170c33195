/**
 * Turns whatever an actor threw into the machine's Failure: a stable code, a message fit
 * to show, and whether retrying the step can help. Pure: no I/O.
 */
import { FLOW_NOT_STARTED_MESSAGE } from './words.ts';
import type { Failure, FailedStep } from './sign-in.types.ts';

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

type ErrorLike = { code?: unknown; message?: unknown; providerAnswer?: unknown; retryable?: unknown };
const errorLike = (error: unknown): ErrorLike => (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;

/** The message an actor's error carries, fit to show (a generic one when it has none). */
export function messageOf(error: unknown): string {
  const { message } = errorLike(error);
  return typeof message === 'string' && message !== '' ? message : GENERIC_MESSAGE;
}

export function toFailure(error: unknown, step: FailedStep): Failure {
  const source = errorLike(error);
  const code = typeof source.code === 'string' ? source.code : 'UNEXPECTED';
  const message = messageOf(error);
  const providerAnswer = source.providerAnswer as Failure['providerAnswer'];
  // A refusal (a SignInError says so) repeats itself when asked again; a service, network
  // or browser failure may clear.
  const retryable = step !== 'callback-validating' && step !== 'signing' && source.retryable !== false;
  return { code, message, step, retryable, ...(typeof providerAnswer?.text === 'string' ? { providerAnswer } : {}) };
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
