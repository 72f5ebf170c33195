import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { DELAY_DESCRIPTIONS, EVENT_DESCRIPTIONS, STATE_DESCRIPTIONS } from './sign-in.descriptions.ts';
import { signInMachine } from './sign-in.machine.ts';

const nodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodes(child as AnyStateNode)),
];

/** Every event type some transition of the machine takes, its own (done, error, after, always) included. */
const eventTypes = () =>
  new Set(
    nodes(signInMachine.root).flatMap((node) => [
      ...node.transitions.keys(),
      ...(node.always ?? []).map((transition) => transition.eventType),
    ]),
  );

/** The machine's own events: an actor's outcome, a delay, an eventless transition. */
const isMachineOwn = (type: string) => type === '' || type.startsWith('xstate.');

describe('state descriptions', () => {
  it('describe every state of the machine, and no state it does not have', () => {
    const stateIds = nodes(signInMachine.root)
      .map((node) => node.id)
      .filter((id) => id !== 'signIn');
    expect(Object.keys(STATE_DESCRIPTIONS).sort()).toEqual(stateIds.sort());
    for (const text of Object.values(STATE_DESCRIPTIONS)) expect(text).toMatch(/^[A-Z].*\.$/);
  });
});

describe('event descriptions', () => {
  it('say who sends every event the machine handles, and name no event it does not have', () => {
    const handled = [...eventTypes()].filter((type) => !isMachineOwn(type));
    expect(Object.keys(EVENT_DESCRIPTIONS).sort()).toEqual(handled.sort());
    // Each reads after "who sends it" in the docs' table: a phrase, not a sentence.
    for (const text of Object.values(EVENT_DESCRIPTIONS)) expect(text).toMatch(/^[a-z].*[^.]$/);
  });

  it("say what every one of the machine's delays waits for, and name no delay it does not have", () => {
    const delays = [...eventTypes()].flatMap((type) => /^xstate\.after\.([^.]+)\./.exec(type)?.[1] ?? []);
    expect(Object.keys(DELAY_DESCRIPTIONS).sort()).toEqual([...new Set(delays)].sort());
    expect(Object.keys(DELAY_DESCRIPTIONS).sort()).toEqual(Object.keys(signInMachine.implementations.delays).sort());
    for (const text of Object.values(DELAY_DESCRIPTIONS)) expect(text).toMatch(/^[a-z].*[^.]$/);
  });
});
