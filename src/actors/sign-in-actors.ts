/**
 * The actor implementations of signInMachine, wired: each is one domain operation (a plain
 * async function that returns plain data and throws a SignInError or a service's error),
 * one file per step of the journey, as dapp-kit-core keeps one file per action:
 *   restore.ts   what storage holds, at load
 *   start.ts     the key, the nonce (made ahead, at intent) and the stored session
 *   callback.ts  the provider's answer checked, then the login lookup, checked too
 *   proof.ts     Create proof, and the signer every signature uses
 *   sign-out.ts  the end of a session, here or everywhere
 * and the node's work beside the account (chain-operations.ts). `createSignInActors` wraps
 * them as XState promise actors; the page instead loads them lazily
 * (src/app/lazy-operations.ts), so that none of this is on the first page.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { createCallback } from './callback.ts';
import { createChainOperations } from './chain-operations.ts';
import type { SignInDependencies } from './dependencies.ts';
import type { Operation } from './operation.ts';
import { createProofSteps, preloadSignerCode } from './proof.ts';
import { createRestore } from './restore.ts';
import { createSignOut } from './sign-out.ts';
import { createStart } from './start.ts';
import { createWalletSessionRead } from './wallet-session.ts';

export type { OperationArgs } from './operation.ts';

/** Fetches the code the next steps need, so that no click waits for it. */
export const preloadSignInCode = preloadSignerCode;

export function createSignInOperations(deps: SignInDependencies) {
  const { abandonLookup, ...callback } = createCallback(deps);
  const { currentSigner, forgetSigner, ...proof } = createProofSteps(deps);
  return {
    restoreSession: createRestore(deps),
    ...createStart(deps),
    ...callback,
    ...proof,
    ...createChainOperations({ config: deps.config, signer: currentSigner, walletSession: createWalletSessionRead(deps) }),
    clearSession: createSignOut(deps, () => {
      forgetSigner();
      abandonLookup();
    }),
  };
}

export type SignInOperations = ReturnType<typeof createSignInOperations>;

/** The promise-actor type of each operation, as the machine expects it. */
export type SignInActors = {
  [K in keyof SignInOperations]: SignInOperations[K] extends Operation<infer O, infer I> ? PromiseActorLogic<O, I> : never;
};

/** Wraps operations as XState promise actors. */
export function toActors(operations: { [K in keyof SignInOperations]: SignInOperations[K] }): SignInActors {
  return Object.fromEntries(
    Object.entries(operations).map(([name, run]) => [name, fromPromise(run as Operation<unknown, unknown>)]),
  ) as SignInActors;
}

/** The machine's actors over real dependencies. */
export function createSignInActors(deps: SignInDependencies): SignInActors {
  return toActors(createSignInOperations(deps));
}
