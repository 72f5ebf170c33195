/**
 * The browser's own check of the login service's address answer: the address and public
 * identifier it gives for the visitor's token must be the ones @mysten/sui derives from the
 * token's iss, aud and sub and the salt the service answers with. Otherwise the app would
 * show, and sign for, an address the token does not own.
 *
 * Hand-written rather than jwtToAddress and toZkLoginPublicIdentifier from
 * @mysten/sui/zklogin, because that module imports all sixteen of poseidon-lite's widths
 * (about 430 KB gzip of round constants) where an address needs three. It is their
 * computation, step for step (non-legacy address, as the service derives it):
 * - each claim is hashed as hashASCIIStrToField does it: its UTF-16 code units, padded
 *   with zeros to the claim's maximum (sub 115, aud 145; the name "sub", 32, is a constant), packed 31 to a
 *   field element from the end (each unit in at least two hex digits), then Poseidon;
 * - the address seed is Poseidon(name, sub, aud, Poseidon(salt)), after genAddressSeed's
 *   refusal of '"', '\' and control characters;
 * - the public identifier is iss's UTF-8 length, iss ("accounts.google.com" read as
 *   "https://accounts.google.com"), the seed in 32 bytes; the address is BLAKE2b-256 of
 *   the zkLogin flag 0x05 and the identifier.
 * Differential property tests hold it to jwtToAddress(jwt, salt, false) and
 * toZkLoginPublicIdentifier(seed, iss, { legacyAddress: false }). One step of
 * jwtToAddress is left out on purpose: its length checks of the whole token (a header of at
 * most 279 base64 characters, at most 1,920 bytes padded), which bound what the prover
 * takes, not which address a token gives; the login service and its prover apply them.
 *
 * Imports poseidon-lite's width 1, 4 and 5 entry points only, the core's canonical
 * address form (core/sui-address.ts), the project's BLAKE2b (blake2b.ts) and
 * poseidon-field.ts.
 */
import { poseidon1 } from 'poseidon-lite/poseidon1';
import { poseidon4 } from 'poseidon-lite/poseidon4';
import { poseidon5 } from 'poseidon-lite/poseidon5';
import { normalizedSuiAddress } from '../core/sui-address.ts';
import { blake2b256 } from './blake2b.ts';
import { fieldElements, toBase64, toPaddedBigEndianBytes } from './poseidon-field.ts';

export interface AddressClaims {
  iss: string;
  aud: string;
  sub: string;
}

const MAX_KEY_CLAIM_VALUE_LENGTH = 115;
const MAX_AUD_VALUE_LENGTH = 145;
/** Code units packed into one field element (248 bits). */
const PACK_UNITS = 31;
const ZKLOGIN_FLAG = 0x05;

/**
 * hashASCIIStrToField('sub', 32): the key claim's name is always "sub", so its hash (the
 * one Poseidon width 2 would be loaded for, some 7 KB gzip on every callback page) is a
 * constant. The unit tests compute it with @mysten/sui.
 */
export const SUB_NAME_HASH = 9102752833182448263444250585012134730074321235810986230287216596098480554553n;

type Hash = (inputs: bigint[]) => bigint;
/** The widths the address takes: 1 (salt), 4 (sub, the seed), 5 (aud). */
const POSEIDON_BY_WIDTH: readonly (Hash | undefined)[] = [undefined, poseidon1, undefined, undefined, poseidon4, poseidon5];

function poseidonHash(inputs: readonly (bigint | string)[]): bigint {
  const hash = POSEIDON_BY_WIDTH[inputs.length];
  if (!hash) throw new Error(`No Poseidon width ${inputs.length} here`);
  return hash(fieldElements(inputs));
}

/** hashASCIIStrToField(text, maxLength). */
function hashClaim(text: string, maxLength: number): bigint {
  if (text.length > maxLength) throw new Error(`A claim is longer than ${maxLength} characters`);
  const padded = text.padEnd(maxLength, '\0');
  const packed: bigint[] = [];
  // From the end, 31 at a time: the first element takes what is left over.
  for (let start = 0, end = maxLength % PACK_UNITS || PACK_UNITS; start < maxLength; start = end, end += PACK_UNITS) {
    let hex = '';
    for (let i = start; i < end; i++) hex += padded.charCodeAt(i).toString(16).padStart(2, '0');
    packed.push(BigInt(`0x${hex}`));
  }
  return poseidonHash(packed);
}

