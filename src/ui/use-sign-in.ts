/**
 * The one way components reach the running machine: a context that provides the actor,
 * and hooks that read its snapshot or send it events. Components never keep flags of their
 * own: buttons are enabled from `can()`, and what is shown follows the state's tags.
 *
 * Written by hand rather than with @xstate/react:
 * - its createActorContext creates and starts the actor inside React, while ours is
 *   started before React renders, so that a callback page's login request goes out at
 *   once (see the package's runtime/sign-in-actor.ts);
 * - its useSelector goes through use-sync-external-store's selector variant, a package of
 *   its own. React 19's own useSyncExternalStore, with the one memo below, does what these
 *   hooks need, and use-sign-in.test.tsx holds them to what useSelector gives.
 */
import { createContext, useCallback, useContext, useRef, useSyncExternalStore } from 'react';
import { PROVIDER_LABELS, isProvider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import { journeyStep, type JourneyStep } from '../../packages/sui-zklogin-wallet/src/core/journey.ts';
import type { SignInTag } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import type { SignInActorRef } from '../../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';

type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;

export const SignInActorContext = createContext<SignInActorRef | null>(null);

/** The running sign-in actor; components under <SignInActorContext value={actor}> only. */
export function useSignInActor(): SignInActorRef {
  const actor = useContext(SignInActorContext);
  if (!actor) throw new Error('No SignInActorContext above');
  return actor;
}

/** The journey's step (e.g. 'ready' while the account signs a message): the data-sign-in-state contract. */
const stepOf = (snapshot: Snapshot): JourneyStep => journeyStep(snapshot.value);

/**
 * What `select` reads from the machine's snapshot; the component renders again when that
 * changes (by Object.is), not on every transition. The value is kept for as long as the
 * snapshot and `select` are the same ones, as React asks of a store's getSnapshot: a
 * selector that builds a new object each time renders again at each transition, never
 * in a loop.
 */
export function useSnapshotValue<T>(select: (snapshot: Snapshot) => T): T {
  const actor = useSignInActor();
  const last = useRef<{ snapshot: Snapshot; select: typeof select; value: T }>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => {
    const snapshot = actor.getSnapshot();
    if (last.current?.snapshot !== snapshot || last.current.select !== select) {
      last.current = { snapshot, select, value: select(snapshot) };
    }
    return last.current.value;
  });
}

export function useJourneyStep(): JourneyStep {
  return useSnapshotValue(stepOf);
}

export function useContextValue<T>(select: (context: Snapshot['context']) => T): T {
  return useSnapshotValue((snapshot) => select(snapshot.context));
}

/** The name of the provider the visitor chose ("Google"), or "your provider". */
export function useRequestedProviderLabel(): string {
  const requested = useContextValue((context) => context.requestedProvider);
  return isProvider(requested) ? PROVIDER_LABELS[requested] : 'your provider';
}

export function useCan(event: Parameters<Snapshot['can']>[0]): boolean {
  return useSnapshotValue((snapshot) => snapshot.can(event));
}

export function useHasTag(tag: SignInTag): boolean {
  return useSnapshotValue((snapshot) => snapshot.hasTag(tag));
}

/** Sends an event to the machine. */
export function useSend(): SignInActorRef['send'] {
  const actor = useSignInActor();
  return (event) => actor.send(event);
}
