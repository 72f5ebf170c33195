/**
 * The ephemeral key as a signer over a non-extractable WebCrypto key: Ed25519 by default,
 * P-256 with the native-key setting. WebCrypto signs with the key, so no JavaScript curve
 * is loaded; the zkLogin signature around it is zklogin-signature.ts. What differs by
 * scheme (algorithm, flag, the form Sui takes the signature in) is a NativeScheme, in
 * native-ed25519.ts and native-p256.ts.
 *
 * Hand-written because no kept library wraps a WebCrypto Ed25519 key as a Sui key, and
 * @mysten/webcrypto-signer's P-256 signer brings 19 KB of JavaScript curve (native-p256.ts).
 */
import type { EphemeralSigner } from './zklogin-signature.ts';

export interface NativeScheme {
  /** Sui's signature-scheme flag. */
  flag: number;
  /** WebCrypto's signature algorithm. */
  signature: AlgorithmIdentifier | EcdsaParams;
  /** WebCrypto's signature in the form Sui takes; as it is when absent. */
  toSui?(signature: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/** What the key vault keeps for one native key: the private half never leaves WebCrypto. */
export interface NativeKeyPair {
  privateKey: CryptoKey;
  /** The public key in Sui's raw form (without the flag byte). */
  publicKey: Uint8Array<ArrayBuffer>;
}

export class NativeSigner implements EphemeralSigner {
  readonly flag: number;
  readonly publicKey: Uint8Array<ArrayBuffer>;
  readonly #privateKey: CryptoKey;
  readonly #scheme: NativeScheme;

  constructor(entry: NativeKeyPair, scheme: NativeScheme) {
    this.flag = scheme.flag;
    this.publicKey = entry.publicKey;
    this.#privateKey = entry.privateKey;
    this.#scheme = scheme;
  }

  async sign(digest: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    const signature = new Uint8Array(await crypto.subtle.sign(this.#scheme.signature, this.#privateKey, new Uint8Array(digest)));
    return this.#scheme.toSui?.(signature) ?? signature;
  }
}
