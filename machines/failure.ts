/**
 * Turns whatever an actor threw into the machine's Failure: a stable code, a message fit
 * to show, and whether retrying the step can help. Pure: no I/O.
 */
import { CATALOGUE } from '../src/zklogin/errors.ts';
import type { Failure, FailedStep } from './sign-in.types.ts';

const CATALOGUE_CODES = new Set<string>([...Object.keys(CATALOGUE), 'INVALID_PROVIDER']);
const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

export function toFailure(error: unknown, step: FailedStep): Failure {
  const source = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    detail?: unknown;
  };
  const code = typeof source.code === 'string' ? source.code : 'UNEXPECTED';
  const message = typeof source.message === 'string' && source.message !== '' ? source.message : GENERIC_MESSAGE;
  const detail = typeof source.detail === 'string' ? source.detail : undefined;
  // A refusal from the catalogue repeats itself; a service or network failure may clear.
  const retryable = step !== 'callback-validating' && step !== 'signing' && !CATALOGUE_CODES.has(code);
  return { code, message, step, retryable, ...(detail ? { detail } : {}) };
}
