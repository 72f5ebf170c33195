import { expect, it } from 'vitest';
import { getInitialSnapshot } from 'xstate';
import { JOURNEY_STEPS, journeyStep } from './journey.ts';
import { signInMachine } from './sign-in.machine.ts';

it("names the journey's step: a top-level state's name, and within the account its session's step", () => {
  expect(journeyStep('idle')).toBe('idle');
  expect(journeyStep({ redirecting: { 'awaiting-popup': 'at-provider' } })).toBe('redirecting');
  expect(journeyStep({ 'logged-out': { done: 'cold' } })).toBe('logged-out');
  expect(journeyStep({ account: { session: 'signed-in', chain: 'funding', wallet: 'waiting' } })).toBe('signed-in');
  expect(journeyStep({ account: { session: 'proving', chain: 'idle', wallet: 'waiting-for-proof' } })).toBe('proving');
  expect(journeyStep({ account: { session: { ready: 'signing' }, chain: 'sending', wallet: 'working' } })).toBe('ready');
});

it("the ten steps are the machine's top-level states, with the account's session steps in the account's place", () => {
  const top = Object.keys(signInMachine.root.states);
  const session = Object.keys(signInMachine.root.states.account!.states.session!.states);
  expect(new Set(JOURNEY_STEPS)).toEqual(new Set([...top.filter((name) => name !== 'account'), ...session]));
  expect(journeyStep(getInitialSnapshot(signInMachine, {}).value)).toBe('restoring');
});
