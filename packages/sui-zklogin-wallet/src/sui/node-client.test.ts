/**
 * A dApp's transaction as the wallet's signing step sees it: refused before it is built,
 * and before the signer is asked, unless its sender is this account (or unset, then set)
 * and its gas owner, if set, is this account. Against the mock node in an MSW server.
 */
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Transaction } from '@mysten/sui/transactions';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('a transfer whose answer is lost on its way back', () => {
  const keypair = new Ed25519Keypair();
  const sender = keypair.toSuiAddress();
  const signer = { signTransaction: (bytes: Uint8Array) => keypair.signTransaction(bytes) };
  beforeAll(() => node.ledger.mint(sender, 5_000_000_000n, randomDigest()));
  afterEach(() => vi.restoreAllMocks());

  /**
   * The node's answer to an execution is replaced: by an HTTP `status` (a 504 by default) or a
   * thrown `failure`, after the node ran it (`reached`) or before. With `lookupsFail`, the
   * look-ups after it cannot reach the node either.
   */
  function answerLost(
    reached: boolean,
    { status = 504, failure, lookupsFail = false }: { status?: number; failure?: Error; lookupsFail?: boolean } = {},
  ) {
    const requests = { executions: [] as string[], lookups: [] as string[] };
    // MSW's fetch, as it is once the server listens.
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (LOOKUP.test(body)) {
        requests.lookups.push(body);
        if (lookupsFail) throw new TypeError('Failed to fetch');
      }
      if (!body.includes('executeTransaction')) return realFetch(input, init);
      requests.executions.push(body);
      if (reached) await realFetch(input, init);
      if (failure) throw failure;
      return new Response('failed', { status, statusText: 'failed' });
    });
    return requests;
  }
  const nodeClient = (lostAnswerLookupMs?: number) =>
    createSuiNodeClient({ graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: null, lostAnswerLookupMs });
  /** The SDK's look-up of a transaction by its digest. */
  const LOOKUP = /transaction\(digest: \$digest\)/;
  const balanceOf = (address: string) =>
    [...node.ledger.coins.values()].filter((coin) => coin.owner === address).reduce((sum, coin) => sum + coin.balance, 0n);

  it('executed all the same: found on chain by its digest, and reported as sent, once', async () => {
    const { executions, lookups } = answerLost(true);
    const before = balanceOf(OTHER);
    const receipt = await createSuiNodeClient({ graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: null }).transfer({
      recipient: OTHER,
      amount: '250000000',
      sender,
      signer,
    });
    expect(receipt.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(receipt.gasPaid).toMatch(/^\d+$/);
    expect(balanceOf(OTHER) - before).toBe(250_000_000n);
    expect(executions).toHaveLength(1);
    expect(lookups.length).toBeGreaterThan(0);
  });

  it('not executed: the visitor is told the outcome is unknown, with the digest to look for, never "could not send"', async () => {
    const { executions } = answerLost(false);
    const before = balanceOf(OTHER);
    const outcome = await createSuiNodeClient({
      graphqlUrl: GRAPHQL,
      network: 'testnet',
      faucetUrl: null,
      lostAnswerLookupMs: 100,
    })
      .transfer({ recipient: OTHER, amount: '250000000', sender, signer })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(NodeError);
    expect((outcome as NodeError).message).toMatch(
      /^The Sui node \(sui-node\.test\) answered with HTTP 504, so we cannot tell whether the transfer went through\. It was not found on chain within 0\.1 s\. Its digest is [1-9A-HJ-NP-Za-km-z]{43,44}: look for it \(or at your balance\) before you send it again\.$/,
    );
    expect(balanceOf(OTHER)).toBe(before);
    expect(executions).toHaveLength(1);
  });

  it('an abort of the request (its deadline, as some browsers report it) is a lost answer too: looked for, and found', async () => {
    answerLost(true, { failure: new DOMException('The operation was aborted.', 'AbortError') });
    const receipt = await nodeClient().transfer({ recipient: OTHER, amount: '1000', sender, signer });
    expect(receipt.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
  });

  it('a node that cannot be asked afterwards either: "could not be looked up", never "not found"', async () => {
    const { lookups } = answerLost(false, { lookupsFail: true });
    const outcome = await nodeClient(100)
      .transfer({ recipient: OTHER, amount: '1000', sender, signer })
      .catch((error: unknown) => error);
    expect((outcome as NodeError).code).toBe('SUI_NODE_OUTCOME_UNKNOWN');
    expect((outcome as NodeError).message).toMatch(
      /, so we cannot tell whether the transfer went through\. It could not be looked up on chain either\. Its digest is /,
    );
    expect(lookups.length).toBeGreaterThan(0);
  });

  it.each([400, 413, 429])(
    'an HTTP %i (the node refused before running anything): said as such, and not looked for',
    async (status) => {
      const { lookups } = answerLost(false, { status });
      const outcome = await nodeClient()
        .transfer({ recipient: OTHER, amount: '1000', sender, signer })
        .catch((error: unknown) => error);
      expect((outcome as NodeError).code).toBe('SUI_NODE');
      expect((outcome as NodeError).message).toBe(
        `The Sui node (sui-node.test) answered with HTTP ${status}, so we could not send the transfer.`,
      );
      expect(lookups).toEqual([]);
    },
  );

  it("a dApp's executed transaction whose answer was lost: found, and answered with its digest and effects", async () => {
    const { executions } = answerLost(true);
    const tx = new Transaction();
    const [coin] = tx.splitCoins(tx.gas, [1000n]);
    tx.transferObjects([coin!], OTHER);
    const signed = await nodeClient().signTransaction({ json: await tx.toJSON(), sender, signer, execute: true });
    expect(signed.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(signed.effects).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(executions).toHaveLength(1);
  });

  it('stopped (the visitor signed out) before it was sent: never sent; stopped before it was built, never signed either', async () => {
    const { executions } = answerLost(true);
    const stop = new AbortController();
    const signed: Uint8Array[] = [];
    // Stopped while it is being signed: the signature is made, the transfer never sent.
    const stopping = {
      signTransaction: async (bytes: Uint8Array) => (signed.push(bytes), stop.abort(), keypair.signTransaction(bytes)),
    };
    await expect(
      nodeClient().transfer({ recipient: OTHER, amount: '1000', sender, signer: stopping, signal: stop.signal }),
    ).rejects.toThrow();
    expect(signed).toHaveLength(1);
    expect(executions).toEqual([]);
    await expect(
      nodeClient().transfer({ recipient: OTHER, amount: '1000', sender, signer: stopping, signal: stop.signal }),
    ).rejects.toThrow();
    expect(signed).toHaveLength(1);
    expect(executions).toEqual([]);
  });

  it('refused by the node: nothing was executed, so it is not looked for', async () => {
    const lookups: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (typeof init?.body === 'string' && LOOKUP.test(init.body)) lookups.push(init.body);
      return realFetch(input, init);
    });
    const mallory = new Ed25519Keypair();
    const outcome = await createSuiNodeClient({ graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: null })
      .transfer({
        recipient: OTHER,
        amount: '1000',
        sender,
        signer: { signTransaction: (bytes) => mallory.signTransaction(bytes) },
      })
      .catch((error: unknown) => error);
    expect((outcome as NodeError).message).toMatch(/^The Sui node refused to send the transfer: /);
    expect(lookups).toEqual([]);
  });
});
