/**
 * The machine's operations, with their code in a chunk of its own (sign-in-runtime.ts,
 * through runtime-chunk.ts). Each operation forwards to the loaded one at once when
 * the chunk is there (no task hop: a warm start reaches the network in the intent's own
 * task), else loads it first. One thing is answered without it: a restore with nothing
 * stored (a first visit), so the sign-in buttons never wait for code they do not need.
 * Plain async functions: the app edge makes them the machine's actors (sign-in-actor.ts).
 */
import type { Operation } from '../actors/operation.ts';
import type { OperationArgs, SignInOperations } from '../actors/sign-in-actors.ts';
import type { AppConfig } from '../config.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';
import { runtimeModule } from './runtime-chunk.ts';
import type { SignInRuntime } from './sign-in-runtime.ts';

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
  const keys = storageKeys(config.enokiApiKey);
  return {
    /** The runtime's operation `name`: run at once when the runtime is there, else once it has loaded. */
    operation:
      (name: keyof SignInOperations) =>
      (args: OperationArgs<unknown>): Promise<unknown> => {
        // Before the runtime exists nothing can have been stored in its memory fallback either.
        if (name === 'restoreSession' && !runtime && !signInStored(keys)) return Promise.resolve({ status: 'empty' });
        const run = (loaded: SignInRuntime) => (loaded.operations[name] as Operation<unknown, unknown>)(args);
        return runtime ? run(runtime) : load().then(run);
      },
    /** Loads the runtime now (a session or callback needs it; or the browser is idle). */
    load,
  };
}
