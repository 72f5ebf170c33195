/**
 * The end of a session: the visitor's sign-out (everywhere: every key of this app goes, and
 * the other tabs are told), or this tab's only (expiry, another tab's sign-out, unreadable
 * storage: its own session and native key go). What the running page keeps of it (the
 * signer, a lookup under way) is dropped by `forget`.
 *
 * This tab's only means the session it held: where the wallet's windows share one storage
 * (the hosted wallet), another window may have stored a session since (a renewal, a new
 * sign-in), and a window whose old session ends must not end that one.
 */
import { nativeKeyEntry } from '../storage/keys.ts';
import type { SignInDependencies } from './dependencies.ts';
import type { SignInOperations } from '../core/operations.ts';

export function createSignOut(
  { sessions, vault, encryption, tabs }: Pick<SignInDependencies, 'sessions' | 'vault' | 'encryption' | 'tabs'>,
  forget: () => void,
): SignInOperations['clearSession'] {
  return async ({ input }) => {
    forget();
    // Only this tab's session ends: find its native key before the session that names it
    // is gone (whatever the plain entry says: this is only to find what to delete).
    const sealed = input.everywhere ? null : await sessions.readSealedSession();
    if (sealed && input.ended && sealed.expiresAt !== input.ended.expiresAt) return;
    // A renewal under way has a key of its own.
    const nativeKeyIds = [sealed?.nativeKeyId, sealed?.renewal?.nativeKeyId].filter((id) => id !== undefined);
    sessions.clear();
    encryption.forget();
    if (input.everywhere) {
      // The visitor signed out: no key of this app survives, in any tab. The other tabs
      // are told even if clearing the keys failed: their sign-ins end either way.
      try {
        await vault.clear();
      } finally {
        tabs.announceSignOut();
      }
    } else {
      await Promise.all(nativeKeyIds.map((id) => vault.delete(nativeKeyEntry(id))));
    }
  };
}
