/**
 * The ephemeral key pair, made at the start of a sign-in. By default a non-extractable
 * WebCrypto Ed25519 key (native-ed25519.ts) kept in the key vault, with a marker in the
 * session: no secret is ever stored, and no JavaScript curve is needed. With the
 * native-key setting, a non-extractable WebCrypto P-256 key instead. A browser whose
 * WebCrypto has no Ed25519 gets a JavaScript Ed25519 key, whose secret travels only
 * inside the encrypted session. Small on purpose: the Sui code for either fallback is
 * fetched only when it is used, and signing code lives in signer.ts.
 */
import type { KeyVault } from '../storage/key-vault.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { NATIVE_KEY_MARKER } from '../storage/session-store.ts';
import { generateNativeEd25519, NATIVE_ED25519, toSuiPublicKey } from './native-ed25519.ts';

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

/** A key kept in the vault under a fresh entry, named by the session's marker. */
function vaultKey(publicKey: string, entry: unknown, vault: KeyVault): NewEphemeralKey {
  const nativeKeyId = crypto.randomUUID();
  return {
    publicKey,
    stored: NATIVE_KEY_MARKER,
    nativeKeyId,
    persist: () => vault.put(nativeKeyEntry(nativeKeyId), entry),
    discard: () => vault.delete(nativeKeyEntry(nativeKeyId)),
  };
}

export async function createEphemeralKey(options: { native: boolean; vault: KeyVault }): Promise<NewEphemeralKey> {
  if (options.native) {
    const { generateNativeP256, NATIVE_P256 } = await import('./native-p256.ts');
    const entry = await generateNativeP256();
    return vaultKey(toSuiPublicKey(NATIVE_P256.flag, entry.publicKey), entry, options.vault);
  }
  const ed25519 = await generateNativeEd25519();
  if (ed25519) return vaultKey(toSuiPublicKey(NATIVE_ED25519.flag, ed25519.publicKey), ed25519, options.vault);
  const { Ed25519Keypair } = await import('@mysten/sui/keypairs/ed25519');
  const keypair = new Ed25519Keypair();
  return {
    publicKey: keypair.getPublicKey().toSuiPublicKey(),
    stored: keypair.getSecretKey(),
    persist: async () => {},
    discard: async () => {},
  };
}
