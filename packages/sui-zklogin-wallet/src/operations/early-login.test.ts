import { describe, expect, it } from 'vitest';
import { createEarlyLogin } from './early-login.ts';

/** A lookup whose requests are kept, each with its signal, to be answered by hand. */
function recordedLookup() {
  const requests: { jwt: string; signal?: AbortSignal; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const lookup = ({ jwt }: { jwt: string }, options?: { signal?: AbortSignal }) =>
    new Promise<string>((answer, fail) => requests.push({ jwt, signal: options?.signal, answer, fail }));
  return { requests, lookup };
}

describe('the early login lookup', () => {
  it('is taken once, for its own token only, and answers with the request that went out early', async () => {
    const { requests, lookup } = recordedLookup();
    const early = createEarlyLogin(lookup);
    early.start('token-a');
    expect(requests.map((r) => r.jwt)).toEqual(['token-a']);
    expect(early.take('token-b')).toBeUndefined();
    early.start('token-a');
    const taken = early.take('token-a')!;
    expect(taken).toBeDefined();
    expect(early.take('token-a')).toBeUndefined();
    requests.at(-1)!.answer('address');
    await expect(taken.answer).resolves.toBe('address');
    // No second request was made for the taken lookup.
    expect(requests).toHaveLength(2);
  });

  it('a failed check aborts the request; a new start replaces (and aborts) the one before', () => {
    const { requests, lookup } = recordedLookup();
    const early = createEarlyLogin(lookup);
    early.start('token-a');
    early.start('token-b');
    expect(requests[0]!.signal!.aborted).toBe(true);
    expect(requests[1]!.signal!.aborted).toBe(false);
    early.abandon();
    expect(requests[1]!.signal!.aborted).toBe(true);
    expect(early.take('token-b')).toBeUndefined();
  });

  it("the fetch's own signal aborts the taken lookup, also when it had aborted already", () => {
    const { requests, lookup } = recordedLookup();
    const early = createEarlyLogin(lookup);
    early.start('token-a');
    const fetch = new AbortController();
    early.take('token-a', fetch.signal);
    expect(requests[0]!.signal!.aborted).toBe(false);
    fetch.abort();
    expect(requests[0]!.signal!.aborted).toBe(true);

    early.start('token-b');
    early.take('token-b', AbortSignal.abort());
    expect(requests[1]!.signal!.aborted).toBe(true);
  });

  it('an early lookup that fails before it is taken is no unhandled rejection, and its taker gets the failure', async () => {
    const { requests, lookup } = recordedLookup();
    const early = createEarlyLogin(lookup);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      early.start('token-a');
      requests[0]!.fail(new Error('login service down'));
      // Node reports a rejection nobody handles once the task that made it has run its
      // course, before the next task (this immediate) begins.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
    await expect(early.take('token-a')!.answer).rejects.toThrow('login service down');
  });
});
