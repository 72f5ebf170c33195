/**
 * The zkLogin circuit's (v1) one public input: Poseidon over the ephemeral key, the address
 * seed, maxEpoch, the issuer's and the header's base64 pieces and the JWK's modulus, as
 * fastcrypto's `calculate_all_inputs_hash` computes it (the layout is in the spec's
 * reference facts, "Verifying a zkLogin proof").
 */
import { hashASCIIStrToField, poseidonHash } from '@mysten/sui/zklogin';

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
  return poseidonHash(chunks);
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
  return poseidonHash([
    bigEndian(key.subarray(0, key.length - 16)),
    bigEndian(key.subarray(key.length - 16)),
    inputs.addressSeed,
    inputs.maxEpoch,
    hashASCIIStrToField(inputs.issBase64Details.value, MAX_ISS_LENGTH),
    BigInt(inputs.issBase64Details.indexMod4),
    hashASCIIStrToField(inputs.headerBase64, MAX_HEADER_LENGTH),
    modulusHash(inputs.modulus),
  ]);
}
