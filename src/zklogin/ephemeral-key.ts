/**
 * The ephemeral key pair: Ed25519 by default (its secret travels only inside the
 * encrypted session), or a native non-extractable WebCrypto P-256 key kept in the key
 * vault, with a marker in the session. Loaded lazily: it pulls in Sui's crypto code.
 */
import type { Signer } from '@mysten/sui/cryptography';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { WebCryptoSigner, type ExportedWebCryptoKeypair } from '@mysten/webcrypto-signer';
import type { KeyVault } from '../storage/key-vault.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { NATIVE_KEY_MARKER } from '../storage/session-store.ts';
import { SignInError } from '../../machines/errors.ts';

export interface NewEphemeralKey {
  /** Sui-encoded public key (flag byte + key, base64), as the login service expects. */
  publicKey: string;
  /** What the session stores: the Sui private key, or the native-key marker. */
  stored: string;
  /** The vault entry id of a native key. */
  nativeKeyId?: string;
  /** Persists the key where it must live; call only once the flow is sure to go on. */
  persist(): Promise<void>;
  /** Undoes `persist` when a later step fails. */
  discard(): Promise<void>;
}

export async function createEphemeralKey(options: { native: boolean; vault: KeyVault }): Promise<NewEphemeralKey> {
  if (!options.native) {
    const keypair = new Ed25519Keypair();
    return {
      publicKey: keypair.getPublicKey().toSuiPublicKey(),
      stored: keypair.getSecretKey(),
      persist: async () => {},
      discard: async () => {},
    };
  }
  const signer = await WebCryptoSigner.generate({ extractable: false });
  const nativeKeyId = crypto.randomUUID();
  return {
    publicKey: signer.getPublicKey().toSuiPublicKey(),
    stored: NATIVE_KEY_MARKER,
    nativeKeyId,
    persist: () => options.vault.put(nativeKeyEntry(nativeKeyId), signer.export()),
    discard: () => options.vault.delete(nativeKeyEntry(nativeKeyId)),
  };
}

/**
 * Pays the curve's one-time set-up (its precomputed tables, tens of milliseconds) while
 * the browser is idle, instead of on the visitor's click.
 */
export function warmUpCurve(): void {
  new Ed25519Keypair().getPublicKey();
}

/** Rebuilds the ephemeral signer from what the session stored. */
export async function loadEphemeralSigner(
  session: { ephemeralKeyPair: string; nativeKeyId?: string },
  vault: KeyVault,
): Promise<Signer> {
  if (session.ephemeralKeyPair !== NATIVE_KEY_MARKER) return Ed25519Keypair.fromSecretKey(session.ephemeralKeyPair);
  if (!session.nativeKeyId) throw SignInError.of('NATIVE_SIGNER_NOT_FOUND');
  const exported = await vault.get<ExportedWebCryptoKeypair>(nativeKeyEntry(session.nativeKeyId));
  if (!exported?.privateKey || !exported.publicKey) throw SignInError.of('NATIVE_SIGNER_NOT_FOUND');
  return WebCryptoSigner.import(exported);
}