/** genAddressSeed's refusal: a '"', a '\' or a control character would be hashed unescaped. */
function refuseJsonEscapes(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c) throw new Error('A claim holds a character JSON escapes');
  }
}

/**
 * The visitor's zkLogin address, as jwtToAddress(jwt, salt, false) gives it for a token
 * with these claims, and the raw bytes of toZkLoginPublicIdentifier(seed, iss,
 * { legacyAddress: false }). Throws a plain Error where those refuse: a claim that is not
 * a non-empty string, a sub over 115 or an aud over 145 code units, a '"', '\' or control
 * character in either, a salt BigInt refuses or that is outside the BN254 field (salts
 * are read as BigInt reads them, as @mysten/sui does). One refusal of its own: an iss over
 * 255 UTF-8 bytes, whose length the identifier's one length byte cannot hold (@mysten/sui
 * writes it modulo 256, and then reads its own identifier back wrong).
 */
export function zkLoginAddressOf(claims: AddressClaims, salt: string): { address: string; publicIdentifier: Uint8Array } {
  if (typeof claims !== 'object' || claims === null) throw new Error('No claims');
  const { iss, aud, sub } = claims;
  // decodeJwt's "Missing jwt data", and a claim of another type.
  if (typeof iss !== 'string' || typeof aud !== 'string' || typeof sub !== 'string' || !iss || !aud || !sub) {
    throw new Error('The claims iss, aud and sub must be non-empty strings');
  }
  if (typeof salt !== 'string') throw new Error('The salt must be a string');
  refuseJsonEscapes(sub);
  refuseJsonEscapes(aud);
  const seed = poseidonHash([
    SUB_NAME_HASH,
    hashClaim(sub, MAX_KEY_CLAIM_VALUE_LENGTH),
    hashClaim(aud, MAX_AUD_VALUE_LENGTH),
    poseidonHash([salt]),
  ]);
  const issBytes = new TextEncoder().encode(iss === 'accounts.google.com' ? 'https://accounts.google.com' : iss);
  if (issBytes.length > 0xff) throw new Error('The iss claim is longer than 255 bytes');
  const publicIdentifier = new Uint8Array(1 + issBytes.length + 32);
  publicIdentifier[0] = issBytes.length;
  publicIdentifier.set(issBytes, 1);
  publicIdentifier.set(toPaddedBigEndianBytes(seed, 32), 1 + issBytes.length);
  const preimage = new Uint8Array(1 + publicIdentifier.length);
  preimage[0] = ZKLOGIN_FLAG;
  preimage.set(publicIdentifier, 1);
  let address = '0x';
  for (const byte of blake2b256(preimage)) address += byte.toString(16).padStart(2, '0');
  return { address, publicIdentifier };
}

/**
 * Whether the login service's answer for a token with these claims is right: true only
 * when `address` is zkLoginAddressOf(claims, salt)'s (any case, normalised as
 * normalizeSuiAddress does) and `publicKey` is its public identifier in the one encoding
 * the service uses. False, never a throw, otherwise.
 *
 * That encoding is standard, padded base64 of the identifier's raw bytes, without the
 * 0x05 flag byte: PublicKey.toBase64() of toZkLoginPublicIdentifier(seed, iss,
 * { legacyAddress: false }), which is what the mock service answers; @mysten/enoki reads
 * the real service's `publicKey` the same way (fromBase64 into the Wallet Standard
 * account's raw publicKey bytes, as a ZkLoginPublicIdentifier's raw bytes), and our
 * wallet compares accounts by toBase64 of those bytes against this very string. So the
 * 0x05-prefixed Sui form, the legacy (unpadded seed) identifier, base64url, unpadded or
 * otherwise non-canonical base64 are all refused.
 */
export function loginAnswerMatches(claims: AddressClaims, answer: { address: string; publicKey: string; salt: string }): boolean {
  try {
    if (typeof answer !== 'object' || answer === null) return false;
    const { address, publicKey, salt } = answer;
    if (typeof address !== 'string' || typeof publicKey !== 'string' || typeof salt !== 'string') return false;
    const claimed = normalizedSuiAddress(address);
    if (!claimed) return false;
    const expected = zkLoginAddressOf(claims, salt);
    return claimed === expected.address && publicKey === toBase64(expected.publicIdentifier);
  } catch {
    return false;
  }
}
