/**
 * The restore: what storage holds, read at load, after "Start over" and after a refused
 * callback, as one of the machine's outcomes. It never throws for what it finds: anything
 * stored that is not believed (corrupt, foreign, a plain entry that disagrees with the
 * sealed one) is `unreadable`, and the machine signs the visitor out and says so.
 */
import { isExpired } from '../core/expiry.ts';
import type { SignInOperations } from '../core/operations.ts';
import type { RestoreOutput, SignedInSession } from '../core/sign-in.types.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { readEmailClaim } from '../zklogin/id-token-claims.ts';
import type { StoredSignIn } from '../storage/session-store.ts';
import type { SignInDependencies } from './dependencies.ts';

/** The account a finished sign-in holds, or null for a flow that is only started. */
function signedIn({ state, session }: StoredSignIn): SignedInSession | null {
  if (!state.address || !session.jwt) return null;
  return {
    provider: state.provider,
    address: state.address,
    expiresAt: session.expiresAt,
    publicKey: state.publicKey ?? '',
    email: readEmailClaim(session.jwt),
  };
}

export function createRestore({
  sessions,
  vault,
  now,
}: Pick<SignInDependencies, 'sessions' | 'vault' | 'now'>): SignInOperations['restoreSession'] {
  return async ({ input }): Promise<RestoreOutput> => {
    const stored = await sessions.read();
    if (!stored) return { status: sessions.holdsAnything() ? 'unreadable' : 'empty' };
    const { state, session } = stored;
    // Whose session it was (not a flow's that never finished): the sign-in buttons offer that provider first.
    if (isExpired(session.expiresAt, now())) return { status: 'expired', ...(session.jwt ? { provider: state.provider } : {}) };
    const restored = signedIn(stored);
    // A finished sign-in whose state is gone or corrupt cannot be trusted.
    if (!restored && session.jwt) return { status: 'unreadable' };
    if (restored) return { status: session.proof ? 'ready' : 'signed-in', ...restored };
    // A sign-in that was started but not finished: kept, or dropped with its native key
    // ("Start over"; a key that cannot be deleted is only an orphan).
    if (!input.discardPendingFlow) return { status: 'empty', pendingFlow: true };
    sessions.clear();
    if (session.nativeKeyId) await vault.delete(nativeKeyEntry(session.nativeKeyId)).catch(() => {});
    return { status: 'empty' };
  };
}
