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

/** Forgets a failed load, so that the next render asks for the chunk again. */
export function forgetFailedLoad() {
  if (!accountScreensModule.get()) pending = undefined;
}
