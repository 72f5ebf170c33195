import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { STATE_DESCRIPTIONS } from './sign-in.descriptions.ts';
import { signInMachine } from './sign-in.machine.ts';

const ids = (node: AnyStateNode): string[] => [
  node.id,
  ...Object.values(node.states).flatMap((child) => ids(child as AnyStateNode)),
];

describe('state descriptions', () => {
  it('describe every state of the machine, and no state it does not have', () => {
    const stateIds = ids(signInMachine.root).filter((id) => id !== 'signIn');
    expect(Object.keys(STATE_DESCRIPTIONS).sort()).toEqual(stateIds.sort());
    for (const text of Object.values(STATE_DESCRIPTIONS)) expect(text).toMatch(/^[A-Z].*\.$/);
  });
});
