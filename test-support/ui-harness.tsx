/**
 * Component tests: the real signInMachine, put at any state with any context, behind the
 * same context the app uses. Its actors never settle, so the state stays where the test
 * put it until a click sends an event.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, fromPromise } from 'xstate';
import { signInMachine } from '../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import type { SignInContext } from '../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import { snapshotAt } from '../packages/sui-zklogin-wallet/test/machine-stubs.ts';
import { parseConfig } from '../src/config.ts';
import { type WalletConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { SignInActorContext } from '../src/ui/use-sign-in.ts';

const pending = fromPromise<never, unknown>(() => new Promise<never>(() => {}));
const machine = signInMachine.provide({
  actors: Object.fromEntries(Object.keys(signInMachine.implementations.actors).map((id) => [id, pending])) as never,
  actions: { navigate: () => {}, clearFragment: () => {} },
});

export const ADDRESS = `0x${'ab'.repeat(32)}`;
/**
 * A signed-in account whose session has not ended, with `overrides`: it ends an hour after
 * the clock when called, so a test makes it when it runs (after setting any fake clock). A
 * moment made when the module loads, or a fixed date, is in the future only until its day
 * comes (the machine's live expiry rule then signs the account out).
 */
export const account = (overrides: Partial<SignInContext> = {}): Partial<SignInContext> => ({
  provider: 'google',
  address: ADDRESS,
  expiresAt: Date.now() + 60 * 60_000,
  ...overrides,
});

type StateValue = Parameters<typeof signInMachine.resolveState>[0]['value'];

/** The running actor at `value` with `context` (as the machine tests put it there: snapshotAt), as the app would hold it. */
export function actorAt(value: StateValue, context: Partial<SignInContext> = {}) {
  return createActor(machine, { snapshot: snapshotAt(value, context), input: {} }).start();
}

export function renderAt(value: StateValue, context: Partial<SignInContext>, ui: ReactNode) {
  const actor = actorAt(value, context);
  return { actor, ...render(<SignInActorContext value={actor}>{ui}</SignInActorContext>) };
}

export const BUILT_IN_CONFIG: WalletConfig = (() => {
  const result = parseConfig({}, 'http://localhost:5173/');
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
})();
