/**
 * Enoki's `enoki:getSession` for a dApp: this account's stored session as Enoki's wallets
 * give it (the provider's token as issued, maxEpoch, randomness, expiresAt, and the proof
 * once made), or null. Only what storage believes (sealed, the plain entry agreeing), only
 * for the address the machine asked about, and never a session past its end. Boxed in a
 * Secret on its way through the machine: no log and no inspector shows the token.
 */
import { isExpired } from '../core/expiry.ts';
import { Secret } from '../core/secret.ts';
import type { WalletConnectOutput, WalletSession, WalletSessionOutput } from '../core/sign-in.types.ts';
import type { SignInDependencies } from './dependencies.ts';

export function createWalletSessionRead({ sessions, now }: Pick<SignInDependencies, 'sessions' | 'now'>) {
  return async (address: string): Promise<WalletSessionOutput> => {
    const stored = await sessions.read();
    const session = stored?.session;
    if (!session?.jwt || stored?.state.address !== address || isExpired(session.expiresAt, now())) return { session: null };
    const { jwt, maxEpoch, randomness, expiresAt, proof } = session;
    const read: WalletSession = { jwt, maxEpoch, randomness, expiresAt, ...(proof ? { proof } : {}) };
    return { session: new Secret(read) };
  };
}

/** Ours: a site's connect was approved, but the account had left storage meanwhile (signed out in another window). */
export const ACCOUNT_GONE = 'The account is no longer signed in here, so nothing was shared.';

/**
 * The account a site connects to through the hosted wallet: its public part as storage
 * believes it (provider, address, public key), only for the address the machine asked
 * about and while its session lasts.
 */
export function createWalletAccountRead({ sessions, now }: Pick<SignInDependencies, 'sessions' | 'now'>) {
  return async (address: string): Promise<WalletConnectOutput> => {
    const stored = await sessions.read();
    if (!stored?.session.jwt || stored.state.address !== address || isExpired(stored.session.expiresAt, now())) {
      throw new Error(ACCOUNT_GONE);
    }
    return { account: { provider: stored.state.provider, address, publicKey: stored.state.publicKey ?? '' } };
  };
}
