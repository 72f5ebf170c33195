/**
 * The account's screens are not on the first page: a first visit shows the sign-in
 * buttons and carries none of their code. A page that will show an account (a stored
 * session, a provider's callback) asks for them at boot (main.tsx), so that they have
 * arrived by the time the account has; they render at once then, without a fallback.
 */
import { lazyModule } from '../../packages/sui-zklogin-wallet/src/lazy-module.ts';

export type AccountScreens = typeof import('./account-screens.ts');

export const accountScreensModule = lazyModule(() => import('./account-screens.ts'));

let pending: Promise<AccountScreens | null> | undefined;

/**
 * The screens, or null when their chunk did not arrive (a network blip): never a
 * rejection, which would take the whole page down. The same promise until a retry, as
 * React's `use` needs.
 */
export function loadAccountScreens(): Promise<AccountScreens | null> {
  return (pending ??= accountScreensModule.load().catch(() => null));
}

/**
 * The retries asked for so far: every place that shows the screens (the account's card, the
 * chain panel) reads it, so that one "Try again" brings them all back, not only the one
 * whose button was pressed.
 */
let attempts = 0;
const listeners = new Set<() => void>();
export const loadAttempts = {
  get: () => attempts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Forgets a failed load, and has every place that shows the screens ask for the chunk again. */
export function retryAccountScreens() {
  if (!accountScreensModule.get()) pending = undefined;
  attempts += 1;
  for (const listener of listeners) listener();
}
