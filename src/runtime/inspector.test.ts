/**
 * What the Stately inspector is given: the machine's own snapshots as they are (the
 * inspector redacts their context), and the invoked actors' snapshots as their status
 * only, so that a dApp's message and the signed bytes never leave the page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import { restoresTo, SESSION, signApprovedMessage, stubbedMachine } from '../../test-support/machine-stubs.ts';
import { withoutChildData } from './inspector.ts';

describe('what the inspector sees', () => {
  it("an invoked actor's snapshot is its status only; the machine's own snapshots are whole", async () => {
    const seen: InspectionEvent[] = [];
    const actor = createActor(stubbedMachine({ restoreSession: restoresTo('ready') }), {
      input: {},
      inspect: (event) => void seen.push(withoutChildData(event)),
    }).start();
    await waitFor(actor, (s) => s.matches({ account: { session: 'ready', chain: 'idle' } }));
    const message = btoa('my private words');
    await signApprovedMessage(actor, message);

    const children = seen.filter(
      (event) =>
        (event.type === '@xstate.snapshot' || event.type === '@xstate.actor') && event.actorRef.sessionId !== event.rootId,
    );
    expect(children.length).toBeGreaterThan(0);
    for (const event of children) {
      const snapshot = event.type === '@xstate.snapshot' ? event.snapshot : event.actorRef.getSnapshot();
      expect(Object.keys(snapshot as object)).toEqual(['status']);
    }
    expect(JSON.stringify(children.map((event) => (event.type === '@xstate.snapshot' ? event.snapshot : null)))).not.toContain(
      message,
    );
    const root = seen.filter((event) => event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId);
    expect(root.at(-1)).toMatchObject({ snapshot: { context: { address: SESSION.address } } });
  });
});
