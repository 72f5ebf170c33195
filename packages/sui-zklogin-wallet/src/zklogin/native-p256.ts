/**
 * The native-key setting's ephemeral key: a non-extractable WebCrypto P-256 key pair
 * kept in the key vault, signing as Sui's Secp256r1 through NativeSigner (native-signer.ts).
 *
 * Hand-written in place of @mysten/webcrypto-signer, whose signer does the same over the
 * same platform API: its Secp256r1PublicKey brings Sui's signature parser, and with it
 * the passkey verifier and the JavaScript P-256 curve (about 19 KB gzip). Bundled, that
 * code lands in the chunk every signer shares, so every visitor loaded it on the way to
 * their first signature, whatever their key. Here WebCrypto signs; what is
 * left is Sui's encoding: the compressed public key (flag 0x02 + 33 bytes) and the compact
 * signature r‖s with s in its low half, which Sui requires (no malleable signatures).
 *
 * The vault entry keeps the shape @mysten/webcrypto-signer's `export()` gave it
 * ({ privateKey, publicKey: the compressed key }), so keys stored before still sign.
 */
import type { NativeKeyPair, NativeScheme } from './native-signer.ts';

/** The curve's group order (FIPS 186-4, D.1.2.3). */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** What the key vault keeps for one native P-256 key; the public key compressed (33 bytes). */
export interface NativeP256Entry extends NativeKeyPair {
  scheme?: 'Secp256r1';
}

export const isNativeP256Entry = (value: unknown): value is NativeP256Entry =>
  typeof value === 'object' &&
  value !== null &&
  ((value as { scheme?: unknown }).scheme ?? 'Secp256r1') === 'Secp256r1' &&
  (value as { privateKey?: unknown }).privateKey instanceof CryptoKey &&
  (value as { publicKey?: unknown }).publicKey instanceof Uint8Array &&
  (value as { publicKey: Uint8Array }).publicKey.length === 33;

const toBigInt = (bytes: Uint8Array): bigint =>
  BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') || '0'}`);

function toBytes32(value: bigint): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}

/** The raw uncompressed point (0x04 ‖ x ‖ y) as WebCrypto exports it, compressed: 0x02/0x03 by y's parity, then x. */
export function compressP256(uncompressed: Uint8Array): Uint8Array<ArrayBuffer> {
  if (uncompressed.length !== 65 || uncompressed[0] !== 0x04) throw new Error('Not an uncompressed P-256 point.');
  const compressed = new Uint8Array(33);
  compressed[0] = (uncompressed[64]! & 1) === 0 ? 0x02 : 0x03;
  compressed.set(uncompressed.subarray(1, 33), 1);
  return compressed;
}

/** WebCrypto's r ‖ s with s moved to its low half (n − s), the form Sui accepts. */
export function toLowS(signature: Uint8Array): Uint8Array<ArrayBuffer> {
  const s = toBigInt(signature.subarray(32, 64));
  const normalized = new Uint8Array(signature);
  if (s > N / 2n) normalized.set(toBytes32(N - s), 32);
  return normalized;
}

/** Secp256r1 for NativeSigner: the signature's s made low for Sui. */
export const NATIVE_P256: NativeScheme = {
  flag: 0x02,
  signature: { name: 'ECDSA', hash: 'SHA-256' },
  toSui: toLowS,
};

/** A new non-extractable P-256 key pair, as the vault keeps it. */
export async function generateNativeP256(): Promise<NativeP256Entry> {
  const pair = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const publicKey = compressP256(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  return { scheme: 'Secp256r1', privateKey: pair.privateKey, publicKey };
}
