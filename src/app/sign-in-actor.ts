/**
 * The app edge: signInMachine with its real actors and browser actions, fed by the URL
 * fragment at load, on every hashchange, and when the page returns from the bfcache.
 */
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import { createDependencies } from '../actors/dependencies.ts';
import { createSignInActors } from '../actors/sign-in-actors.ts';
import type { AppConfig } from '../config.ts';
import { isCallbackFragment } from '../zklogin/callback.ts';
import { Secret } from '../../machines/secret.ts';

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

export function startSignInActor(config: AppConfig, inspect?: Observer<InspectionEvent>): SignInActorRef {
  const dependencies = createDependencies(config);
  const machine = signInMachine.provide({
    actors: createSignInActors(dependencies),
    actions: {
      navigate: (_, { url }) => window.location.assign(url),
      clearFragment,
    },
  });
  const actor = createActor(machine, { input: { fragment: currentFragment() }, inspect });

  window.addEventListener('hashchange', () => {
    const fragment = currentFragment();
    if (!fragment) return;
    actor.send({ type: 'url.fragment', fragment });
    // Whether or not the machine took it, a token never stays in the address bar.
    clearFragment();
  });
  dependencies.tabs.onSignOut(() => actor.send({ type: 'tab.signedOut' }));
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) actor.send({ type: 'page.restored' });
  });
  // Started before React renders, so a callback's login request goes out at once.
  actor.start();
  return actor;
}
