/**
 * Everything the sign-in does beyond the first paint, as one chunk: the operations over
 * sessionStorage, the key vault, the login service and the callback checks. Loaded by
 * runtime-chunk.ts: at once on a page that has a session or a callback, else while
 * the browser is idle, so a first visit paints the sign-in buttons without it.
 */
import { createDependencies } from '../actors/dependencies.ts';
import { createSignInOperations, preloadSignInCode } from '../actors/sign-in-actors.ts';
import type { AppConfig } from '../config.ts';

export function createSignInRuntime(config: AppConfig) {
  const dependencies = createDependencies(config);
  return {
    operations: createSignInOperations(dependencies),
    /** Another tab signed out: listen once the runtime exists (before, there is nothing to clear). */
    onSignOutElsewhere: (listener: () => void) => dependencies.tabs.onSignOut(listener),
    /** Fetches the signer code ahead of the clicks that need it (the key's code is in this chunk). */
    preloadSignInCode,
  };
}

export type SignInRuntime = ReturnType<typeof createSignInRuntime>;
