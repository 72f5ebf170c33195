import { describe, expect, it } from 'vitest';
import type { Failure } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import { accountWording } from './account-alert-wording.ts';
import { signedOutWording } from './alert-wording.ts';

const failure = (overrides: Partial<Failure>): Failure => ({
  code: 'x',
  message: 'It failed.',
  step: 'callback-validating',
  retryable: false,
  ...overrides,
});
const cancelled = (provider: 'google' | 'twitch' | null) =>
  failure({
    code: 'MISSING_ID_TOKEN',
    message: 'Missing ID Token',
    providerAnswer: { provider, text: 'access_denied: The user cancelled the sign-in.' },
  });

describe('the headline without an account', () => {
  it("a Cancel at the provider is the visitor's own, told as a notice naming the provider", () => {
    expect(signedOutWording(cancelled('google'))).toEqual({ headline: 'You cancelled the sign-in at Google', notice: true });
    expect(signedOutWording(cancelled('twitch'))).toEqual({ headline: 'You cancelled the sign-in at Twitch', notice: true });
    expect(signedOutWording(cancelled(null))).toEqual({ headline: 'You cancelled the sign-in at the provider', notice: true });
  });

  it("any other answer of the provider's is an error, headed by what the visitor was doing", () => {
    const refused = failure({ providerAnswer: { provider: 'google', text: 'server_error' } });
    expect(signedOutWording(refused)).toEqual({ headline: 'The sign-in response was refused' });
  });

  it('a renewal refused after the session ended here says so', () => {
    expect(signedOutWording(failure({ step: 'renewing' }))).toEqual({ headline: 'Your session was not renewed' });
  });

  it('a link nobody started here harmed nothing: a notice; the same code from the login lookup is an error', () => {
    expect(signedOutWording(failure({ code: 'FLOW_NOT_STARTED', step: 'fetching-login' }))).toEqual({
      headline: 'Could not get your Sui address',
    });
    expect(signedOutWording(failure({ code: 'FLOW_NOT_STARTED' }))).toEqual({
      headline: 'A sign-in link was ignored',
      notice: true,
    });
  });

  it('a refusal of ours, and every other step, is an error named by what the visitor was doing', () => {
    expect(signedOutWording(failure({ code: 'NONCE_MISMATCH' }))).toEqual({ headline: 'The sign-in response was refused' });
    expect(signedOutWording(failure({ step: 'restoring' })).headline).toBe('Could not read your sign-in');
    expect(signedOutWording(failure({ step: 'redirecting' })).headline).toBe('Could not start the sign-in');
    expect(signedOutWording(failure({ step: 'fetching-login' })).headline).toBe('Could not get your Sui address');
    expect(signedOutWording(failure({ step: 'sending' }))).toEqual({ headline: 'Something went wrong' });
  });
});

describe('the headline beside an account', () => {
  it('a stray link is ignored: the visitor hears first that they are still signed in', () => {
    expect(accountWording(failure({ code: 'FLOW_NOT_STARTED' }))).toEqual({
      headline: 'A sign-in link was ignored: you are still signed in',
      notice: true,
    });
  });

  it('a refused answer to "Stay signed in" is an error: the session was not renewed, and still ends', () => {
    for (const code of ['NONCE_MISMATCH', 'MALFORMED_ID_TOKEN', 'RENEWAL_OTHER_IDENTITY']) {
      expect(accountWording(failure({ code }))).toEqual({ headline: 'Your session was not renewed' });
    }
    const refusedByProvider = failure({
      code: 'MISSING_ID_TOKEN',
      providerAnswer: { provider: 'google', text: 'login_required' },
    });
    expect(accountWording(refusedByProvider)).toEqual({ headline: 'Your session was not renewed' });
  });

  it('a Cancel at the provider (a renewal) is a notice, and says the account stays', () => {
    expect(accountWording({ ...cancelled('google'), step: 'renewing' })).toEqual({
      headline: 'You cancelled the sign-in at Google: you are still signed in',
      notice: true,
    });
  });

  it("the account's own steps are errors named by what the visitor was doing", () => {
    expect(accountWording(failure({ step: 'renewing' }))).toEqual({ headline: 'Your session was not renewed' });
    expect(accountWording(failure({ step: 'proving' }))).toEqual({ headline: 'Could not create the proof' });
    expect(accountWording(failure({ step: 'signing' }))).toEqual({ headline: 'Could not sign the message' });
    expect(accountWording(failure({ step: 'funding' }))).toEqual({ headline: 'Could not get test SUI' });
    expect(accountWording(failure({ step: 'sending' }))).toEqual({ headline: 'Could not send SUI' });
    expect(accountWording(failure({ step: 'restoring' }))).toEqual({ headline: 'Could not read your sign-in' });
  });
});
