/**
 * Imported first by main.tsx, so it runs before React is evaluated: a page that will
 * restore a session or take a provider's callback needs the sign-in code and the
 * account's screens at once, and their downloads then overlap React's start-up instead
 * of following it (asked for from boot(), the screens arrived some 15 ms after the
 * restore had finished). Where a session is stored, the key database is opened too: the
 * browser's first open of it took about 30 ms here, which the restore would otherwise
 * wait for after React's start-up. Part of the boot, beside main.tsx: it starts the
 * app's and the UI's downloads alike.
 */
import { anythingStored, runtimeModule } from './app/lazy-sign-in-actors.ts';
import { isSignInWindow } from './popup-relay.ts';
import { storageKeys } from './storage/keys.ts';
import { loadAccountScreens } from './ui/account-screens-loader.ts';
import { isCallbackFragment } from './zklogin/callback-fragment.ts';

/** Opens the key database and lets it be, briefly; it never creates it. */
function warmKeyDatabase() {
  const request = indexedDB.open(storageKeys(__SIGN_IN_CONFIG__.enokiApiKey).database);
  // No database yet: abort, so that the vault creates it with its store as usual.
  request.onupgradeneeded = () => request.transaction?.abort();
  request.onsuccess = () => {
    const database = request.result;
    database.onversionchange = () => database.close();
    setTimeout(() => database.close(), 5_000);
  };
  request.onerror = () => {};
}

// A sign-in window that has handed its answer on loads nothing more.
const stored = !isSignInWindow && anythingStored();
/** Whether this page may show an account at once: a stored session or a provider's callback. */
export const mayShowAccount = !isSignInWindow && (stored || isCallbackFragment(window.location.hash));
if (mayShowAccount) {
  void runtimeModule.load().catch(() => {});
  // Never rejects: a failed load is shown where the screens go.
  void loadAccountScreens();
}
if (stored) {
  try {
    warmKeyDatabase();
  } catch {
    // No IndexedDB here: the vault will say so in its own time.
  }
}
