/**
 * The machine's actors, with their code in a chunk of its own (sign-in-runtime.ts).
 * Each actor forwards to the loaded operation at once when the chunk is there (no task
 * hop: a warm start reaches the network in the intent's own task), else loads it first.
 * One thing is answered without it: a restore with nothing stored (a first visit), so
 * the sign-in buttons never wait for code they do not need.
 */
import { fromPromise } from 'xstate';
import { lazyModule } from '../lazy-module.ts';
import type { OperationArgs, SignInActors, SignInOperations } from '../actors/sign-in-actors.ts';
import type { AppConfig } from '../config.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';
import type { SignInRuntime } from './sign-in-runtime.ts';

export const runtimeModule = lazyModule(() => import('./sign-in-runtime.ts'));

/** Ours (the spec names none): the sign-in code did not arrive; nothing stored was touched. */
export const CODE_NOT_LOADED =
  'This page could not load the sign-in code (check your connection). Nothing you had was changed: reload the page to try again.';

/** The operations that go straight to the loaded runtime (the restore has a shortcut of its own). */
const FORWARDED = [
  'prepareSignIn',
  'startSignIn',
  'validateCallback',
  'fetchLogin',
  'createProof',
  'signMessage',
  'verifySignature',
  'loadBalance',
  'requestTestSui',
  'sendSui',
  'previewTransaction',
  'walletRequest',
  'clearSession',
] as const satisfies readonly Exclude<keyof SignInOperations, 'restoreSession'>[];

export function createLazySignIn(config: AppConfig) {
  let runtime: SignInRuntime | undefined;
  const onLoad: ((runtime: SignInRuntime) => void)[] = [];
  const load = async (): Promise<SignInRuntime> => {
    if (runtime) return runtime;
    const { createSignInRuntime } =
      runtimeModule.get() ??
      (await runtimeModule.load().catch((cause: unknown) => {
        throw Object.assign(new Error(CODE_NOT_LOADED), { cause });
      }));
    if (!runtime) {
      runtime = createSignInRuntime(config);
      onLoad.forEach((listener) => listener(runtime!));
    }
    return runtime;
  };
  const forward =
    <K extends keyof SignInOperations>(name: K) =>
    (args: OperationArgs<unknown>) => {
      const run = (loaded: SignInRuntime) =>
        (loaded.operations[name] as (args: OperationArgs<unknown>) => Promise<unknown>)(args);
      return runtime ? run(runtime) : load().then(run);
    };
  const keys = storageKeys(config.enokiApiKey);
  const actors = {
    ...Object.fromEntries(FORWARDED.map((name) => [name, fromPromise(forward(name))])),
    restoreSession: fromPromise((args: OperationArgs<unknown>) =>
      // Before the runtime exists nothing can have been stored in its memory fallback either.
      !runtime && !signInStored(keys) ? Promise.resolve({ status: 'empty' }) : forward('restoreSession')(args),
    ),
  } as unknown as SignInActors;
  return {
    actors,
    /** Loads the runtime now (a session or callback needs it; or the browser is idle). */
    load,
    /** Runs `listener` once the runtime is there. */
    whenLoaded(listener: (runtime: SignInRuntime) => void) {
      if (runtime) listener(runtime);
      else onLoad.push(listener);
    },
  };
}
