/**
 * The end of a session: the visitor's sign-out (everywhere: every key of this app goes, and
 * the other tabs are told), or this tab's only (expiry, another tab's sign-out, unreadable
 * storage: its own session and native key go). What the running page keeps of it (the
 * signer, a lookup under way) is dropped by `forget`.
 *
 * This tab's only means the session it held, or none: where the wallet's windows share one
 * storage (the hosted wallet), another window may have stored a session or a flow since (a
 * renewal, a new sign-in), and a window whose old session ends must not end it; nor may a
 * window that held none (its lost sign-in window expiring) end a live session signed in
 * elsewhere. What such a window clears is what it left: its unfinished flow, an expired
 * session, or storage it cannot believe.
 */
import { isExpired } from '../core/expiry.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import type { SignInDependencies } from './dependencies.ts';
import type { SignInOperations } from '../core/operations.ts';

export function createSignOut(
  { sessions, vault, encryption, tabs, now }: Pick<SignInDependencies, 'sessions' | 'vault' | 'encryption' | 'tabs' | 'now'>,
  forget: () => void,
): SignInOperations['clearSession'] {
  return async ({ input }) => {
    forget();
    // What is stored now, before anything is decrypted: a write while this reads it is another window's.
    const entry = sessions.entry();
    // Holding none: what storage believes (sealed, the plain entry agreeing), read first, so
    // that the sealed read below comes from it rather than decrypting again.
    const believed = input.everywhere || input.ended ? null : await sessions.read();
    // Only this tab's session ends: find its native key before the session that names it
    // is gone (whatever the plain entry says: this is only to find what to delete).
    const sealed = input.everywhere ? null : await sessions.readSealedSession();
    // Another window's since (see above): a session or flow of another end than the one this
    // tab held; holding none, a live session.
    const anotherWindows =
      !input.everywhere &&
      (input.ended
        ? sealed !== null && sealed.expiresAt !== input.ended.expiresAt
        : believed?.session.jwt !== undefined && !isExpired(believed.session.expiresAt, now()));
    if (anotherWindows) return;
    // A renewal under way has a key of its own.
    const nativeKeyIds = [sealed?.nativeKeyId, sealed?.renewal?.nativeKeyId].filter((id) => id !== undefined);
    // This tab's only: cleared if nothing was written while it was read (else another window's, and kept).
    if (!sessions.clear(input.everywhere ? undefined : entry)) return;
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
