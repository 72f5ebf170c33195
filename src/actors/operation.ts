/**
 * The one shape of the machine's operations: a plain async function of what a promise
 * actor's creator receives (its input, and the signal that aborts when the machine stops
 * it), returning plain data or throwing a SignInError or a service's error.
 */
import type { SignInSession, SignInState, SessionStore } from '../storage/session-store.ts';

/** What a promise actor's creator receives, as far as the operations use it. */
export interface OperationArgs<I> {
  input: I;
  signal: AbortSignal;
}

export type Operation<O, I> = (args: OperationArgs<I>) => Promise<O>;

/** Types an operation by its output and input. */
export const operation = <O, I>(run: Operation<O, I>) => run;

/** The stored sign-in as far as it is believed (sealed, the plain entry agreeing); nulls otherwise. */
export async function readStored(sessions: SessionStore): Promise<{ state: SignInState | null; session: SignInSession | null }> {
  const stored = await sessions.read();
  return { state: stored?.state ?? null, session: stored?.session ?? null };
}
