/**
 * A Sui Signer over a native Ed25519 key (see native-ed25519.ts): Sui's Signer hashes
 * the intent message, and WebCrypto signs the digest with the non-extractable key. The
 * result is a plain Ed25519 signature, as Sui expects. Verification also uses WebCrypto,
 * so no JavaScript curve is loaded.
 */
import { PublicKey, Signer, type SignatureScheme } from '@mysten/sui/cryptography';
import { fromBase64 } from '@mysten/utils';
import { ED25519_FLAG, type NativeEd25519Entry } from './native-ed25519.ts';

class NativeEd25519PublicKey extends PublicKey {
  readonly #raw: Uint8Array<ArrayBuffer>;

  constructor(raw: Uint8Array<ArrayBuffer>) {
    super();
    this.#raw = raw;
  }

  toRawBytes(): Uint8Array<ArrayBuffer> {
    return this.#raw;
  }

  flag(): number {
    return ED25519_FLAG;
  }

  async verify(data: Uint8Array, signature: Uint8Array | string): Promise<boolean> {
    const bytes = typeof signature === 'string' ? fromBase64(signature) : signature;
    const key = await crypto.subtle.importKey('raw', this.#raw, { name: 'Ed25519' }, false, ['verify']);
    return crypto.subtle.verify({ name: 'Ed25519' }, key, new Uint8Array(bytes), new Uint8Array(data));
  }
}

export class NativeEd25519Signer extends Signer {
  readonly #privateKey: CryptoKey;
  readonly #publicKey: NativeEd25519PublicKey;

  constructor(entry: NativeEd25519Entry) {
    super();
    this.#privateKey = entry.privateKey;
    this.#publicKey = new NativeEd25519PublicKey(entry.publicKey);
  }

  async sign(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, this.#privateKey, new Uint8Array(bytes)));
  }

  getKeyScheme(): SignatureScheme {
    return 'ED25519';
  }

  getPublicKey(): PublicKey {
    return this.#publicKey;
  }
}
