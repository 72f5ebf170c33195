/**
 * The sign-in providers a page offers, as they change: the hosted wallet's window
 * (src/wallet-window-main.ts) knows the one its site asked for only once the site's request
 * has arrived, which may be after the page has rendered. Hand-written: a value and its
 * listeners is all React's useSyncExternalStore needs, and no kept library here is that small.
 */
import type { Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';

/** The providers the page offers, as they change. */
export interface OfferedProviders {
  /** Those offered now; undefined: every configured one. */
  get(): readonly Provider[] | undefined;
  subscribe(onChange: () => void): () => void;
}

/** Every configured provider until `offer` narrows them. */
export function offeredProviders(): OfferedProviders & { offer(providers: readonly Provider[]): void } {
  let offered: readonly Provider[] | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => offered,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    offer: (providers) => {
      offered = providers;
      for (const listener of listeners) listener();
    },
  };
}
