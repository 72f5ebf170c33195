/**
 * What the operations share: `operation`, which types one by its output and input (their
 * shape and list are the machine's: core/operations.ts), and the read of the stored
 * sign-in that several begin with.
 */
import type { Operation } from '../../core/operations.ts';
import type { SignInSession, SignInState, SessionStore } from '../storage/session-store.ts';

/** Types an operation by its output and input. */
export const operation = <O, I>(run: Operation<O, I>) => run;

/** The stored sign-in as far as it is believed (sealed, the plain entry agreeing); nulls otherwise. */
export async function readStored(sessions: SessionStore): Promise<{ state: SignInState | null; session: SignInSession | null }> {
  const stored = await sessions.read();
  return { state: stored?.state ?? null, session: stored?.session ?? null };
}
