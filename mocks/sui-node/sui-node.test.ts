/**
 * The mock node through the real clients: SuiGraphQLClient from @mysten/sui/graphql and
 * requestSuiFromFaucetV2, in Node, against the MSW handlers (the same module the dev
 * server and the mock server serve).
 */
import type { Keypair } from '@mysten/sui/cryptography';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Secp256k1Keypair } from '@mysten/sui/keypairs/secp256k1';
import { Secp256r1Keypair } from '@mysten/sui/keypairs/secp256r1';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { requestSuiFromFaucetV2 } from '@mysten/sui/faucet';
import { Transaction } from '@mysten/sui/transactions';
import { normalizeStructTag } from '@mysten/sui/utils';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_VERIFYING_KEY } from '../../packages/sui-zklogin-wallet/src/verifying-keys.ts';
import { trustedSetup } from '../login-service/trusted-setup.ts';
import { ACCOUNT_ISSUERS, createZkLoginAccount } from '../testing.ts';
import { createSuiNode, FAUCET_AMOUNT } from './handlers.ts';
import { MIST_PER_SUI } from './ledger.ts';
import { verifySignature } from './signatures.ts';

const URL = 'https://sui-node.test/graphql';
const FAUCET = 'https://faucet.test';
const node = createSuiNode({ zkLogin: { issuers: ACCOUNT_ISSUERS } });
const server = setupServer(...node.handlers);
// Looked up per call: MSW replaces the global fetch only when the server starts listening.
const client = new SuiGraphQLClient({ url: URL, network: 'testnet', fetch: (input, init) => fetch(input, init) });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => node.ledger.coins.clear());
afterAll(() => server.close());

const balance = async (owner: string) => BigInt((await client.core.getBalance({ owner })).balance.balance);

async function transfer(from: Keypair, to: string, amount: bigint) {
  const tx = new Transaction();
  tx.setSender(from.toSuiAddress());
  const [coin] = tx.splitCoins(tx.gas, [amount]);
  tx.transferObjects([coin!], to);
  const bytes = await tx.build({ client });
  return { bytes, signature: (await from.signTransaction(bytes)).signature };
}

const zkLoginAccount = (maxEpoch = node.ledger.currentEpoch() + 2) => createZkLoginAccount(maxEpoch);

