import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { whenSnapshot } from './when-snapshot.ts';

const machine = createMachine({
  initial: 'a',
  states: {
    a: { on: { next: 'b', fail: 'broken' } },
    b: { on: { next: 'c' } },
    c: { type: 'final' },
    broken: {
      entry: () => {
        throw new Error('broken');
      },
    },
  },
});

/**
 * Whether `promise` has settled once everything already under way has run: whenSnapshot
 * sets no timer, so what it would do runs in promise reactions, all of which run before
 * the next task (the immediate) begins, however slow the machine.
 */
const settledSoon = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('whenSnapshot', () => {
  it('resolves at once when the snapshot already satisfies the predicate', async () => {
    const actor = createActor(machine).start();
    expect(await settledSoon(whenSnapshot(actor, (snapshot) => snapshot.matches('a')))).toBe(true);
  });

  it('waits for a snapshot that satisfies it, then stops listening', async () => {
    const actor = createActor(machine).start();
    let asked = 0;
    const waiting = whenSnapshot(actor, (snapshot) => {
      asked += 1;
      return snapshot.matches('b');
    });
    expect(await settledSoon(waiting)).toBe(false);
    actor.send({ type: 'next' });
    expect(await settledSoon(waiting)).toBe(true);
    const afterMatch = asked;
    actor.send({ type: 'next' });
    expect(asked).toBe(afterMatch);
  });

  it('resolves when the actor is done without a match, or has failed', async () => {
    const done = createActor(machine).start();
    const forDone = whenSnapshot(done, (snapshot) => snapshot.matches('broken'));
    done.send({ type: 'next' });
    done.send({ type: 'next' });
    expect(await settledSoon(forDone)).toBe(true);

    const failed = createActor(machine);
    failed.subscribe({ error: () => {} });
    failed.start();
    const forFailed = whenSnapshot(failed, (snapshot) => snapshot.matches('c'));
    expect(await settledSoon(forFailed)).toBe(false);
    failed.send({ type: 'fail' });
    expect(await settledSoon(forFailed)).toBe(true);
  });
});
