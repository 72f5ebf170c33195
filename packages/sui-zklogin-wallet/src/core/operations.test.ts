/**
 * The one list of the machine's operations: the compiler holds every implementation to it
 * (the `@ts-expect-error` lines fail the typecheck if the error they expect goes away), and
 * the machine's actors are made from all of it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { Secret } from './secret.ts';
import { eachOperation, NOT_PROVIDED, operationActors, type SignInOperations } from './operations.ts';
import { stubOperations } from '../../test/machine-stubs.ts';

describe('the operations', () => {
  it('an implementation missing one, with one more, or with one of another type fails the typecheck', () => {
    const { clearSession, ...withoutOne } = stubOperations;
    // @ts-expect-error clearSession is missing.
    const missing: SignInOperations = withoutOne;
    const extra: SignInOperations = {
      ...stubOperations,
      // @ts-expect-error The machine has no such operation.
      signAnything: async () => 'signed',
    };
    const mistyped: SignInOperations = {
      ...stubOperations,
      // @ts-expect-error A balance read gives a balance, not a number.
      loadBalance: async () => 42,
    };
    expect([missing, extra, mistyped, clearSession].every(Boolean)).toBe(true);
  });

  it('the machine has an actor for every operation, and each runs its operation', async () => {
    const actors = operationActors(stubOperations);
    expect(Object.keys(actors).sort()).toEqual(Object.keys(stubOperations).sort());
    const balance = createActor(actors.loadBalance, { input: { address: '0x1' } }).start();
    expect(await toPromise(balance)).toEqual({ balance: '2000000000' });
  });

  it('eachOperation makes every operation by its name', () => {
    const names: string[] = [];
    const operations = eachOperation((name) => {
      names.push(name);
      return NOT_PROVIDED[name];
    });
    expect(names.sort()).toEqual(Object.keys(stubOperations).sort());
    expect(Object.keys(operations).sort()).toEqual(names);
  });

  it('until the app edge provides them, each fails naming itself', async () => {
    const signal = new AbortController().signal;
    await expect(NOT_PROVIDED.fetchLogin({ input: { jwt: new Secret('jwt') }, signal })).rejects.toThrow(
      'signInMachine: operation "fetchLogin" was not provided',
    );
  });
});