describe('the mock Sui node, through SuiGraphQLClient', () => {
  it('the faucet sends one coin of test SUI, seen by getBalance, listBalances and listCoins', async () => {
    const alice = Ed25519Keypair.generate().toSuiAddress();
    expect(await balance(alice)).toBe(0n);
    const response = await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice });
    expect(response.status).toBe('Success');
    expect(await balance(alice)).toBe(FAUCET_AMOUNT);
    const { balances } = await client.core.listBalances({ owner: alice });
    expect(balances).toEqual([
      expect.objectContaining({ coinType: expect.stringContaining('::sui::SUI'), balance: String(FAUCET_AMOUNT) }),
    ]);
    const { objects } = await client.core.listCoins({ owner: alice });
    expect(objects).toHaveLength(1);
    expect(objects[0]!.balance).toBe(String(FAUCET_AMOUNT));
    const { objects: fetched } = await client.core.getObjects({ objectIds: [objects[0]!.objectId] });
    expect(fetched[0]).toMatchObject({ objectId: objects[0]!.objectId, version: objects[0]!.version });
  });

  it('answers the chain queries: reference gas price, system state, chain identifier', async () => {
    expect((await client.core.getReferenceGasPrice()).referenceGasPrice).toBe('1000');
    // The epoch as the ledger reads it before and after the request: one that spans midnight (UTC) sees the next.
    const before = node.ledger.currentEpoch();
    const { systemState } = await client.core.getCurrentSystemState();
    expect(Number(systemState.epoch)).toBeGreaterThanOrEqual(before);
    expect(Number(systemState.epoch)).toBeLessThanOrEqual(node.ledger.currentEpoch());
    expect((await client.core.getChainIdentifier()).chainIdentifier).toBe(node.ledger.chainIdentifier);
  });

  it('a transfer between two Ed25519 keys, built with tx.build({ client }): gas selected, executed, balances move', async () => {
    const alice = Ed25519Keypair.generate();
    const bob = Ed25519Keypair.generate().toSuiAddress();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const half = MIST_PER_SUI / 2n;
    const { bytes, signature } = await transfer(alice, bob, half);
    const result = await client.core.executeTransaction({
      transaction: bytes,
      signatures: [signature],
      include: { effects: true, balanceChanges: true },
    });
    expect(result.$kind).toBe('Transaction');
    const executed = result.Transaction!;
    expect(executed.status.success).toBe(true);
    expect(executed.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(executed.effects.status.success).toBe(true);
    const fee =
      BigInt(executed.effects.gasUsed.computationCost) +
      BigInt(executed.effects.gasUsed.storageCost) -
      BigInt(executed.effects.gasUsed.storageRebate);
    expect(fee).toBeGreaterThan(0n);
    expect(await balance(bob)).toBe(half);
    expect(await balance(alice.toSuiAddress())).toBe(FAUCET_AMOUNT - half - fee);
    expect(executed.balanceChanges).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: bob, amount: String(half) })]),
    );
    // Executing the same bytes again gives the same transaction, not a second transfer.
    const again = await client.core.executeTransaction({ transaction: bytes, signatures: [signature] });
    expect(again.Transaction?.digest).toBe(executed.digest);
    expect(await balance(bob)).toBe(half);
  });

  it('a tampered signature is refused with the reason, and nothing moves', async () => {
    const alice = Ed25519Keypair.generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const { bytes, signature } = await transfer(alice, Ed25519Keypair.generate().toSuiAddress(), 1000n);
    const raw = Buffer.from(signature, 'base64');
    raw[5] = raw[5]! ^ 0xff;
    await expect(client.core.executeTransaction({ transaction: bytes, signatures: [raw.toString('base64')] })).rejects.toThrow(
      /Invalid user signature: The ED25519 signature does not verify/,
    );
    // Someone else's valid signature is refused too.
    const mallory = Ed25519Keypair.generate();
    await expect(
      client.core.executeTransaction({ transaction: bytes, signatures: [(await mallory.signTransaction(bytes)).signature] }),
    ).rejects.toThrow(/Invalid user signature/);
    expect(await balance(alice.toSuiAddress())).toBe(FAUCET_AMOUNT);
  });

  it('a transfer signed with a zkLogin signature is executed; one for another address or past maxEpoch is refused', async () => {
    const account = await zkLoginAccount();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: account.address });
    const bob = Ed25519Keypair.generate().toSuiAddress();
    const tx = new Transaction();
    tx.setSender(account.address);
    const [coin] = tx.splitCoins(tx.gas, [1234n]);
    tx.transferObjects([coin!], bob);
    const bytes = await tx.build({ client });
    const signature = await account.sign((await account.ephemeral.signTransaction(bytes)).signature);
    const result = await client.core.executeTransaction({ transaction: bytes, signatures: [signature] });
    expect(result.Transaction?.status.success).toBe(true);
    expect(await balance(bob)).toBe(1234n);

    // The inner signature must be over these bytes.
    const next = new Transaction();
    next.setSender(account.address);
    next.transferObjects([next.splitCoins(next.gas, [1n])[0]!], bob);
    const other = await next.build({ client });
    const stale = await account.sign((await account.ephemeral.signPersonalMessage(new TextEncoder().encode('hi'))).signature);
    await expect(client.core.executeTransaction({ transaction: other, signatures: [stale] })).rejects.toThrow(
      /ephemeral signature does not verify/,
    );
    // A proof past its maxEpoch is refused.
    const expired = await zkLoginAccount(node.ledger.currentEpoch() - 1);
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: expired.address });
    const late = new Transaction();
    late.setSender(expired.address);
    late.transferObjects([late.splitCoins(late.gas, [1n])[0]!], bob);
    const lateBytes = await late.build({ client });
    const lateSignature = await expired.sign((await expired.ephemeral.signTransaction(lateBytes)).signature);
    await expect(client.core.executeTransaction({ transaction: lateBytes, signatures: [lateSignature] })).rejects.toThrow(
      /ZKLogin expired at epoch/,
    );
  });

  it('verifies a zkLogin personal-message signature, and says why when it refuses one', async () => {
    const account = await zkLoginAccount();
    const message = new TextEncoder().encode('Hello from Sui zkLogin');
    const signature = await account.sign((await account.ephemeral.signPersonalMessage(message)).signature);
    const verified = await client.core.verifyZkLoginSignature({
      bytes: Buffer.from(message).toString('base64'),
      signature,
      intentScope: 'PersonalMessage',
      address: account.address,
    });
    expect(verified.success).toBe(true);
    const query = `query ($message: Base64!, $signature: Base64!, $author: SuiAddress!) {
      verifySignature(message: $message, signature: $signature, intentScope: PERSONAL_MESSAGE, author: $author) { success } }`;
    const ok = await client.query({
      query,
      variables: { message: Buffer.from(message).toString('base64'), signature, author: account.address },
    });
    expect(ok.data).toEqual({ verifySignature: { success: true } });
    const refused = await client.query({
      query,
      variables: { message: Buffer.from('another message').toString('base64'), signature, author: account.address },
    });
    expect(refused.errors?.[0]?.message).toMatch(/ephemeral signature does not verify/);
    const stranger = Ed25519Keypair.generate().toSuiAddress();
    const wrongAuthor = await client.query({
      query,
      variables: { message: Buffer.from(message).toString('base64'), signature, author: stranger },
    });
    expect(wrongAuthor.errors?.[0]?.message).toMatch(/not for the author/);

    // The Groth16 proof itself is checked: its points A and C swapped (both on the curve), it is refused.
    const { proofPoints } = account.proof;
    const altered = await account.sign((await account.ephemeral.signPersonalMessage(message)).signature, {
      ...account.proof,
      proofPoints: { ...proofPoints, a: proofPoints.c, c: proofPoints.a },
    });
    const alteredProof = await client.query({
      query,
      variables: { message: Buffer.from(message).toString('base64'), signature: altered, author: account.address },
    });
    expect(alteredProof.errors?.[0]?.message).toBe('The zkLogin proof does not verify.');
  });

  it("accepts another login service's proofs once given its verifying key (the mock server's --zklogin-verifying-key), beside built-in mode's", async () => {
    const other = trustedSetup('another login service');
    const message = new TextEncoder().encode('proved by another login service');
    const signed = async (account: Awaited<ReturnType<typeof zkLoginAccount>>) =>
      account.sign((await account.ephemeral.signPersonalMessage(message)).signature);
    const check = async (account: Awaited<ReturnType<typeof zkLoginAccount>>, verifyingKeys: (typeof BUILT_IN_VERIFYING_KEY)[]) =>
      verifySignature({
        scope: 'PersonalMessage',
        message,
        signature: await signed(account),
        author: account.address,
        currentEpoch: node.ledger.currentEpoch(),
        zkLogin: { issuers: ACCOUNT_ISSUERS, verifyingKeys },
      });
    const elsewhere = await createZkLoginAccount(node.ledger.currentEpoch() + 2, { prove: other.prove });
    const builtIn = await zkLoginAccount();
    expect(await check(elsewhere, [BUILT_IN_VERIFYING_KEY])).toEqual({ ok: false, reason: 'The zkLogin proof does not verify.' });
    expect(await check(elsewhere, [BUILT_IN_VERIFYING_KEY, other.verifyingKey()])).toEqual({ ok: true });
    expect(await check(builtIn, [BUILT_IN_VERIFYING_KEY, other.verifyingKey()])).toEqual({ ok: true });
    expect(await check(builtIn, [other.verifyingKey()])).toEqual({ ok: false, reason: 'The zkLogin proof does not verify.' });
  });

  it('a spend beyond the balance is refused when the transaction is built', async () => {
    const alice = Ed25519Keypair.generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    await expect(transfer(alice, Ed25519Keypair.generate().toSuiAddress(), FAUCET_AMOUNT)).rejects.toThrow(
      /InsufficientCoinBalance/,
    );
    // With no coins at all there is nothing to pay gas with.
    await expect(transfer(Ed25519Keypair.generate(), alice.toSuiAddress(), 1n)).rejects.toThrow(/left to pay for gas/);
  });

  it('an invalid query is refused with GraphQL errors, never a made-up answer', async () => {
    const response = await fetch(URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ address(address: "0x1") { notAField } }' }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toMatch(/Cannot query field "notAField" on type "Address"/);
    const { errors } = await client.query({ query: 'query { epoch { referenceGasPrice(wrong: 1) } }', variables: {} });
    expect(errors?.[0]?.message).toMatch(/Unknown argument "wrong"/);
  });

  it.each([
    ['Secp256k1', () => Secp256k1Keypair.generate()],
    ['Secp256r1', () => Secp256r1Keypair.generate()],
  ] as const)('a transfer signed with a %s key is executed; the same key signing other bytes is refused', async (_, generate) => {
    const sender = generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: sender.toSuiAddress() });
    const to = Ed25519Keypair.generate().toSuiAddress();
    const { bytes, signature } = await transfer(sender, to, 1000n);
    const other = await transfer(sender, to, 2000n);
    await expect(client.core.executeTransaction({ transaction: other.bytes, signatures: [signature] })).rejects.toThrow(
      /Invalid user signature/,
    );
    const result = await client.core.executeTransaction({ transaction: bytes, signatures: [signature] });
    expect(result.Transaction?.status.success).toBe(true);
    expect(await balance(to)).toBe(1000n);
  });

  it('merges coins given as objects, and sends the whole gas coin: versions move, merged coins are gone', async () => {
    const alice = Ed25519Keypair.generate();
    const bob = Ed25519Keypair.generate().toSuiAddress();
    for (let i = 0; i < 3; i += 1) await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const { objects: coins } = await client.core.listCoins({ owner: alice.toSuiAddress() });
    expect(coins).toHaveLength(3);
    const [first, second, third] = coins;
    const tx = new Transaction();
    tx.setSender(alice.toSuiAddress());
    // Pay gas with the first coin only; merge the other two into it, then send it all to Bob.
    tx.setGasPayment([{ objectId: first!.objectId, version: first!.version, digest: first!.digest }]);
    tx.mergeCoins(tx.gas, [tx.object(second!.objectId), tx.object(third!.objectId)]);
    tx.transferObjects([tx.gas], bob);
    const bytes = await tx.build({ client });
    const { signature } = await alice.signTransaction(bytes);
    const result = await client.core.executeTransaction({
      transaction: bytes,
      signatures: [signature],
      include: { effects: true },
    });
    expect(result.Transaction?.status.success).toBe(true);
    const fee =
      BigInt(result.Transaction!.effects.gasUsed.computationCost) +
      BigInt(result.Transaction!.effects.gasUsed.storageCost) -
      BigInt(result.Transaction!.effects.gasUsed.storageRebate);
    expect(await balance(alice.toSuiAddress())).toBe(0n);
    expect(await balance(bob)).toBe(3n * FAUCET_AMOUNT - fee);
    const { objects: bobCoins } = await client.core.listCoins({ owner: bob });
    expect(bobCoins.map((coin) => coin.objectId)).toEqual([first!.objectId]);
    expect(BigInt(bobCoins[0]!.version)).toBeGreaterThan(BigInt(first!.version));
    const changed = result.Transaction!.effects.changedObjects.map((change) => [change.objectId, change.idOperation]);
    expect(changed).toEqual(
      expect.arrayContaining([
        [second!.objectId, 'Deleted'],
        [third!.objectId, 'Deleted'],
        [first!.objectId, 'None'],
      ]),
    );
  });

  it('simulates with the core API: effects and balance changes, and nothing moves', async () => {
    const alice = Ed25519Keypair.generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const bob = Ed25519Keypair.generate().toSuiAddress();
    const { bytes } = await transfer(alice, bob, 5000n);
    const simulated = await client.core.simulateTransaction({
      transaction: bytes,
      include: { effects: true, balanceChanges: true },
    });
    expect(simulated.$kind).toBe('Transaction');
    expect(simulated.Transaction!.balanceChanges).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: bob, amount: '5000' })]),
    );
    expect(await balance(bob)).toBe(0n);
  });

  it("a dry run's object changes, as the SDK reads them: a coin sent whole, a coin split off, the gas coin; each with its type", async () => {
    const alice = Ed25519Keypair.generate().toSuiAddress();
    const bob = Ed25519Keypair.generate().toSuiAddress();
    for (let i = 0; i < 2; i += 1) await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice });
    const [gasCoin, whole] = (await client.core.listCoins({ owner: alice })).objects;
    const tx = new Transaction();
    tx.setSender(alice);
    tx.setGasPayment([{ objectId: gasCoin!.objectId, version: gasCoin!.version, digest: gasCoin!.digest }]);
    const [split] = tx.splitCoins(tx.gas, [5000n]);
    tx.transferObjects([tx.object(whole!.objectId), split!], bob);
    const simulated = await client.core.simulateTransaction({
      transaction: await tx.build({ client }),
      include: { effects: true, objectTypes: true },
    });
    expect(simulated.$kind).toBe('Transaction');
    const { effects, objectTypes } = simulated.Transaction!;
    const byId = new Map(effects.changedObjects.map((change) => [change.objectId, change]));
    expect(byId.size).toBe(3);
    expect(byId.get(whole!.objectId)).toMatchObject({
      inputState: 'Exists',
      inputOwner: { AddressOwner: alice },
      outputState: 'ObjectWrite',
      outputOwner: { AddressOwner: bob },
      idOperation: 'None',
    });
    expect(byId.get(gasCoin!.objectId)).toMatchObject({ outputOwner: { AddressOwner: alice }, idOperation: 'None' });
    expect(effects.gasObject?.objectId).toBe(gasCoin!.objectId);
    const [created] = effects.changedObjects.filter((change) => change.idOperation === 'Created');
    expect(created).toMatchObject({ inputState: 'DoesNotExist', outputOwner: { AddressOwner: bob } });
    // Every changed object's type, from the effects' JSON and the object changes alike.
    const coinType = normalizeStructTag('0x2::coin::Coin<0x2::sui::SUI>');
    expect(Object.fromEntries(Object.entries(objectTypes).map(([id, type]) => [id, normalizeStructTag(type)]))).toEqual({
      [gasCoin!.objectId]: coinType,
      [whole!.objectId]: coinType,
      [created!.objectId]: coinType,
    });
    expect((await client.core.listCoins({ owner: bob })).objects).toEqual([]);
  });

  it('an executed transaction is read back with the same object changes and types', async () => {
    const alice = Ed25519Keypair.generate();
    const bob = Ed25519Keypair.generate().toSuiAddress();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const { bytes, signature } = await transfer(alice, bob, 5000n);
    const executed = await client.core.executeTransaction({
      transaction: bytes,
      signatures: [signature],
      include: { effects: true, objectTypes: true },
    });
    const read = await client.core.getTransaction({ digest: executed.Transaction!.digest, include: { objectTypes: true } });
    expect(Object.keys(read.Transaction!.objectTypes).sort()).toEqual(
      executed.Transaction!.effects.changedObjects.map((change) => change.objectId).sort(),
    );
  });

  it('a transaction that fails on chain pays its gas and changes nothing else', async () => {
    const alice = Ed25519Keypair.generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const [coin] = (await client.core.listCoins({ owner: alice.toSuiAddress() })).objects;
    const tx = new Transaction();
    tx.setSender(alice.toSuiAddress());
    tx.setGasPayment([{ objectId: coin!.objectId, version: coin!.version, digest: coin!.digest }]);
    tx.setGasPrice(1000);
    tx.setGasBudget(10_000_000);
    // More than the gas coin holds once the budget is set aside.
    const [split] = tx.splitCoins(tx.gas, [FAUCET_AMOUNT]);
    tx.transferObjects([split!], Ed25519Keypair.generate().toSuiAddress());
    const bytes = await tx.build();
    const { signature } = await alice.signTransaction(bytes);
    const result = await client.core.executeTransaction({
      transaction: bytes,
      signatures: [signature],
      include: { effects: true },
    });
    expect(result.$kind).toBe('FailedTransaction');
    expect(result.FailedTransaction!.status.error?.message).toMatch(/InsufficientCoinBalance/);
    const paid = FAUCET_AMOUNT - (await balance(alice.toSuiAddress()));
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(10_000_000n);
  });

  it('refuses commands it does not run, by name', async () => {
    const alice = Ed25519Keypair.generate();
    await requestSuiFromFaucetV2({ host: FAUCET, recipient: alice.toSuiAddress() });
    const tx = new Transaction();
    tx.setSender(alice.toSuiAddress());
    tx.moveCall({ target: '0x2::coin::zero', typeArguments: ['0x2::sui::SUI'] });
    await expect(tx.build({ client })).rejects.toThrow(/Unsupported command moveCall/);
  });
});
