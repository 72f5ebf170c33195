/**
 * The small pieces nonce-check.ts and address-check.ts share: @mysten/sui's check of
 * Poseidon's inputs (each must be an element of the BN254 scalar field) and its byte
 * conversions. Imports nothing, and no Poseidon width: each check imports the widths it
 * hashes with itself, so the nonce check never carries the address check's constants.
 */

/** The order of BN254's scalar field: Poseidon's inputs must be below it. */
export const BN254_FIELD_SIZE = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/**
 * The inputs as field elements, as poseidonHash in @mysten/sui reads them (BigInt of each),
 * or a plain Error where it throws: a value that is not an integer, or is not in the field.
 */
export function fieldElements(inputs: readonly (bigint | number | string)[]): bigint[] {
  return inputs.map((input) => {
    let element: bigint;
    try {
      element = BigInt(input);
    } catch {
      throw new Error('A Poseidon input is not an integer');
    }
    if (element < 0n || element >= BN254_FIELD_SIZE) throw new Error('A Poseidon input is not in the BN254 field');
    return element;
  });
}

/** The big-endian value of `bytes` (0 for none). */
export function bigIntFromBytes(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

/** The low `width` bytes of `value`, big-endian, zero-padded on the left (toPaddedBigEndianBytes). */
export function toPaddedBigEndianBytes(value: bigint, width: number): Uint8Array {
  const hex = value
    .toString(16)
    .padStart(width * 2, '0')
    .slice(-width * 2);
  const bytes = new Uint8Array(width);
  for (let i = 0; i < width; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Standard base64 with padding, as @mysten/utils' toBase64 (and so PublicKey.toBase64) writes it. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
