/**
 * Our claims reader against the reference, `decodeJwt` from `@mysten/sui/zklogin`: the
 * same tokens are accepted with the same claims, and the same ones refused for the same
 * reason. Generated tokens cover raw bytes (not UTF-8, a BOM), bad base64, bad JSON and
 * payloads that are not objects.
 */
import { decodeJwt } from '@mysten/sui/zklogin';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, SignInError } from '../core/errors.ts';
import { readEmailClaim, readIdTokenClaims } from './id-token-claims.ts';

const RUNS = 10_000;

/** How `decodeJwt` (plus our string-type rule) ends: the claims, or the catalogue code. */
function reference(jwt: string): unknown {
  try {
    const { rawIss: iss, aud, sub, nonce } = decodeJwt(jwt) as ReturnType<typeof decodeJwt> & { nonce?: unknown };
    if (typeof iss !== 'string' || typeof aud !== 'string' || typeof sub !== 'string') return 'MALFORMED_ID_TOKEN';
    return { iss, aud, sub, nonce };
  } catch (error) {
    const message = (error as Error).message;
    if (message === CATALOGUE.MISSING_JWT_DATA) return 'MISSING_JWT_DATA';
    if (message === CATALOGUE.AUD_IS_ARRAY) return 'AUD_IS_ARRAY';
    return 'MALFORMED_ID_TOKEN';
  }
}

function ours(jwt: string): unknown {
  try {
    return readIdTokenClaims(jwt);
  } catch (error) {
    expect(error).toBeInstanceOf(SignInError);
    return (error as SignInError).code;
  }
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
const claims = fc.record(
  {
    iss: fc.oneof(fc.constant('https://accounts.google.com'), fc.constant('accounts.google.com'), value),
    aud: fc.oneof(fc.constant('client'), value),
    sub: fc.oneof(fc.constant('42'), fc.constant(''), value),
    nonce: value,
  },
  { requiredKeys: [] },
);
const payloadText = fc.oneof(
  claims.map((c) => JSON.stringify(c)),
  claims.map((c) => `\uFEFF${JSON.stringify(c)}`),
  fc.json(),
  fc.string({ unit: 'grapheme' }),
);
const payloadPart = fc.oneof(
  payloadText.map(b64url),
  fc.uint8Array({ maxLength: 40 }).map(b64url),
  payloadText.map((text) => Buffer.from(text, 'latin1')).map(b64url),
  fc.string(),
);
const token = fc.oneof(
  payloadPart.map((payload) => `${b64url('{"alg":"RS256"}')}.${payload}.sig`),
  fc.array(fc.string(), { maxLength: 4 }).map((parts) => parts.join('.')),
);

describe('id_token claims', () => {
  it(`${RUNS} tokens: the same outcome as decodeJwt from @mysten/sui`, () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(token, (jwt) => {
        const expected = reference(jwt);
        expect(ours(jwt)).toEqual(expected);
        const kind = typeof expected === 'string' ? expected : 'ok';
        seen.set(kind, (seen.get(kind) ?? 0) + 1);
      }),
      { numRuns: RUNS },
    );
    expect([...seen.keys()].sort()).toEqual(['AUD_IS_ARRAY', 'MALFORMED_ID_TOKEN', 'MISSING_JWT_DATA', 'ok']);
  });

  it('keeps the issuer as the token states it, and reads UTF-8 claims', () => {
    const payload = { iss: 'accounts.google.com', aud: 'client', sub: 'Zoë ✓', nonce: 'n' };
    expect(readIdTokenClaims(`x.${b64url(JSON.stringify(payload))}.y`)).toEqual(payload);
  });

  it('reads a payload that is not UTF-8 byte for byte, as jwt-decode does', () => {
    const jwt = `x.${b64url(Buffer.from('{"iss":"i","aud":"a","sub":"Zo\u00eb"}', 'latin1'))}.y`;
    expect(ours(jwt)).toEqual({ iss: 'i', aud: 'a', sub: 'Zo\u00eb', nonce: undefined });
    expect(ours(jwt)).toEqual(reference(jwt));
  });

  it.each([
    ['no payload part', 'header-only', 'MALFORMED_ID_TOKEN'],
    ['a payload of impossible length', 'x.abcde.y', 'MALFORMED_ID_TOKEN'],
    ['a payload that is JSON null', `x.${b64url('null')}.y`, 'MALFORMED_ID_TOKEN'],
    ['a payload that is a number', `x.${b64url('5')}.y`, 'MISSING_JWT_DATA'],
    ['an empty sub', `x.${b64url('{"iss":"i","aud":"a","sub":""}')}.y`, 'MISSING_JWT_DATA'],
    ['an array aud', `x.${b64url('{"iss":"i","aud":["a"],"sub":"s"}')}.y`, 'AUD_IS_ARRAY'],
    ['a numeric sub', `x.${b64url('{"iss":"i","aud":"a","sub":7}')}.y`, 'MALFORMED_ID_TOKEN'],
  ])('%s is refused with %s', (_, jwt, code) => {
    expect(ours(jwt)).toBe(code);
    expect(reference(jwt)).toBe(code);
  });
});

describe('the email claim, for the account card', () => {
  const token = (claims: Record<string, unknown>) =>
    `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ iss: 'i', aud: 'a', sub: 's', ...claims })).toString('base64url')}.sig`;

  it('is read when the token has one', () => {
    expect(readEmailClaim(token({ email: 'alice@example.com' }))).toBe('alice@example.com');
  });

  it('is left out, never an error, when absent, not a string, too long, on more than one line or unreadable', () => {
    expect(readEmailClaim(token({}))).toBeUndefined();
    expect(readEmailClaim(token({ email: '' }))).toBeUndefined();
    expect(readEmailClaim(token({ email: 42 }))).toBeUndefined();
    expect(readEmailClaim(token({ email: `${'a'.repeat(250)}@b.co` }))).toBeUndefined();
    expect(readEmailClaim(token({ email: 'alice@example.com\nBcc: eve@example.com' }))).toBeUndefined();
    expect(readEmailClaim(token({ email: 'alice\u202e@example.com' }))).toBeUndefined();
    expect(readEmailClaim('not a token')).toBeUndefined();
  });
});
