/**
 * Property-based tests over the fragment parser and the callback checks: whatever a
 * fragment or token holds, validation ends in success or in an error of our catalogue,
 * and never throws anything else. 10,000 generated fragments and 10,000 tokens a run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCallbackFragment, readFragment, validateCallback } from './callback.ts';
import { CATALOGUE, SignInError } from '../core/errors.ts';

const RUNS = 10_000;
const CALLBACK_CODES = new Set([
  'FLOW_NOT_STARTED',
  'MISSING_ID_TOKEN',
  'MISSING_JWT_DATA',
  'AUD_IS_ARRAY',
  'NONCE_MISMATCH',
  'MALFORMED_ID_TOKEN',
]);
const PENDING = { nonce: 'flow-nonce' };
const b64url = (text: string) => Buffer.from(text).toString('base64url');

/** Runs validation and says how it ended: 'ok', or the catalogue code it refused with. */
function outcome(fragment: string, pending: { nonce: string } | null): string {
  try {
    validateCallback(fragment, pending);
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(SignInError);
    const { code, message } = error as SignInError;
    expect(CALLBACK_CODES.has(code)).toBe(true);
    expect(message).toBe(CATALOGUE[code as keyof typeof CATALOGUE]);
    return code;
  }
}

const claimValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
/** Claims that are sometimes right, sometimes missing, sometimes the wrong type. */
const claims = fc.record(
  {
    iss: fc.oneof(fc.constant('https://issuer.example'), claimValue),
    aud: fc.oneof(fc.constant('client'), fc.array(fc.string(), { maxLength: 3 }), claimValue),
    sub: fc.oneof(fc.constant('123'), claimValue),
    nonce: fc.oneof(fc.constant(PENDING.nonce), claimValue),
    extra: claimValue,
  },
  { requiredKeys: [] },
);
/** Tokens: well-formed JWTs with those claims, and every way of being malformed. */
const token = fc.oneof(
  claims.map((payload) => `${b64url('{"alg":"RS256"}')}.${b64url(JSON.stringify(payload))}.sig`),
  fc.json().map((payload) => `${b64url('{}')}.${b64url(payload)}.sig`),
  fc.string().map((payload) => `${b64url('{}')}.${b64url(payload)}.sig`),
  fc.array(fc.string(), { maxLength: 5 }).map((parts) => parts.join('.')),
  fc.string(),
);
const fragment = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  token.map((t) => `#id_token=${encodeURIComponent(t)}`),
  fc
    .tuple(token, fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }))
    .map(([t, extra]) => `#${new URLSearchParams({ ...extra, id_token: t })}`),
  fc
    .dictionary(fc.constantFrom('error', 'error_description', 'state', 'id_token', 'access_token'), fc.string())
    .map((p) => `#${new URLSearchParams(p)}`),
);

describe('fuzzed callbacks', () => {
  it(`${RUNS} fragments: success or a catalogue error, never anything else`, () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(fragment, fc.boolean(), (text, started) => {
        readFragment(text);
        isCallbackFragment(text);
        const result = outcome(text, started ? PENDING : null);
        seen.set(result, (seen.get(result) ?? 0) + 1);
      }),
      { numRuns: RUNS },
    );
    // The generators reach every branch, or the property proves little.
    expect([...seen.keys()].sort()).toEqual(
      [
        'FLOW_NOT_STARTED',
        'MALFORMED_ID_TOKEN',
        'MISSING_ID_TOKEN',
        'MISSING_JWT_DATA',
        'NONCE_MISMATCH',
        'AUD_IS_ARRAY',
        'ok',
      ].sort(),
    );
    console.log(`fuzzed fragments: ${RUNS}, outcomes: ${JSON.stringify(Object.fromEntries(seen))}`);
  });

  it(`${RUNS} tokens in a started flow: accepted only with our nonce and string iss, aud and sub`, () => {
    fc.assert(
      fc.property(token, (jwt) => {
        const result = outcome(`#id_token=${encodeURIComponent(jwt)}`, PENDING);
        if (result === 'ok') {
          const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
          expect(payload.nonce).toBe(PENDING.nonce);
          for (const claim of ['iss', 'aud', 'sub']) expect(typeof payload[claim]).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
