import { describe, expect, it } from 'vitest';
import { isCallbackFragment, readableToken, validateCallback, type PendingFlow } from './callback.ts';
import { CATALOGUE, SignInError } from '../core/errors.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256' })}.${b64(claims)}.signature`;
const claims = { iss: 'https://issuer.example', aud: 'client-1', sub: '42', nonce: 'nonce-1' };
const pending = { nonce: 'nonce-1' };

function failure(fragment: string, flow: PendingFlow | null = pending): SignInError {
  try {
    validateCallback(fragment, flow);
  } catch (error) {
    expect(error).toBeInstanceOf(SignInError);
    return error as SignInError;
  }
  throw new Error('expected the callback to be refused');
}

describe('validateCallback', () => {
  it('accepts a token carrying our nonce', () => {
    const jwt = token(claims);
    expect(validateCallback(`#id_token=${jwt}&state=x`, pending)).toEqual({
      jwt,
      claims: { iss: claims.iss, aud: 'client-1', sub: '42', nonce: 'nonce-1' },
    });
  });

  it('1. refuses when no flow was started, before looking at the token', () => {
    const error = failure(`#id_token=${token(claims)}`, null);
    expect(error.message).toBe(CATALOGUE.FLOW_NOT_STARTED);
    expect(error.message).toBe(
      'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.',
    );
  });

  it("2. refuses a fragment without id_token, with the provider's own answer kept apart, as the provider's", () => {
    expect(failure('#state=abc').message).toBe('Missing ID Token');
    expect(failure('#state=abc').providerAnswer).toBeUndefined();
    const error = failure('#error=access_denied&error_description=User%20cancelled', { ...pending, provider: 'twitch' });
    expect(error.message).toBe('Missing ID Token');
    expect(error.providerAnswer).toEqual({ provider: 'twitch', text: 'access_denied: User cancelled' });
    // Control characters go, and a long text is cut.
    const long = failure(`#error=x&error_description=${encodeURIComponent('a\u0000b\u202ec'.padEnd(500, 'z'))}`);
    expect(long.providerAnswer).toEqual({ provider: null, text: `x: a b c${'z'.repeat(192)}` });
  });

  it.each(['iss', 'aud', 'sub'])('3. refuses a token without %s', (claim) => {
    const { [claim as keyof typeof claims]: _dropped, ...rest } = claims;
    expect(failure(`#id_token=${token(rest)}`).message).toBe('Missing jwt data');
  });

  it('4. refuses an array aud', () => {
    expect(failure(`#id_token=${token({ ...claims, aud: ['a', 'b'] })}`).message).toBe(
      'Not supported aud. Aud is an array, string was expected.',
    );
  });

  it('5. refuses a token whose nonce is not the one this flow asked for', () => {
    expect(failure(`#id_token=${token({ ...claims, nonce: 'someone-else' })}`).code).toBe('NONCE_MISMATCH');
    expect(failure(`#id_token=${token({ iss: 'i', aud: 'a', sub: 's' })}`).code).toBe('NONCE_MISMATCH');
  });

  it('refuses claims of the wrong type (a number aud, an object sub) as malformed', () => {
    expect(failure(`#id_token=${token({ ...claims, aud: 1 })}`).code).toBe('MALFORMED_ID_TOKEN');
    expect(failure(`#id_token=${token({ ...claims, sub: { id: 1 } })}`).code).toBe('MALFORMED_ID_TOKEN');
    expect(failure(`#id_token=${token({ ...claims, iss: true })}`).code).toBe('MALFORMED_ID_TOKEN');
  });

  it('refuses a malformed token with our message, never echoing the token', () => {
    for (const bad of ['not-a-jwt', 'a.!!!.c', `${b64({})}.${Buffer.from('null').toString('base64url')}.x`]) {
      const error = failure(`#id_token=${bad}`);
      expect(error.code).toBe('MALFORMED_ID_TOKEN');
      expect(error.message).not.toContain(bad);
    }
  });
});

describe('isCallbackFragment', () => {
  it("takes a fragment for a callback only when it carries a provider's answer: id_token, error or state", () => {
    expect(isCallbackFragment('#id_token=x')).toBe(true);
    expect(isCallbackFragment('#id_token=')).toBe(true);
    expect(isCallbackFragment('#state=abc')).toBe(true);
    expect(isCallbackFragment('#error=access_denied&state=abc')).toBe(true);
    expect(isCallbackFragment('id_token=x&state=abc')).toBe(true);
  });

  it("leaves the page's own fragments alone: anchors, hash routes, nothing", () => {
    for (const fragment of [
      '#foo',
      '#section-2',
      '#/route',
      '#/settings?tab=2',
      '#!/old-style',
      '#token=x',
      '#',
      '',
      null,
      undefined,
    ]) {
      expect(isCallbackFragment(fragment), String(fragment)).toBe(false);
    }
  });
});

describe('readableToken (what the early login lookup may send, once its nonce is the flow’s)', () => {
  it('gives a token whose claims read, with its nonce to compare; nothing for a missing or unreadable one', () => {
    const jwt = token({ ...claims, nonce: 'a-nonce-of-another-flow' });
    expect(readableToken(`#id_token=${jwt}&state=x`)).toEqual({ jwt, nonce: 'a-nonce-of-another-flow' });
    const withoutNonce = token({ iss: claims.iss, aud: claims.aud, sub: '42' });
    expect(readableToken(`#id_token=${withoutNonce}`)).toEqual({ jwt: withoutNonce, nonce: undefined });
    expect(readableToken('#error=access_denied')).toBeUndefined();
    expect(readableToken(`#id_token=${token({ iss: claims.iss, sub: '42' })}`)).toBeUndefined();
    expect(readableToken('#id_token=not-a-token')).toBeUndefined();
    expect(readableToken(`#id_token=${token({ ...claims, aud: ['a', 'b'] })}`)).toBeUndefined();
  });
});
