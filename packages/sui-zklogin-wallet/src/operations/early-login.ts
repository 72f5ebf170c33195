/**
 * The login lookup for a callback's token, asked for while the stored session is still
 * being decrypted for the callback's full checks: the decryption (a key from IndexedDB,
 * then AES-GCM) took 35–60 ms on the benchmark's callback page, which the login service's
 * round trip no longer waits behind.
 *
 * No token leaves before its nonce is checked: the caller starts a lookup only for a token
 * whose nonce is the started flow's, compared with the plain sign-in state's copy of it
 * (operations/sign-in-runtime.ts, validateCallback). Nothing is decided early: the answer is
 * used only by the fetch that follows checks that passed (`take`), and a failed check, or
 * a sign-out meanwhile, aborts the request (`abandon`). Each lookup is taken once: a retry
 * after a failure asks again, as does a fetch with no early lookup. Written here rather
 * than borrowed: it is one pending request keyed by its token, with its abort.
 */
import type { CallOptions } from '../login-service/client.ts';

type Lookup<T> = (input: { jwt: string }, options?: CallOptions) => Promise<T>;

interface Pending<T> {
  jwt: string;
  answer: Promise<T>;
  controller: AbortController;
}

export function createEarlyLogin<T>(lookup: Lookup<T>) {
  let pending: Pending<T> | undefined;

  const abandon = () => {
    pending?.controller.abort();
    pending = undefined;
  };

  return {
    /** Starts the lookup for this token (replacing any other early one). */
    start(jwt: string): void {
      abandon();
      const controller = new AbortController();
      const answer = lookup({ jwt }, { signal: controller.signal });
      // Until it is taken nobody awaits it: a failure then is not an unhandled rejection.
      answer.catch(() => {});
      pending = { jwt, answer, controller };
    },

    /**
     * The early lookup for this token, once: its answer, and a way to abort it. `signal`
     * (the fetch's own) aborts it too. Undefined when none was started for this token.
     */
    take(jwt: string, signal?: AbortSignal): { answer: Promise<T>; abort: () => void } | undefined {
      const early = pending?.jwt === jwt ? pending : undefined;
      pending = undefined;
      if (!early) return undefined;
      const abort = () => early.controller.abort();
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
      return { answer: early.answer, abort };
    },

    /** The check failed (or the flow went another way): the early request is aborted and forgotten. */
    abandon,
  };
}
