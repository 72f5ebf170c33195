/**
 * What components read from the machine: the top-level state name and the context.
 * Components never keep flags of their own: buttons are enabled from `can()`.
 */
import { useSelector } from '@xstate/react';
import type { SignInActorRef } from '../app/sign-in-actor.ts';

type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;

/** The machine's top-level state name (e.g. 'signed-in' while in ready.signing it is 'ready'). */
export function topLevelState(snapshot: Snapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
}

export function useStateName(actor: SignInActorRef): string {
  return useSelector(actor, topLevelState);
}

export function useContextValue<T>(actor: SignInActorRef, select: (context: Snapshot['context']) => T): T {
  return useSelector(actor, (snapshot) => select(snapshot.context));
}

export function useCan(actor: SignInActorRef, event: Parameters<Snapshot['can']>[0]): boolean {
  return useSelector(actor, (snapshot) => snapshot.can(event));
}

export function useMatches(actor: SignInActorRef, value: Parameters<Snapshot['matches']>[0]): boolean {
  return useSelector(actor, (snapshot) => snapshot.matches(value));
}

/** Whether the current state carries `tag` (busy, has-account, can-sign-in). */
export function useHasTag(actor: SignInActorRef, tag: string): boolean {
  return useSelector(actor, (snapshot) => snapshot.hasTag(tag as never));
}
