/**
 * The one way components reach the running machine: a context that provides the actor,
 * and hooks that read its snapshot or send it events. Components never keep flags of their
 * own: buttons are enabled from `can()`, and what is shown follows the state's tags.
 *
 * Written by hand rather than with @xstate/react's createActorContext: that creates and
 * starts the actor inside React, while ours is started before React renders, so that a
 * callback page's login request goes out at once (see src/app/sign-in-actor.ts).
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import { PROVIDER_LABELS, isProvider } from '../../machines/providers.ts';
import type { SignInTag } from '../../machines/sign-in.types.ts';
import type { SignInActorRef } from '../app/sign-in-actor.ts';

type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;

export const SignInActorContext = createContext<SignInActorRef | null>(null);

/** The running sign-in actor; components under <SignInActorContext value={actor}> only. */
export function useSignInActor(): SignInActorRef {
  const actor = useContext(SignInActorContext);
  if (!actor) throw new Error('useSignInActor: no <SignInActorContext> above this component');
  return actor;
}

/** The machine's top-level state name (e.g. 'ready' while in ready.signing): the data-sign-in-state contract. */
export function topLevelState(snapshot: Snapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
}

export function useStateName(): string {
  return useSelector(useSignInActor(), topLevelState);
}

export function useContextValue<T>(select: (context: Snapshot['context']) => T): T {
  return useSelector(useSignInActor(), (snapshot) => select(snapshot.context));
}

/** The name of the provider the visitor chose ("Google"), or "your provider". */
export function useRequestedProviderLabel(): string {
  const requested = useContextValue((context) => context.requestedProvider);
  return isProvider(requested) ? PROVIDER_LABELS[requested] : 'your provider';
}

export function useCan(event: Parameters<Snapshot['can']>[0]): boolean {
  return useSelector(useSignInActor(), (snapshot) => snapshot.can(event));
}

export function useMatches(value: Parameters<Snapshot['matches']>[0]): boolean {
  return useSelector(useSignInActor(), (snapshot) => snapshot.matches(value));
}

export function useHasTag(tag: SignInTag): boolean {
  return useSelector(useSignInActor(), (snapshot) => snapshot.hasTag(tag));
}

/** Sends an event to the machine. */
export function useSend(): SignInActorRef['send'] {
  const actor = useSignInActor();
  return (event) => actor.send(event);
}
