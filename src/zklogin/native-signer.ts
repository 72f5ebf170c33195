/**
 * A Sui Signer over a non-extractable WebCrypto key: Ed25519 by default, P-256 with the
 * native-key setting. Sui's Signer builds and hashes the intent message; WebCrypto signs
 * with the key and verifies, so no JavaScript curve is loaded. What differs by scheme
 * (algorithm, flag, the forms Sui and WebCrypto each take) is a NativeScheme, in
 * native-ed25519.ts and native-p256.ts.
 *
 * Hand-written because no kept library wraps a WebCrypto Ed25519 key as a Sui key, and
 * @mysten/webcrypto-signer's P-256 signer brings 19 KB of JavaScript curve (native-p256.ts).
 */
import { PublicKey, Signer, type SignatureScheme } from '@mysten/sui/cryptography';
import { fromBase64 } from '@mysten/utils';

export interface NativeScheme {
  scheme: SignatureScheme;
  /** Sui's signature-scheme flag. */
  flag: number;
  /** WebCrypto's key algorithm (import) and signature algorithm (sign, verify). */
  key: AlgorithmIdentifier | EcKeyImportParams;
  signature: AlgorithmIdentifier | EcdsaParams;
  /** The stored public key in the raw form WebCrypto imports; as stored when absent. */
  importable?(publicKey: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  /** WebCrypto's signature in the form Sui takes; as it is when absent. */
  toSui?(signature: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

/** What the key vault keeps for one native key: the private half never leaves WebCrypto. */
export interface NativeKeyPair {
  privateKey: CryptoKey;
  /** The public key in Sui's raw form (without the flag byte). */
  publicKey: Uint8Array<ArrayBuffer>;
}

class NativePublicKey extends PublicKey {
  readonly #raw: Uint8Array<ArrayBuffer>;
  readonly #scheme: NativeScheme;

  constructor(raw: Uint8Array<ArrayBuffer>, scheme: NativeScheme) {
    super();
    this.#raw = raw;
    this.#scheme = scheme;
  }

  toRawBytes(): Uint8Array<ArrayBuffer> {
    return this.#raw;
  }

  flag(): number {
    return this.#scheme.flag;
  }

  async verify(data: Uint8Array, signature: Uint8Array | string): Promise<boolean> {
    const bytes = typeof signature === 'string' ? fromBase64(signature) : signature;
    const raw = this.#scheme.importable?.(this.#raw) ?? this.#raw;
    const key = await crypto.subtle.importKey('raw', raw, this.#scheme.key, false, ['verify']);
    return crypto.subtle.verify(this.#scheme.signature, key, new Uint8Array(bytes), new Uint8Array(data));
  }
}

export class NativeSigner extends Signer {
  readonly #privateKey: CryptoKey;
  readonly #publicKey: NativePublicKey;
  readonly #scheme: NativeScheme;

  constructor(entry: NativeKeyPair, scheme: NativeScheme) {
    super();
    this.#privateKey = entry.privateKey;
    this.#publicKey = new NativePublicKey(entry.publicKey, scheme);
    this.#scheme = scheme;
  }

  async sign(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    const signature = new Uint8Array(await crypto.subtle.sign(this.#scheme.signature, this.#privateKey, new Uint8Array(bytes)));
    return this.#scheme.toSui?.(signature) ?? signature;
  }

  getKeyScheme(): SignatureScheme {
    return this.#scheme.scheme;
  }

  getPublicKey(): PublicKey {
    return this.#publicKey;
  }
}
