/**
 * The machine's operations, with their code in a chunk of its own (the sign-in runtime,
 * src/operations/sign-in-runtime.ts). Each operation forwards to the loaded one at once when
 * the chunk is there (no task hop: a warm start reaches the network in the intent's own
 * task), else loads it first. One thing is answered without it: a restore with nothing
 * stored (a first visit), so the sign-in buttons never wait for code they do not need.
 */
import {
  eachOperation,
  type InputOf,
  type Operation,
  type OperationName,
  type OutputOf,
  type SignInOperations,
} from '../../core/operations.ts';
import type { SignInRuntime } from '../operations/sign-in-runtime.ts';
import type { AppConfig } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';

/** The sign-in runtime's chunk: the boot asks for it first thing on a page with a session or a callback (src/early-load.ts). */
export const runtimeModule = lazyModule(() => import('../operations/sign-in-runtime.ts'));

/** Ours (the spec names none): the sign-in code did not arrive; nothing stored was touched. */
export const CODE_NOT_LOADED =
  'This page could not load the sign-in code (check your connection). Nothing you had was changed: reload the page to try again.';

/** `onLoad` runs once, when the runtime has been made (the app edge listens to it for other tabs). */
export function createLazySignIn(config: AppConfig, onLoad: (runtime: SignInRuntime) => void) {
  let runtime: SignInRuntime | undefined;
  const load = async (): Promise<SignInRuntime> => {
    if (runtime) return runtime;
    const { createSignInRuntime } =
      runtimeModule.get() ??
      (await runtimeModule.load().catch((cause: unknown) => {
        throw Object.assign(new Error(CODE_NOT_LOADED), { cause });
      }));
    if (!runtime) {
      runtime = createSignInRuntime(config);
      onLoad(runtime);
    }
    return runtime;
  };
  /** The runtime's operation `name`: run at once when the runtime is there, else once it has loaded. */
  const lazily =
    <K extends OperationName>(name: K): Operation<OutputOf<K>, InputOf<K>> =>
    (args) => {
      const run = (loaded: SignInRuntime) => loaded.operations[name](args);
      return runtime ? run(runtime) : load().then(run);
    };
  const keys = storageKeys(config.enokiApiKey);
  const restoreSession = lazily('restoreSession');
  const operations: SignInOperations = {
    ...eachOperation(lazily),
    // Before the runtime exists nothing can have been stored in its memory fallback either.
    restoreSession: (args) => (!runtime && !signInStored(keys) ? Promise.resolve({ status: 'empty' }) : restoreSession(args)),
  };
  return {
    operations,
    /** Loads the runtime now (a session or callback needs it; or the browser is idle). */
    load,
  };
}
