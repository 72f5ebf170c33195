/**
 * The account page's own reads of the node, by hand-written GraphQL, against the mock
 * node's handlers (every query validated against the official schema) in an MSW server:
 * the answers, and each failure as the message the page shows.
 */
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSuiNode, FAUCET_AMOUNT } from '../../../../mocks/sui-node/handlers.ts';
import { ACCOUNT_ISSUERS, createZkLoginAccount } from '../../../../mocks/testing.ts';
import { NodeError } from './node-errors.ts';
import { createNodeReads } from './node-reads.ts';

const GRAPHQL = 'https://sui-node.test/graphql';
const node = createSuiNode({ zkLogin: { issuers: ACCOUNT_ISSUERS } });
const server = setupServer(...node.handlers);
const options = { graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: 'https://faucet.test' } as const;
// The reads' own deadline for every answered request: the mock node checks zkLogin signatures
// with a pairing, which takes a good part of a second cold on a loaded machine.
const reads = createNodeReads(options);
const queries: { query: string; variables: Record<string, unknown> }[] = [];
server.events.on('request:start', async ({ request }) => {
  if (request.url === GRAPHQL) queries.push(await request.clone().json());
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  node.ledger.coins.clear();
  queries.length = 0;
});
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<NodeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NodeError);
  return error as NodeError;
}

describe('the balance', () => {
  it('is 0 for a new address, and the faucet’s coin once test SUI came: one query each, schema-valid', async () => {
    const address = Ed25519Keypair.generate().toSuiAddress();
    expect(await reads.getBalance(address)).toBe('0');
    // What the faucet says it sent is what arrives.
    expect(await reads.requestTestSui(address)).toBe(String(FAUCET_AMOUNT));
    expect(await reads.getBalance(address)).toBe(String(FAUCET_AMOUNT));
    expect(queries).toHaveLength(2);
    expect(queries[0]!.variables).toEqual({ owner: address });
  });

  it('a node answering with an HTTP error is named, with the status', async () => {
    server.use(http.post(GRAPHQL, () => new HttpResponse('down', { status: 503, statusText: 'Service Unavailable' })));
    const error = await failure(reads.getBalance(Ed25519Keypair.generate().toSuiAddress()));
    expect(error.message).toBe('The Sui node (sui-node.test) answered with HTTP 503, so we could not read your balance.');
  });

  it('an answer that is not JSON, or has no balance, is one we could not read', async () => {
    const unreadable = 'The Sui node (sui-node.test) sent an answer we could not read, so we could not read your balance.';
    server.use(http.post(GRAPHQL, () => new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } })));
    expect((await failure(reads.getBalance('0x1'))).message).toBe(unreadable);
    server.use(http.post(GRAPHQL, () => HttpResponse.json({ data: { address: { balance: null } } })));
    expect((await failure(reads.getBalance('0x1'))).message).toBe(unreadable);
  });

  it('a GraphQL refusal gives the node’s reasons', async () => {
    const errors = [{ message: 'Invalid SuiAddress.' }, { message: 'Try later.' }];
    server.use(http.post(GRAPHQL, () => HttpResponse.json({ data: null, errors })));
    const error = await failure(reads.getBalance('0x1'));
    expect(error.message).toBe('The Sui node refused to read your balance: Invalid SuiAddress. Try later.');
  });

  it('a node that does not answer is reported after the deadline, not waited on', async () => {
    server.use(http.post(GRAPHQL, () => delay('infinite')));
    // A short deadline, for a request never answered: a slow machine only makes it later.
    const error = await failure(createNodeReads({ ...options, timeoutMs: 300 }).getBalance('0x1'));
    expect(error.message).toBe(
      'The Sui node (sui-node.test) did not answer in time, so we could not read your balance. Please try again.',
    );
  });

  it('a read the page stops (the account went away) says so', async () => {
    server.use(http.post(GRAPHQL, () => delay('infinite')));
    const stop = new AbortController();
    const pending = reads.getBalance('0x1', stop.signal);
    stop.abort();
    expect((await failure(pending)).message).toBe('Stopped before we could read your balance.');
  });
});

describe('the verdict on a signed message', () => {
  it('a zkLogin signature over the message is verified; over another message, refused with the node’s reason', async () => {
    const account = await createZkLoginAccount(node.ledger.currentEpoch() + 2);
    const message = 'Hello from zkLogin';
    const { signature } = await account.ephemeral.signPersonalMessage(new TextEncoder().encode(message));
    const zkSignature = await account.sign(signature);
    expect(await reads.verifyPersonalMessage({ message, signature: zkSignature, address: account.address })).toEqual({
      status: 'verified',
    });
    const refused = await reads.verifyPersonalMessage({ message: 'Another', signature: zkSignature, address: account.address });
    expect(refused.status).toBe('refused');
    expect(refused.status === 'refused' && refused.reason).toMatch(/\S/);
    expect(refused.status === 'refused' && refused.reason).not.toBe('The Sui node did not accept the signature.');
  });

  it('a node that cannot be reached is an error, never a verdict', async () => {
    server.use(http.post(GRAPHQL, () => HttpResponse.error()));
    const error = await failure(reads.verifyPersonalMessage({ message: 'm', signature: 'AA==', address: '0x1' }));
    expect(error.message).toBe('The Sui node (sui-node.test) could not be reached, so we could not verify the signature.');
  });
});

describe('the faucet', () => {
  it('there is none on mainnet', async () => {
    const mainnet = createNodeReads({ graphqlUrl: GRAPHQL, network: 'mainnet', faucetUrl: null });
    expect((await failure(mainnet.requestTestSui('0x1'))).message).toBe('There is no faucet on mainnet.');
  });

  it('a refusal gives the faucet’s reason', async () => {
    expect((await failure(reads.requestTestSui('not an address'))).message).toBe(
      'The faucet could not send test SUI: Invalid recipient address',
    );
  });
});
