/**
 * The app edge: signInMachine with its real actors and browser actions, fed by the URL
 * fragment at load, on every hashchange, and when the page returns from the bfcache.
 */
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { operationActors } from '../../core/operations.ts';
import { signInMachine } from '../../core/sign-in.machine.ts';
import type { AppConfig } from '../config.ts';
import { isCallbackFragment } from '../zklogin/callback-fragment.ts';
import { Secret } from '../../core/secret.ts';
import { createLazySignIn } from './lazy-operations.ts';
import { popupAnswer, popupWindow } from './popup-window.ts';

export type SignInActorRef = ActorRefFrom<typeof signInMachine>;

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
 * code is part of it) and the signer code ahead of the clicks (call when the browser is idle).
 */
export function startSignInActor(
  config: AppConfig,
  inspect?: Observer<InspectionEvent>,
): { actor: SignInActorRef; preload: () => void } {
  // The runtime loads only once an actor runs or `preload` is called: the actor is there by then.
  const signIn = createLazySignIn(config, (runtime) => runtime.onSignOutElsewhere(() => actor.send({ type: 'tab.signedOut' })));
  const machine = signInMachine.provide({
    // Only a popup build has the window's actors (the machine never asks for them otherwise).
    actors: { ...operationActors(signIn.operations), ...(__POPUP_MODE__ ? { popupWindow, popupAnswer } : {}) },
    actions: {
      navigate: (_, { url }) => window.location.assign(url),
      clearFragment,
    },
  });
  const actor = createActor(machine, {
    input: { fragment: currentFragment(), chain: `sui:${config.network}`, signInMode: config.signInMode },
    inspect,
  });

  window.addEventListener('hashchange', () => {
    const fragment = currentFragment();
    if (!fragment) return;
    actor.send({ type: 'url.fragment', fragment });
    // Whether or not the machine took it, a token never stays in the address bar.
    clearFragment();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) actor.send({ type: 'page.restored' });
  });
  // Started before React renders, so a callback's login request goes out at once.
  actor.start();
  const preload = () =>
    void signIn.load().then(
      (runtime) => runtime.preloadSignInCode(),
      () => {},
    );
  return { actor, preload };
}
