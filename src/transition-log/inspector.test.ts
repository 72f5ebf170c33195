/**
 * What the Stately inspector is given: the machine's own snapshots as they are (the
 * inspector redacts their context), and the invoked actors' snapshots as their status
 * only, so that a dApp's message and the signed bytes never leave the page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import {
  IDENTITY,
  restoresTo,
  signApprovedMessage,
  stubbedMachine,
} from '../../packages/sui-zklogin-wallet/test/machine-stubs.ts';
import { inspectorSanitizers, withoutChildData } from './inspector.ts';

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
    expect(root.at(-1)).toMatchObject({ snapshot: { context: { address: IDENTITY.address } } });
  });

  it("redacts the machine's events and context as the transition log does: what the account signs, and whatever lies too deep", () => {
    const { sanitizeContext, sanitizeEvent } = inspectorSanitizers;
    expect(
      sanitizeContext({ signature: 'c2ln', signedMessage: 'hello', walletRequest: { transaction: '{}' }, balance: '1' }),
    ).toEqual({
      signature: '[redacted]',
      signedMessage: '[redacted]',
      walletRequest: { transaction: '[redacted]' },
      balance: '1',
    });
    expect(sanitizeEvent({ type: 'user.signMessage', message: 'my own words' })).toEqual({
      type: 'user.signMessage',
      message: '[redacted]',
    });
    let nested: unknown = { words: 'deep private words' };
    // Far deeper than the redaction looks (transition-log.ts's REDACTION_DEPTH).
    for (let level = 0; level < 32; level++) nested = { level: nested };
    expect(JSON.stringify(sanitizeContext({ nested }))).not.toContain('deep private words');
    expect(JSON.stringify(sanitizeEvent({ type: 'e', nested }))).not.toContain('deep private words');
  });
});
