/**
 * The zkLogin signer built from the stored proof, and the ephemeral signer it wraps.
 * Loaded lazily, with zklogin-signature.ts: this is where the signing code is.
 */
import type { KeyVault } from '../storage/key-vault.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { NATIVE_KEY_MARKER, type SignInSession, type SignInState } from '../storage/session-store.ts';
import { isNativeEd25519Entry, NATIVE_ED25519 } from './native-ed25519.ts';
import { NativeSigner } from './native-signer.ts';
import { ZkLoginAccountSigner, type EphemeralSigner } from './zklogin-signature.ts';
import { SignInError } from '../core/errors.ts';
import { isExpired } from '../core/expiry.ts';

/**
 * Rebuilds the ephemeral signer from what the session stored: a native key from the
 * vault (Ed25519, or P-256), or the JavaScript key of a browser without WebCrypto Ed25519.
 */
export async function loadEphemeralSigner(
  session: { ephemeralKeyPair: string; nativeKeyId?: string },
  vault: KeyVault,
): Promise<EphemeralSigner> {
  if (session.ephemeralKeyPair !== NATIVE_KEY_MARKER) {
    const { Ed25519Keypair } = await import('@mysten/sui/keypairs/ed25519');
    const keypair = Ed25519Keypair.fromSecretKey(session.ephemeralKeyPair);
    return { flag: NATIVE_ED25519.flag, publicKey: keypair.getPublicKey().toRawBytes(), sign: (digest) => keypair.sign(digest) };
  }
  if (!session.nativeKeyId) throw SignInError.of('NATIVE_SIGNER_NOT_FOUND');
  const entry = await vault.get<unknown>(nativeKeyEntry(session.nativeKeyId));
  if (isNativeEd25519Entry(entry)) return new NativeSigner(entry, NATIVE_ED25519);
  const { isNativeP256Entry, NATIVE_P256 } = await import('./native-p256.ts');
  if (!isNativeP256Entry(entry)) throw SignInError.of('NATIVE_SIGNER_NOT_FOUND');
  return new NativeSigner(entry, NATIVE_P256);
}

export interface SignerSource {
  session: SignInSession | null;
  state: SignInState | null;
  vault: KeyVault;
  now: number;
  /** The ephemeral signer when the caller already rebuilt it; else read from the session. */
  ephemeralSigner?: EphemeralSigner;
}

/**
 * Builds the signer, refusing with the catalogue's messages: missing data, an expired
 * proof, a native key that is gone. The signer itself checks the proof against the
 * address, so a proof for someone else never signs.
 */
export async function buildZkLoginSigner({ session, state, vault, now, ...given }: SignerSource): Promise<ZkLoginAccountSigner> {
  if (!state?.address || !session?.ephemeralKeyPair || !session.maxEpoch || !session.proof) {
    throw SignInError.of('MISSING_KEYPAIR_DATA');
  }
  if (isExpired(session.expiresAt, now)) throw SignInError.of('PROOF_EXPIRED');
  const ephemeral = given.ephemeralSigner ?? (await loadEphemeralSigner(session, vault));
  try {
    return new ZkLoginAccountSigner({ ephemeral, maxEpoch: session.maxEpoch, inputs: session.proof, address: state.address });
  } catch {
    throw new Error('The proof from the login service does not match your address, so it was not used.');
  }
}
