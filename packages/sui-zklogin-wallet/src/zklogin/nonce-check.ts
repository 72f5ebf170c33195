/**
 * The browser's own check of the login service's nonce: the nonce it answers must be the
 * one @mysten/sui's generateNonce gives for our ephemeral key, the answer's maxEpoch and
 * its randomness. Otherwise the token the provider signs would commit to a key, an expiry
 * or a randomness we did not choose.
 *
 * Hand-written rather than generateNonce from @mysten/sui/zklogin, because that module
 * imports all sixteen of poseidon-lite's widths (about 430 KB gzip of round constants) for
 * the one width a nonce needs, and this check is loaded at the intent to sign in. It is
 * generateNonce's computation, step for step: the Sui-encoded key (flag byte + key) read
 * big-endian and split into its high and low 128 bits, Poseidon over (high, low, maxEpoch,
 * randomness) with the BN254 field check, the hash's low 20 bytes in base64url without
 * padding (27 characters). A differential property test holds it to generateNonce.
 *
 * Imports poseidon-lite's width-4 entry point only (its constants alone), and
 * poseidon-field.ts (no imports of its own).
 */
import { poseidon4 } from 'poseidon-lite/poseidon4';
import { bigIntFromBytes, fieldElements, toBase64, toPaddedBigEndianBytes } from './poseidon-field.ts';

const NONCE_LENGTH = 27;
const HALF = 1n << 128n;

/** The key lengths (after the flag byte) of the schemes an ephemeral key may use: Ed25519, Secp256k1, Secp256r1, Passkey. */
const KEY_LENGTH_BY_FLAG: Readonly<Record<number, number>> = { 0x00: 32, 0x01: 33, 0x02: 33, 0x06: 33 };

/** A randomness as the app sends it back to the prover: decimal digits only, at most 78 (the field's elements have 77). */
const DECIMAL = /^[0-9]{1,78}$/;

/**
 * generateNonce(publicKey, maxEpoch, randomness) for the key whose PublicKey.toSuiBytes()
 * is `suiPublicKey`. Throws a plain Error where generateNonce throws (a maxEpoch or a
 * randomness that is not an integer, or is outside the BN254 field).
 */
export function computeNonce(suiPublicKey: Uint8Array, maxEpoch: number, randomness: string): string {
  const key = bigIntFromBytes(suiPublicKey);
  const hash = poseidon4(fieldElements([key / HALF, key % HALF, maxEpoch, randomness]));
  const nonce = toBase64(toPaddedBigEndianBytes(hash, 20)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  if (nonce.length !== NONCE_LENGTH) throw new Error(`A nonce is ${nonce.length} characters long, not ${NONCE_LENGTH}`);
  return nonce;
}

/** The bytes of canonical standard base64 (padded, no whitespace, zero trailing bits), or undefined. */
function fromCanonicalBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  // atob forgives missing padding, whitespace and stray trailing bits; the round trip does not.
  if (btoa(binary) !== text) return undefined;
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Whether the login service's nonce answer is the nonce of our key: true only when
 * `answer.nonce` is computeNonce(key, answer.maxEpoch, answer.randomness), where the key is
 * `suiPublicKeyBase64`, the `ephemeralPublicKey` the app sent (flag byte + key, base64).
 * False, never a throw, for anything malformed: not canonical base64, an unknown flag or
 * a key of the wrong length, a maxEpoch that is not a non-negative safe integer, a
 * randomness that is not decimal digits (generateNonce would take "0x…" or " 7 "; the
 * prover is sent this string as it is), values outside the field.
 */
export function nonceMatches(
  answer: { nonce: string; maxEpoch: number; randomness: string },
  suiPublicKeyBase64: string,
): boolean {
  try {
    if (typeof answer !== 'object' || answer === null || typeof suiPublicKeyBase64 !== 'string') return false;
    const { nonce, maxEpoch, randomness } = answer;
    if (typeof nonce !== 'string' || nonce.length !== NONCE_LENGTH) return false;
    if (typeof maxEpoch !== 'number' || !Number.isSafeInteger(maxEpoch) || maxEpoch < 0) return false;
    if (typeof randomness !== 'string' || !DECIMAL.test(randomness)) return false;
    const key = fromCanonicalBase64(suiPublicKeyBase64);
    if (!key || key.length < 1 || KEY_LENGTH_BY_FLAG[key[0]!] !== key.length - 1) return false;
    return computeNonce(key, maxEpoch, randomness) === nonce;
  } catch {
    return false;
  }
}
