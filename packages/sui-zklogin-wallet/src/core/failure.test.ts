/**
 * toFailure: what the machine keeps of an actor's error, and whether retrying can help.
 * A SignInError says so itself (the catalogue's refusals repeat; its transient browser
 * failures may clear); any other failure may clear, except at the steps that are never
 * retried as they are.
 */
import { describe, expect, it } from 'vitest';
import { LoginServiceError } from '../login-service/errors.ts';
import { CATALOGUE, SignInError, TRANSIENT_CODES } from './errors.ts';
import { FLOW_NOT_STARTED_MESSAGE, SESSION_EXPIRED_MESSAGE } from './words.ts';
import { messageOf, STRAY_CALLBACK, toFailure } from './failure.ts';

describe('toFailure', () => {
  it('keeps a catalogue error retryable only when it is transient', () => {
    for (const code of Object.keys(CATALOGUE) as (keyof typeof CATALOGUE)[]) {
      expect(toFailure(SignInError.of(code), 'fetching-login')).toEqual({
        code,
        message: CATALOGUE[code],
        step: 'fetching-login',
        retryable: TRANSIENT_CODES.has(code),
      });
    }
    expect(toFailure(SignInError.invalidProvider('apple'), 'redirecting')).toMatchObject({ retryable: false });
  });

  it('lets a service, network or unknown failure be retried', () => {
    const service = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
    expect(toFailure(service, 'fetching-login')).toMatchObject({ code: 'http_503', retryable: true });
    expect(toFailure(new TypeError('Failed to fetch'), 'proving')).toMatchObject({ code: 'UNEXPECTED', retryable: true });
    expect(toFailure('not even an error', 'proving')).toMatchObject({ message: messageOf(undefined), retryable: true });
  });

  it('never retries a callback check or a signature as they were', () => {
    const service = new LoginServiceError(503, 'http_503', 'The login service answered with HTTP 503.');
    expect(toFailure(service, 'callback-validating').retryable).toBe(false);
    expect(toFailure(SignInError.of('KEY_CREATION_FAILED'), 'signing').retryable).toBe(false);
  });

  it("keeps the provider's own answer, and only one with text", () => {
    const providerAnswer = { provider: 'google', text: 'access_denied' } as const;
    expect(toFailure(SignInError.of('MISSING_ID_TOKEN', providerAnswer), 'callback-validating')).toMatchObject({
      providerAnswer,
    });
    const odd = Object.assign(new Error('x'), { providerAnswer: { provider: 'google', text: 42 } });
    expect(toFailure(odd, 'proving')).not.toHaveProperty('providerAnswer');
  });
});

describe("the machine's own messages", () => {
  it('are the spec’s and the catalogue’s, word for word', () => {
    // The spec's catalogue (sign-in-spec.md, "start of the flow missing"), written out here
    // so that a change of wording anywhere fails.
    expect(FLOW_NOT_STARTED_MESSAGE).toBe(
      'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.',
    );
    expect(CATALOGUE.FLOW_NOT_STARTED).toBe(FLOW_NOT_STARTED_MESSAGE);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired. Please sign in again.');
    expect(CATALOGUE.SESSION_EXPIRED).toBe(SESSION_EXPIRED_MESSAGE);
    expect(STRAY_CALLBACK).toMatchObject({ code: 'FLOW_NOT_STARTED', message: CATALOGUE.FLOW_NOT_STARTED, retryable: false });
  });
});
