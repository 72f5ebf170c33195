/**
 * Imported first by main.tsx and wallet-window-main.ts, so it runs before React is evaluated: a page that will
 * restore a session or take a provider's callback needs the sign-in code and the
 * account's screens at once, and their downloads then overlap React's start-up instead
 * of following it (asked for from boot(), the screens arrived some 15 ms after the
 * restore had finished). Part of the boot, beside main.tsx: it starts the app's and the
 * UI's downloads alike. (It used to open the key database by hand too, a second opener
 * beside the vault's; the vault opens it itself, and the benchmark's reload still meets
 * its target without it: docs/performance.md.)
 */
import { runtimeModule } from '../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import { isSignInWindow } from './popup-relay.ts';
import { signInStored } from '../packages/sui-zklogin-wallet/src/storage/stored.ts';
import { loadAccountScreens } from './ui/account-screens-loader.ts';
import { isCallbackFragment } from '../packages/sui-zklogin-wallet/src/zklogin/callback-fragment.ts';

/**
 * The hosted wallet's window (wallet.html, marked by the page itself, not its path: a host
 * may serve it as /wallet). It keeps its session for every window of the wallet's origin
 * (localStorage), where the app's own page keeps it for its tab (sessionStorage): the
 * window, a new tab at every request, finds its session only there.
 */
export const walletWindow = document.documentElement.dataset.page === 'wallet-window';
// A sign-in window that has handed its answer on loads nothing more.
const stored = !isSignInWindow && signInStored(undefined, walletWindow ? 'browser' : 'tab');
/** Whether this page may show an account at once: a stored session or a provider's callback. */
export const mayShowAccount = !isSignInWindow && (stored || isCallbackFragment(window.location.hash));
if (mayShowAccount) {
  void runtimeModule.load().catch(() => {});
  // Never rejects: a failed load is shown where the screens go.
  void loadAccountScreens();
}
