/**
 * Tells every Wallet Standard app on the page about `wallets`, and can take them back.
 *
 * Written by hand over the standard's window protocol rather than calling `registerWallet`
 * from @wallet-standard/wallet: that one cannot be undone, and ours must be. Every app on
 * the page hears of the wallets (the `wallet-standard:register-wallet` event now, and an
 * answer to each `wallet-standard:app-ready` later), and each app's `register` hands back
 * the function that removes them from it.
 */
import type { Wallet, WindowAppReadyEventAPI } from '@mysten/wallet-standard';

/** Ours: the wallets are registered in a browser's page (a server, rendering the page, has none). */
export const NEEDS_A_BROWSER = 'registerZkLoginWallets runs in a browser: call it from client-side code.';

/** Whether `value` is an app's register API, as the standard's events carry it. */
const isAppApi = (value: unknown): value is WindowAppReadyEventAPI =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'register') === 'function';

/** Announces `wallets`; the returned function removes them from every app that took them, and stops answering. */
export function announceWallets(wallets: readonly Wallet[]): () => void {
  const removers: (() => void)[] = [];
  const registerWith = (api: WindowAppReadyEventAPI) => wallets.forEach((wallet) => removers.push(api.register(wallet)));
  // The app-ready event's detail is the app's register API. It is read, not assumed: the
  // standard's own app (@wallet-standard/app, dapp-kit's) sends an Event subclass with a
  // `detail` getter, not a CustomEvent.
  const onAppReady = (event: Event) => {
    const api: unknown = Reflect.get(event, 'detail');
    if (isAppApi(api)) registerWith(api);
  };
  window.addEventListener('wallet-standard:app-ready', onAppReady);
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }));
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady);
    removers.splice(0).forEach((remove) => remove());
  };
}
