/**
 * The default ephemeral key: a WebCrypto Ed25519 key pair whose private half is
 * non-extractable, so no script (ours included) can ever read it, and which needs no
 * JavaScript curve: nothing to download or warm up before the click. The public half is
 * exported raw (32 bytes) for the login service, in Sui's encoding (flag 0x00 + key).
 *
 * Hand-written because no kept library wraps a WebCrypto Ed25519 key as a Sui key; its
 * signer is native-signer.ts. A dozen lines over the platform API.
 */
import { toBase64 } from '@mysten/utils';
import type { NativeKeyPair, NativeScheme } from './native-signer.ts';

/** Ed25519 for NativeSigner: WebCrypto's raw key and signature are Sui's own. */
export const NATIVE_ED25519: NativeScheme = {
  flag: 0x00,
  signature: { name: 'Ed25519' },
};

/** What the key vault keeps for one native Ed25519 key; the public key raw (32 bytes). */
export interface NativeEd25519Entry extends NativeKeyPair {
  scheme: 'ED25519';
}

export const isNativeEd25519Entry = (value: unknown): value is NativeEd25519Entry =>
  typeof value === 'object' &&
  value !== null &&
  (value as { scheme?: unknown }).scheme === 'ED25519' &&
  (value as { privateKey?: unknown }).privateKey instanceof CryptoKey &&
  (value as { publicKey?: unknown }).publicKey instanceof Uint8Array;

/** Sui's encoding of a public key, as the login service takes it: flag byte, then the key, in base64. */
export function toSuiPublicKey(flag: number, raw: Uint8Array): string {
  const bytes = new Uint8Array(1 + raw.length);
  bytes[0] = flag;
  bytes.set(raw, 1);
  return toBase64(bytes);
}

/**
 * A new non-extractable Ed25519 key pair, or undefined when this browser's WebCrypto has
 * no Ed25519 (then the caller falls back to a JavaScript key).
 */
export async function generateNativeEd25519(): Promise<NativeEd25519Entry | undefined> {
  let pair: CryptoKeyPair;
  try {
    pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') return undefined;
    throw error;
  }
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { scheme: 'ED25519', privateKey: pair.privateKey, publicKey };
}
