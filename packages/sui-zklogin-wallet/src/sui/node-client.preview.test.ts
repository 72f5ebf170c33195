/**
 * The dry run of a dApp's transaction, as the wallet's dialog shows it: against the mock
 * node in an MSW server, what a transfer does to this account and to its recipient, the
 * node's reason when it would fail, and a node that cannot be asked. The bytes it built are
 * the ones signed after "Approve".
 */
import { Transaction } from '@mysten/sui/transactions';
import { fromBase64, normalizeStructTag } from '@mysten/sui/utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSuiNode } from '../../../../mocks/sui-node/handlers.ts';
import { randomDigest } from '../../../../mocks/sui-node/ledger.ts';
import { createSuiNodeClient } from './node-client.ts';

const GRAPHQL = 'https://sui-node.test/graphql';
const node = createSuiNode();
const server = setupServer(...node.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ACCOUNT = `0x${'a3'.repeat(32)}`;
const RECIPIENT = `0x${'b4'.repeat(32)}`;
const client = () => createSuiNodeClient({ graphqlUrl: GRAPHQL, network: 'testnet', faucetUrl: null });

async function transferJson(mist: bigint, prepare: (tx: Transaction) => void = () => {}) {
  const tx = new Transaction();
  const [coin] = tx.splitCoins(tx.gas, [mist]);
  tx.transferObjects([coin!], RECIPIENT);
  prepare(tx);
  return tx.toJSON();
}

describe('the dry run of a dApp transaction', () => {
  beforeAll(() => node.ledger.mint(ACCOUNT, 2_000_000_000n, randomDigest()));

  it('a transfer of 0.25 SUI: this account loses 0.25 SUI and the gas, the recipient gains 0.25, and nothing moves', async () => {
    const before = node.ledger.coinsOf(ACCOUNT).map((coin) => coin.balance);
    const preview = await client().previewTransaction({ json: await transferJson(250_000_000n), sender: ACCOUNT });
    expect(preview.status).toBe('ok');
    if (preview.status !== 'ok') return;
    expect(preview.recipients).toEqual([{ address: RECIPIENT, coinType: '0x2::sui::SUI', amount: '250000000' }]);
    expect(preview.changes).toHaveLength(1);
    expect(preview.changes[0]!.coinType).toBe('0x2::sui::SUI');
    const spent = -BigInt(preview.changes[0]!.amount);
    expect(spent).toBeGreaterThan(250_000_000n);
    expect(spent - 250_000_000n).toBeLessThanOrEqual(BigInt(preview.gasBudget));
    // The bytes are this account's transaction, with the budget shown.
    const built = Transaction.from(fromBase64(preview.bytes)).getData();
    expect(built.sender).toBe(ACCOUNT);
    expect(built.gasData.budget?.toString()).toBe(preview.gasBudget);
    expect(node.ledger.coinsOf(ACCOUNT).map((coin) => coin.balance)).toEqual(before);
    // The new coin was never this account's, and the gas coin stays: no object leaves it.
    expect(preview.objectsOut).toEqual([]);
  });

  it('a coin object sent whole: it leaves the account, a SUI coin, for the recipient, who gains its balance', async () => {
    const coin = node.ledger.mint(ACCOUNT, 300_000_000n, randomDigest());
    const tx = new Transaction();
    tx.transferObjects([tx.object(coin.id)], RECIPIENT);
    const preview = await client().previewTransaction({ json: await tx.toJSON(), sender: ACCOUNT });
    if (preview.status !== 'ok') throw new Error(JSON.stringify(preview));
    expect(preview.objectsOut).toEqual([
      {
        objectId: coin.id,
        objectType: normalizeStructTag('0x2::coin::Coin<0x2::sui::SUI>'),
        change: 'transferred',
        to: { owner: 'address', id: RECIPIENT },
      },
    ]);
    expect(preview.recipients).toEqual([{ address: RECIPIENT, coinType: '0x2::sui::SUI', amount: '300000000' }]);
    expect(node.ledger.coins.get(coin.id)?.owner).toBe(ACCOUNT);
  });

  it('more than the balance: fails, with the reason', async () => {
    const preview = await client().previewTransaction({ json: await transferJson(5_000_000_000n), sender: ACCOUNT });
    expect(preview).toEqual({ status: 'fails', reason: expect.stringMatching(/Not enough SUI/) });
  });

  it('with a budget the dApp set itself, a run that fails on the node still says why', async () => {
    const preview = await client().previewTransaction({
      json: await transferJson(5_000_000_000n, (tx) => tx.setGasBudget(10_000_000n)),
      sender: ACCOUNT,
    });
    expect(preview).toEqual({ status: 'fails', reason: expect.stringMatching(/Not enough SUI/) });
  });

  it('a node that cannot be reached, or answers with an HTTP failure: the dry run was not made, and says why', async () => {
    server.use(http.post(GRAPHQL, () => HttpResponse.error()));
    expect(await client().previewTransaction({ json: await transferJson(1000n), sender: ACCOUNT })).toEqual({
      status: 'unavailable',
      reason: 'The Sui node (sui-node.test) could not be reached, so we could not dry-run the transaction.',
    });
    server.use(http.post(GRAPHQL, () => new HttpResponse(null, { status: 503 })));
    expect(await client().previewTransaction({ json: await transferJson(1000n), sender: ACCOUNT })).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(/HTTP 503/),
    });
  });

  it('another sender, or a transaction that cannot be read: it fails, with why (never "could not be made")', async () => {
    expect(
      await client().previewTransaction({ json: await transferJson(1000n, (tx) => tx.setSender(RECIPIENT)), sender: ACCOUNT }),
    ).toEqual({ status: 'fails', reason: expect.stringMatching(/names another address as its sender/) });
    expect(await client().previewTransaction({ json: '{"version": 2, "nonsense": true', sender: ACCOUNT })).toMatchObject({
      status: 'fails',
    });
  });

  it('the approved bytes are signed as built, not rebuilt', async () => {
    const preview = await client().previewTransaction({ json: await transferJson(1000n), sender: ACCOUNT });
    if (preview.status !== 'ok') throw new Error(JSON.stringify(preview));
    const signed: Uint8Array[] = [];
    const signer = { signTransaction: async (bytes: Uint8Array) => (signed.push(bytes), { signature: 'sig' }) };
    server.use(http.post(GRAPHQL, () => HttpResponse.error()));
    const out = await client().signTransaction({
      json: await transferJson(1000n),
      built: preview.bytes,
      sender: ACCOUNT,
      signer,
      execute: false,
    });
    expect(out.bytes).toBe(preview.bytes);
    expect(signed).toHaveLength(1);
  });
});
