/**
 * The app edge: signInMachine with its real operations and browser actions, fed by the URL
 * fragment at load, on every hashchange, and when the page returns from the bfcache.
 *
 * The one hop from the machine to the code that does the work: every operation of the
 * machine's list (core/operations.ts) forwards to the sign-in runtime
 * (operations/sign-in-runtime.ts), a chunk of its own, at once when the chunk is there
 * (no task hop: a warm start reaches the network in the intent's own task), else once it
 * has loaded. One thing is answered without it: a restore with nothing stored (a first
 * visit), so the sign-in buttons never wait for code they do not need.
 */
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import {
  eachOperation,
  operationActors,
  type InputOf,
  type Operation,
  type OperationName,
  type OutputOf,
  type SignInOperations,
} from '../core/operations.ts';
import { signInMachine } from '../core/sign-in.machine.ts';
import type { WalletConfig } from '../config.ts';
import { lazyModule } from '../lazy-module.ts';
import type { SignInRuntime } from '../operations/sign-in-runtime.ts';
import { storageKeys } from '../storage/keys.ts';
import { signInStored } from '../storage/stored.ts';
import { isCallbackFragment } from '../zklogin/callback-fragment.ts';
import { Secret } from '../core/secret.ts';
import { popupAnswer, popupWindow } from './popup-window.ts';

export type SignInActorRef = ActorRefFrom<typeof signInMachine>;

/** The sign-in runtime's chunk: the boot asks for it first thing on a page with a session or a callback (src/early-load.ts). */
export const runtimeModule = lazyModule(() => import('../operations/sign-in-runtime.ts'));

/** Ours (the spec names none): the sign-in code did not arrive; nothing stored was touched. */
export const CODE_NOT_LOADED =
  'This page could not load the sign-in code (check your connection). Nothing you had was changed: reload the page to try again.';

/** `onLoad` runs once, when the runtime has been made (the app edge listens to it for other tabs). */
export function createLazySignIn(config: WalletConfig, onLoad: (runtime: SignInRuntime) => void) {
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
    restoreSession: (args) =>
      !runtime && !signInStored(keys, config.sessionScope) ? Promise.resolve({ status: 'empty' }) : restoreSession(args),
  };
  return {
    operations,
    /** Loads the runtime now (a session or callback needs it; or the browser is idle). */
    load,
  };
}

/** Drops the fragment from the URL in place: no history entry, no token left behind. */
function clearFragment() {
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
}

function currentFragment(): Secret<string> | null {
  return isCallbackFragment(window.location.hash) ? new Secret(window.location.hash) : null;
}

/**
 * Starts the machine; returns it with `preload`, which loads the sign-in code (the key's
 * code is part of it) and gets the next signature ready (the signer code, and the stored
 * session's signer when it has a proof) ahead of the clicks (call when the browser is idle),
 * and `stop`, which stops the machine and takes back every listener this added (a page that
 * registered the wallets and unregisters them: a framework's unmount, a hot reload).
 */
export function startSignInActor(
  config: WalletConfig,
  inspect?: Observer<InspectionEvent>,
  /** The provider's answer this page came with, when the caller already took it out of the address bar (the embedded entry). */
  arrivedWith?: string | null,
): { actor: SignInActorRef; preload: () => void; stop: () => void } {
  let stopped = false;
  let stopListeningElsewhere = () => {};
  // The runtime loads only once an actor runs or `preload` is called: the actor is there by then.
  const signIn = createLazySignIn(config, (runtime) => {
    if (!stopped) stopListeningElsewhere = runtime.onSignOutElsewhere(() => actor.send({ type: 'tab.signedOut' }));
  });
  const machine = signInMachine.provide({
    // The window's actors are asked for only in popup mode (the build's, or the hosted wallet's window).
    actors: { ...operationActors(signIn.operations), popupWindow, popupAnswer },
    actions: {
      navigate: (_, { url }) => window.location.assign(url),
      stopNavigation: () => window.stop(),
      clearFragment,
    },
  });
  const actor = createActor(machine, {
    input: {
      fragment: arrivedWith ? new Secret(arrivedWith) : currentFragment(),
      chain: `sui:${config.network}`,
      signInMode: config.signInMode,
      pageStays: config.pageStays ?? false,
    },
    inspect,
  });

  const onHashChange = () => {
    const fragment = currentFragment();
    if (!fragment) return;
    actor.send({ type: 'url.fragment', fragment });
    // Whether or not the machine took it, a token never stays in the address bar.
    clearFragment();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) actor.send({ type: 'page.restored' });
  };
  // A laptop that slept held this page's timers (the session's end among them): shown again
  // (browsers hide a page while the screen is locked or asleep), the machine reads the clock as it is.
  const onWake = () => {
    if (document.visibilityState === 'visible') actor.send({ type: 'page.woke' });
  };
  window.addEventListener('hashchange', onHashChange);
  window.addEventListener('pageshow', onPageShow);
  document.addEventListener('visibilitychange', onWake);
  // Started before React renders, so a callback's login request goes out at once.
  actor.start();
  const preload = () =>
    void signIn.load().then(
      (runtime) => void runtime.prepareSigning(),
      () => {},
    );
  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.removeEventListener('hashchange', onHashChange);
    window.removeEventListener('pageshow', onPageShow);
    document.removeEventListener('visibilitychange', onWake);
    stopListeningElsewhere();
    actor.stop();
  };
  return { actor, preload, stop };
}
