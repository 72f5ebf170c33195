/**
 * The zkLogin circuit's (v1) one public input: Poseidon over the ephemeral key, the address
 * seed, maxEpoch, the issuer's and the header's base64 pieces and the JWK's modulus, as
 * fastcrypto's `calculate_all_inputs_hash` computes it (the layout is in the spec's
 * reference facts, "Verifying a zkLogin proof").
 *
 * Over poseidon-lite's widths 8 and 9 only, the two this hash uses (the issuer's and the
 * header's pieces are eight 31-byte chunks each, the modulus nine 248-bit chunks, and the
 * inputs eight), and not through @mysten/sui/zklogin's poseidonHash and hashASCIIStrToField:
 * that module imports all sixteen widths, about 400 KB gzip of round constants, which the
 * browser's proof check then loaded. The test holds this to the library's hash.
 */
import { poseidon8 } from 'poseidon-lite/poseidon8';
import { poseidon9 } from 'poseidon-lite/poseidon9';

const MAX_HEADER_LENGTH = 248;
const MAX_ISS_LENGTH = 224;
const CHUNK_BITS = 248n;
const MODULUS_BITS = 2048n;

export interface AllInputs {
  /** The ephemeral public key in Sui form: its scheme's flag byte, then the key. */
  ephemeralPublicKey: Uint8Array;
  addressSeed: bigint;
  maxEpoch: bigint;
  issBase64Details: { value: string; indexMod4: number };
  headerBase64: string;
  /** The JWK's RSA modulus, base64url. */
  modulus: string;
}

export class InputError extends Error {}

/** BN254's scalar field, Poseidon's inputs' home. */
const FIELD_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

const bigEndian = (bytes: Uint8Array) => bytes.reduce((number, byte) => (number << 8n) | BigInt(byte), 0n);

/** 248 bits: the circuit packs a string 31 characters to a field element. */
const PACKED_CHARS = Number(CHUNK_BITS / 8n);

/**
 * `text` padded with NULs to `maxLength` characters, cut into 31-character chunks from its
 * end, each read big-endian, hashed: @mysten/sui's hashASCIIStrToField for the two lengths
 * here (224 and 248 characters, eight chunks each). The pieces are base64: ASCII.
 */
function hashAsciiToField(text: string, maxLength: number): bigint {
  const codes = [...text.padEnd(maxLength, '\0')].map((char) => char.charCodeAt(0));
  const chunks: bigint[] = [];
  for (let end = codes.length; end > 0; end -= PACKED_CHARS) {
    chunks.unshift(codes.slice(Math.max(0, end - PACKED_CHARS), end).reduce((number, code) => (number << 8n) | BigInt(code), 0n));
  }
  if (chunks.length !== 8) throw new InputError('a piece is not eight chunks long');
  return poseidon8(chunks);
}

function base64UrlToBytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new InputError('the modulus is not base64url');
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** The modulus cut into 248-bit chunks from the least significant end, hashed most significant first. */
function modulusHash(modulus: string): bigint {
  const n = bigEndian(base64UrlToBytes(modulus));
  if (n >> MODULUS_BITS !== 0n) throw new InputError('the modulus is longer than 2,048 bits');
  const chunks: bigint[] = [];
  for (let rest = n, bits = 0n; bits < MODULUS_BITS; bits += CHUNK_BITS, rest >>= CHUNK_BITS) {
    chunks.unshift(rest & ((1n << CHUNK_BITS) - 1n));
  }
  return poseidon9(chunks);
}

export function allInputsHash(inputs: AllInputs): bigint {
  if (inputs.headerBase64.length > MAX_HEADER_LENGTH) throw new InputError('the token header is too long');
  if (inputs.issBase64Details.value.length > MAX_ISS_LENGTH) throw new InputError("the issuer's piece is too long");
  // Poseidon takes field elements only: a seed or an epoch outside it is the signature's fault, not ours.
  for (const [name, value] of [
    ['address seed', inputs.addressSeed],
    ['maxEpoch', inputs.maxEpoch],
  ] as const) {
    if (value < 0n || value >= FIELD_ORDER) throw new InputError(`The ${name} is not an element of the BN254 field.`);
  }
  const key = inputs.ephemeralPublicKey;
  if (key.length <= 16) throw new InputError('the ephemeral public key is too short');
  if ([...(inputs.issBase64Details.value + inputs.headerBase64)].some((char) => char.charCodeAt(0) > 0x7f)) {
    throw new InputError('the issuer or header piece is not ASCII');
  }
  const parts = [
    bigEndian(key.subarray(0, key.length - 16)),
    bigEndian(key.subarray(key.length - 16)),
    inputs.addressSeed,
    inputs.maxEpoch,
    hashAsciiToField(inputs.issBase64Details.value, MAX_ISS_LENGTH),
    BigInt(inputs.issBase64Details.indexMod4),
    hashAsciiToField(inputs.headerBase64, MAX_HEADER_LENGTH),
    modulusHash(inputs.modulus),
  ];
  // Poseidon takes field elements only (the key's halves always are; the others are checked above or hashes).
  if (parts.some((part) => part >= FIELD_ORDER)) throw new InputError('an input is not an element of the BN254 field');
  return poseidon8(parts);
}
