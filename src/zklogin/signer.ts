/**
 * The zkLogin signer built from the stored proof. Loaded lazily with the Sui code.
 */
import type { Signer } from '@mysten/sui/cryptography';
import { ZkLoginSigner } from '@mysten/sui/zklogin';
import type { KeyVault } from '../storage/key-vault.ts';
import type { SignInSession, SignInState } from '../storage/session-store.ts';
import { loadEphemeralSigner } from './ephemeral-key.ts';
import { SignInError } from '../../machines/errors.ts';
import { isExpired } from '../../machines/expiry.ts';

export interface SignerSource {
  session: SignInSession | null;
  state: SignInState | null;
  vault: KeyVault;
  now: number;
  /** The ephemeral signer when the caller already rebuilt it; else read from the session. */
  ephemeralSigner?: Signer;
}

/**
 * Builds the signer, refusing with the catalogue's messages: missing data, an expired
 * proof, a native key that is gone. ZkLoginSigner itself checks the proof against the
 * address, so a proof for someone else never signs.
 */
export async function buildZkLoginSigner({ session, state, vault, now, ...given }: SignerSource): Promise<ZkLoginSigner> {
  if (!state?.address || !session?.ephemeralKeyPair || !session.maxEpoch || !session.proof) {
    throw SignInError.of('MISSING_KEYPAIR_DATA');
  }
  if (isExpired(session.expiresAt, now)) throw SignInError.of('PROOF_EXPIRED');
  const ephemeralSigner = given.ephemeralSigner ?? (await loadEphemeralSigner(session, vault));
  try {
    return new ZkLoginSigner({
      ephemeralSigner,
      maxEpoch: session.maxEpoch,
      inputs: session.proof,
      legacyAddress: false,
      address: state.address,
    });
  } catch {
    throw new Error('The proof from the login service does not match your address, so it was not used.');
  }
}

export { loadEphemeralSigner };
