/**
 * A dApp's interactive Connect in redirect mode: the page goes to the provider, so the
 * connect call never returns to the dApp, and back on its page the dApp sees a wallet with
 * an account but no connection (dapp-kit saves a connection only when connect resolves).
 * The wallet notes which wallet the Connect went with, in this tab's sessionStorage, for
 * as long as the call is under way; a page that loads with the note still there was left
 * by that Connect, and `registerZkLoginWallets` hands the name to the dApp, which finishes
 * the connect silently (README, "A dApp in redirect mode"). Written by hand: it is three
 * storage calls, and no library keeps a note across a redirect for a Wallet Standard call.
 */
const KEY = 'zklogin-wallets:connecting';

/** Storage may be unavailable (a sandboxed frame, a full quota): the dApp then connects again by hand. */
function attempt<T>(step: () => T, fallback: T): T {
  try {
    return step();
  } catch {
    return fallback;
  }
}

export const noteConnect = (walletName: string) => attempt(() => sessionStorage.setItem(KEY, walletName), undefined);

export const clearConnect = () => attempt(() => sessionStorage.removeItem(KEY), undefined);

/** The wallet whose Connect left the page for the provider, once: the note is removed as it is read. */
export function takeReturningConnect(): string | null {
  return attempt(() => {
    const name = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return name;
  }, null);
}
