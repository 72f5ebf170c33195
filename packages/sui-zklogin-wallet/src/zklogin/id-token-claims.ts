/**
 * Reads an id_token's claims for the callback checks. The signature is not checked here:
 * the login service verifies the token before it derives an address from it.
 *
 * It gives the same outcome as `decodeJwt` from `@mysten/sui/zklogin` (a differential
 * property test holds it to that), without that module, which imports all sixteen of
 * poseidon-lite's widths (see nonce-check.ts) where reading a token needs none.
 */
import { fromBase64 } from '@mysten/utils';
import { SignInError } from '../core/errors.ts';

export interface IdTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  nonce?: unknown;
}

/** The JSON of a JWT's part: its header (0) or its payload (1, by default); or throws. */
function readPayload(jwt: string, index: 0 | 1 = 1): unknown {
  const part = jwt.split('.')[index];
  if (part === undefined) throw new Error('no such part');
  const padding = part.length % 4;
  if (padding === 1) throw new Error('bad base64 length');
  // base64url, as standard base64 with its padding back.
  const bytes = fromBase64(part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - padding) % 4));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not UTF-8: read it byte for byte, as jwt-decode does.
    text = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  }
  return JSON.parse(text);
}

/** An email is at most 254 characters (RFC 5321); a longer claim is not shown. */
const LONGEST_EMAIL = 254;

/**
 * The token's email claim, for the account card to name who signed in: only a plain
 * one-line string of an email's length (the token is verified by the login service, but
 * what it says is shown as text all the same); otherwise undefined, never an error.
 */
export function readEmailClaim(jwt: string): string | undefined {
  try {
    const { email } = Object(readPayload(jwt)) as Record<string, unknown>;
    if (typeof email !== 'string' || email.length > LONGEST_EMAIL || /[\p{Cc}\p{Cf}\s]/u.test(email)) return undefined;
    return email || undefined;
  } catch {
    return undefined;
  }
}

/** The key id (`kid`) the token's header names, or undefined when it names none or cannot be read. */
export function readHeaderKid(jwt: string): string | undefined {
  try {
    const { kid } = Object(readPayload(jwt, 0)) as Record<string, unknown>;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token's iss, aud, sub and nonce, checked as the spec orders: a missing claim gives
 * "Missing jwt data", an array aud its own message, anything unreadable (bad base64, bad
 * JSON, a claim that is not a string) the malformed-token message. The token itself is
 * never echoed.
 */
export function readIdTokenClaims(jwt: string): IdTokenClaims {
  let payload: unknown;
  try {
    payload = readPayload(jwt);
  } catch {
    throw SignInError.of('MALFORMED_ID_TOKEN');
  }
  if (payload === null || payload === undefined) throw SignInError.of('MALFORMED_ID_TOKEN');
  const { iss, aud, sub, nonce } = Object(payload) as Record<string, unknown>;
  if (!sub || !iss || !aud) throw SignInError.of('MISSING_JWT_DATA');
  if (Array.isArray(aud)) throw SignInError.of('AUD_IS_ARRAY');
  // An address is derived from these, so a number or an object where a string belongs
  // is refused too (found by fuzzing).
  if (typeof iss !== 'string' || typeof aud !== 'string' || typeof sub !== 'string') {
    throw SignInError.of('MALFORMED_ID_TOKEN');
  }
  return { iss, aud, sub, nonce };
}
