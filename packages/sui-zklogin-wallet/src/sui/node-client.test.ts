/**
 * A dApp's transaction as the wallet's signing step sees it: refused before it is built,
 * and before the signer is asked, unless its sender is this account (or unset, then set)
 * and its gas owner, if set, is this account. Against the mock node in an MSW server.
 */
import { Transaction } from '@mysten/sui/transactions';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSuiNode } from '../../../../mocks/sui-node/handlers.ts';
import { randomDigest } from '../../../../mocks/sui-node/ledger.ts';
import { createSuiNodeClient, gasPaidBy } from './node-client.ts';
import { NodeError } from './node-errors.ts';

const GRAPHQL = 'https://sui-node.test/graphql';
const node = createSuiNode();
const server = setupServer(...node.handlers);
const requests: string[] = [];
server.events.on('request:start', ({ request }) => void requests.push(request.url));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const ACCOUNT = `0x${'a1'.repeat(32)}`;
const OTHER = `0x${'b2'.repeat(32)}`;

async function attempt(prepare: (tx: Transaction) => void) {
  const tx = new Transaction();
  const [coin] = tx.splitCoins(tx.gas, [1000n]);
  tx.transferObjects([coin!], OTHER);
  prepare(tx);
  const signed: Uint8Array[] = [];
  const signer = { signTransaction: async (bytes: Uint8Array) => (signed.push(bytes), { signature: 'sig' }) };
  requests.length = 0;
  const outcome = await createSuiNodeClient({ graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: null })
    .signTransaction({ json: await tx.toJSON(), sender: ACCOUNT, signer, execute: false })
    .then(
      () => 'signed',
      (error: unknown) => error,
    );
  return { outcome, signed, requests: [...requests] };
}

describe("a dApp's transaction names its parties", () => {
  it.each([
    ['another sender', (tx: Transaction) => tx.setSender(OTHER)],
    ['another sender, with this account as gas owner', (tx: Transaction) => (tx.setSender(OTHER), tx.setGasOwner(ACCOUNT))],
    ['this account as sender and another as gas owner', (tx: Transaction) => (tx.setSender(ACCOUNT), tx.setGasOwner(OTHER))],
    ['no sender and another gas owner', (tx: Transaction) => tx.setGasOwner(OTHER)],
  ])('%s: refused before it is built or signed', async (_name, prepare) => {
    const { outcome, signed, requests } = await attempt(prepare);
    expect(outcome).toBeInstanceOf(NodeError);
    expect((outcome as NodeError).message).toMatch(/names another address as its sender or gas owner/);
    expect(signed).toEqual([]);
    expect(requests).toEqual([]);
  });

  it.each([
    ['no sender: this account is set', () => {}],
    ['this account as sender, in another spelling', (tx: Transaction) => tx.setSender(ACCOUNT.toUpperCase().replace('0X', '0x'))],
    ['this account as sender and gas owner', (tx: Transaction) => (tx.setSender(ACCOUNT), tx.setGasOwner(ACCOUNT))],
  ])('%s: goes on to be built and signed', async (_name, prepare) => {
    node.ledger.mint(ACCOUNT, 5_000_000_000n, randomDigest());
    const { outcome, signed } = await attempt(prepare as (tx: Transaction) => void);
    expect(outcome).toBe('signed');
    expect(signed).toHaveLength(1);
  });
});

describe('the gas a transaction paid', () => {
  it('is its computation and storage, less the storage rebate; nothing without effects', () => {
    const gasUsed = {
      computationCost: '1000000',
      storageCost: '1976000',
      storageRebate: '978120',
      nonRefundableStorageFee: '9880',
    };
    expect(gasPaidBy({ gasUsed })).toBe('1997880');
    expect(gasPaidBy({ gasUsed: { ...gasUsed, storageRebate: '3000000' } })).toBe('-24000');
    expect(gasPaidBy(null)).toBeUndefined();
  });
});
