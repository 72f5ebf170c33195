import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { stubbedMachine } from '../../packages/sui-zklogin-wallet/test/machine-stubs.ts';
import { Secret } from '../../packages/sui-zklogin-wallet/src/core/secret.ts';
import type { TransitionEntry } from './transition-log.ts';
import { TRANSITION_LOG_LIMIT } from './transition-log-rules.ts';
import { createTransitionRecorder } from './transition-recorder.ts';

afterEach(() => vi.useRealTimers());

/** A snapshot of the root machine, in state `state-{index}` after event `event.{index}`: a transition. */
const rootSnapshot = (index: number) =>
  ({
    type: '@xstate.snapshot',
    actorRef: { sessionId: 'root' },
    rootId: 'root',
    event: { type: `event.${index}` },
    snapshot: { value: `state-${index}`, context: {} },
  }) as never;
/** A snapshot of an actor the machine invoked: not a transition. */
const childSnapshot = () =>
  ({
    type: '@xstate.snapshot',
    actorRef: { sessionId: 'child' },
    rootId: 'root',
    event: { type: 'child.event' },
    snapshot: { value: 'x', context: {} },
  }) as never;
/** An event the root machine received: not a snapshot. */
const plainEvent = () =>
  ({ type: '@xstate.event', actorRef: { sessionId: 'root' }, rootId: 'root', event: { type: 'e' } }) as never;

describe('transition recorder', () => {
  it('keeps the transitions made before the log has loaded, with the times they happened', async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    const reported: TransitionEntry[] = [];
    const recorder = createTransitionRecorder((entry) => reported.push(entry));
    const actor = createActor(stubbedMachine(), {
      input: { fragment: new Secret('#id_token=eyJ.eyJ.sig') },
      inspect: (event) => recorder.observe(event),
    });
    actor.start(); // the first transition, at 1,000
    vi.setSystemTime(1_250);
    await waitFor(actor, (snapshot) => snapshot.matches({ account: { session: 'signed-in', chain: 'idle', wallet: 'waiting' } }));
    expect(reported).toEqual([]); // nothing is formatted before the log's code is there

    vi.setSystemTime(9_000);
    const log = await recorder.log();
    const steps = log.entries().map((entry) => `${entry.from || '(start)'} → ${entry.to}`);
    expect(steps).toEqual([
      '(start) → callback-validating',
      'callback-validating → fetching-login',
      'fetching-login → account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later',
      'account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later → account.session.signed-in + account.chain.idle + account.wallet.waiting + account.renewal.later',
    ]);
    expect(log.entries()[0]!.at).toBe(new Date(1_000).toISOString());
    expect(log.entries()[1]).toMatchObject({ at: new Date(1_250).toISOString(), sourceDurationMs: 250 });
    // The reporter heard of each, in order; the token never reached it.
    expect(reported).toEqual(log.entries());
    expect(JSON.stringify(reported)).not.toContain('id_token=eyJ');

    // Later transitions go to the log at once, and the same log is returned.
    actor.send({ type: 'user.createProof' });
    const proving = 'account.session.proving + account.chain.idle + account.wallet.waiting + account.renewal.later';
    expect(log.entries().at(-1)!.to).toBe(proving);
    expect(reported.at(-1)!.to).toBe(proving);
    expect(await recorder.log()).toBe(log);
  });

  it('holds no more snapshots than the log keeps while it waits', async () => {
    let reported = 0;
    const recorder = createTransitionRecorder(() => (reported += 1));
    const total = TRANSITION_LOG_LIMIT + 30;
    for (let index = 0; index < total; index++) recorder.observe(rootSnapshot(index));
    const entries = (await recorder.log()).entries();
    expect(entries).toHaveLength(TRANSITION_LOG_LIMIT);
    expect(entries[0]!.event).toBe(`event.${total - TRANSITION_LOG_LIMIT}`);
    expect(entries.at(-1)!.event).toBe(`event.${total - 1}`);
    // The oldest were dropped while waiting, not handed over: the log made no more entries.
    expect(reported).toBe(TRANSITION_LOG_LIMIT);
  });

  it('keeps only the root machine’s snapshots (its actors’ are not transitions)', async () => {
    const recorder = createTransitionRecorder();
    recorder.observe(childSnapshot());
    recorder.observe(plainEvent());
    expect((await recorder.log()).entries()).toEqual([]);
  });

  it('spends its bound on transitions only: the actors’ snapshots and other events do not push them out', async () => {
    const recorder = createTransitionRecorder();
    for (let index = 0; index < TRANSITION_LOG_LIMIT; index++) {
      recorder.observe(rootSnapshot(index));
      recorder.observe(childSnapshot());
      recorder.observe(plainEvent());
    }
    const entries = (await recorder.log()).entries();
    expect(entries).toHaveLength(TRANSITION_LOG_LIMIT);
    expect(entries[0]!.event).toBe('event.0');
  });
});
