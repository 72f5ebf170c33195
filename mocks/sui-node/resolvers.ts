/**
 * The mock node's GraphQL root: plain objects and functions that graphql-js's default
 * resolver walks (a field that is a function is called with its arguments). Only what
 * `SuiGraphQLClient`'s core API asks for is answered with data; the schema itself decides
 * what is a valid query. A refusal throws, which graphql-js reports as a GraphQL error.
 */
import { bcs } from '@mysten/sui/bcs';
import { TransactionDataBuilder } from '@mysten/sui/transactions';
import { normalizeStructTag, normalizeSuiAddress } from '@mysten/sui/utils';
import { fromBase64, toBase64 } from '@mysten/utils';
import { commit, effectsBcs, effectsJson, objectChanges } from './effects.ts';
import { execute, NodeError, precheck, COMPUTATION_UNITS, STORAGE_COST_PER_OBJECT, type Outcome } from './execute.ts';
import { SUI_COIN_TYPE, SUI_TYPE, type Coin, type ExecutedTransaction, type Ledger } from './ledger.ts';
import { verifySignature, type IntentScope, type ZkLoginTrust } from './signatures.ts';
import { fromBcs, fromJson, toBcs, type TxData } from './transaction-data.ts';

const PROTOCOL_VERSION = 100;
const MAX_GAS_COINS = 256;

function paginate<T>(items: T[], args: { first?: number | null; after?: string | null }) {
  const start = args.after ? Number(Buffer.from(args.after, 'base64').toString()) + 1 : 0;
  const count = Math.min(args.first ?? 50, 50);
  const page = items.slice(start, start + count);
  const cursor = (index: number) => Buffer.from(String(index)).toString('base64');
  return {
    pageInfo: {
      hasNextPage: start + count < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursor(start) : null,
      endCursor: page.length ? cursor(start + page.length - 1) : null,
    },
    nodes: page,
  };
}

const CoinBcs = bcs.struct('Coin', { id: bcs.Address, balance: bcs.u64() });

function coinObject(coin: Coin) {
  const contents = {
    type: { repr: SUI_COIN_TYPE },
    json: { id: coin.id, balance: String(coin.balance) },
    bcs: toBase64(CoinBcs.serialize({ id: coin.id, balance: coin.balance }).toBytes()),
    display: null,
  };
  const common = {
    address: coin.id,
    version: Number(coin.version),
    digest: coin.digest,
    owner: { __typename: 'AddressOwner', address: { address: coin.owner } },
    previousTransaction: coin.previousTransaction ? { digest: coin.previousTransaction } : null,
    objectBcs: null,
  };
  return { ...common, contents, asMoveObject: { ...common, contents }, asMovePackage: null };
}

const isSuiCoinType = (type: string | null | undefined) => {
  try {
    return !type || normalizeStructTag(type) === normalizeStructTag(SUI_COIN_TYPE);
  } catch {
    return false;
  }
};
const isSui = (type: string) => {
  try {
    return normalizeStructTag(type) === normalizeStructTag(SUI_TYPE);
  } catch {
    return false;
  }
};

function balanceOf(ledger: Ledger, owner: string) {
  const total = String(ledger.balanceOf(owner));
  return { coinType: { repr: SUI_TYPE }, totalBalance: total, coinBalance: total, addressBalance: '0' };
}

function addressObject(ledger: Ledger, address: string) {
  const owner = normalizeSuiAddress(address);
  return {
    address: owner,
    balance: ({ coinType }: { coinType: string }) =>
      isSui(coinType)
        ? balanceOf(ledger, owner)
        : { coinType: { repr: coinType }, totalBalance: '0', coinBalance: '0', addressBalance: '0' },
    balances: (args: { first?: number; after?: string }) =>
      paginate(ledger.balanceOf(owner) > 0n ? [balanceOf(ledger, owner)] : [], args),
    objects: (args: { first?: number; after?: string; filter?: { type?: string } }) =>
      paginate(isSuiCoinType(args.filter?.type) ? ledger.coinsOf(owner).map(coinObject) : [], args),
  };
}

function epochObject(ledger: Ledger) {
  return {
    epochId: ledger.currentEpoch(),
    referenceGasPrice: String(ledger.referenceGasPrice),
    startTimestamp: ledger.epochStart(),
    protocolConfigs: { protocolVersion: PROTOCOL_VERSION, configs: [], featureFlags: [] },
    systemState: {
      json: { system_state_version: '2', safe_mode: false, parameters: { epoch_duration_ms: String(ledger.epochMs) } },
    },
  };
}

/** The Transaction and TransactionEffects objects, which point at each other. */
function transactionObject(ledger: Ledger, executed: ExecutedTransaction) {
  const transaction: Record<string, unknown> = {
    digest: executed.digest,
    transactionBcs: executed.transactionBcs,
    transactionJson: null,
    signatures: executed.signatures.map((signatureBytes) => ({ signatureBytes })),
  };
  transaction.effects = {
    digest: executed.digest,
    status: executed.success ? 'SUCCESS' : 'FAILURE',
    timestamp: executed.timestamp,
    checkpoint: null,
    executionError: executed.error ? { message: executed.error, abortCode: null } : null,
    epoch: { ...epochObject(ledger), epochId: executed.epoch },
    effectsBcs: executed.effectsBcs,
    effectsJson: effectsJson(executed.objectChanges, executed.digest),
    balanceChangesJson: executed.balanceChanges,
    objectChanges: (args: { first?: number; after?: string }) =>
      paginate(
        executed.objectChanges.map(({ id, before, after }) => ({
          address: id,
          idCreated: !before,
          idDeleted: !after,
          inputState: before ? coinObject(before) : null,
          outputState: after ? coinObject(after) : null,
        })),
        args,
      ),
    events: { pageInfo: { hasNextPage: false }, nodes: [] },
    transaction,
  };
  return transaction;
}

/** Fills what `tx.build({ client })` leaves to the node: object versions, gas coins, price and budget. */
function resolve(ledger: Ledger, tx: TxData, doGasSelection: boolean): TxData {
  const sender = tx.sender ?? normalizeSuiAddress('0x0');
  const inputs = tx.inputs.map((input) => {
    if (!('UnresolvedObject' in input)) return input;
    const coin = ledger.coins.get(normalizeSuiAddress(input.UnresolvedObject.objectId));
    if (!coin)
      throw new NodeError(`Object ${input.UnresolvedObject.objectId} does not exist (or is not a SUI coin this node holds).`);
    return { Object: { ImmOrOwnedObject: { objectId: coin.id, version: String(coin.version), digest: coin.digest } } };
  });
  const resolved: TxData = { ...tx, sender, inputs, gasData: { ...tx.gasData, owner: tx.gasData.owner ?? sender } };
  if (!doGasSelection) return resolved;
  const used = new Set(
    inputs.flatMap((input) => ('Object' in input ? [normalizeSuiAddress(input.Object.ImmOrOwnedObject.objectId)] : [])),
  );
  const payment =
    resolved.gasData.payment ??
    ledger
      .coinsOf(sender)
      .filter((coin) => !used.has(coin.id))
      .slice(0, MAX_GAS_COINS)
      .map((coin) => ({ objectId: coin.id, version: String(coin.version), digest: coin.digest }));
  if (payment.length === 0) throw new NodeError(`No SUI coins owned by ${sender} are left to pay for gas.`);
  const price = resolved.gasData.price ?? String(ledger.referenceGasPrice);
  // The budget covers the most this transaction can write: the gas coin, each object input, each new coin.
  const created = tx.commands.reduce(
    (count, command) => count + ('SplitCoins' in command ? command.SplitCoins.amounts.length : 0),
    0,
  );
  const budget =
    resolved.gasData.budget ??
    String(BigInt(price) * COMPUTATION_UNITS + STORAGE_COST_PER_OBJECT * BigInt(1 + used.size + created));
  return { ...resolved, gasData: { payment, owner: resolved.gasData.owner, price, budget } };
}

function simulated(ledger: Ledger, tx: TxData, bytes: Uint8Array) {
  const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
  const outcome: Outcome = execute(ledger, tx);
  const executed: ExecutedTransaction = {
    digest,
    transactionBcs: toBase64(bytes),
    signatures: [],
    effectsBcs: effectsBcs(outcome, digest),
    success: outcome.success,
    error: outcome.failure?.message ?? null,
    epoch: outcome.epoch,
    timestamp: new Date(ledger.now()).toISOString(),
    balanceChanges: outcome.balanceChanges,
    objectChanges: objectChanges(outcome),
  };
  return { effects: transactionObject(ledger, executed).effects, outputs: [] };
}

export function createRoot(ledger: Ledger, zkLogin: ZkLoginTrust) {
  return {
    chainIdentifier: () => ledger.chainIdentifier,
    checkpoint: ({ sequenceNumber }: { sequenceNumber?: number }) =>
      sequenceNumber === 0 ? { digest: ledger.chainIdentifier, sequenceNumber: 0 } : null,
    epoch: () => epochObject(ledger),
    address: ({ address }: { address?: string }) => (address ? addressObject(ledger, address) : null),
    object: ({ address }: { address: string }) => {
      const coin = ledger.coins.get(normalizeSuiAddress(address));
      return coin ? coinObject(coin) : null;
    },
    multiGetObjects: ({ keys }: { keys: { address: string }[] }) =>
      keys.map(({ address }) => {
        const coin = ledger.coins.get(normalizeSuiAddress(address));
        return coin ? coinObject(coin) : null;
      }),
    transaction: ({ digest }: { digest: string }) => {
      const executed = ledger.transactions.get(digest);
      return executed ? transactionObject(ledger, executed) : null;
    },
    simulateTransaction: ({ transaction, doGasSelection }: { transaction: unknown; doGasSelection?: boolean }) => {
      const tx = resolve(
        ledger,
        readTransaction(() => fromJson(transaction)),
        doGasSelection ?? false,
      );
      precheck(ledger, tx);
      return simulated(ledger, tx, toBcs(tx));
    },
    executeTransaction: async ({ transactionDataBcs, signatures }: { transactionDataBcs: string; signatures: string[] }) => {
      const bytes = fromBase64(transactionDataBcs);
      const tx = readTransaction(() => fromBcs(bytes));
      const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
      const done = ledger.transactions.get(digest);
      if (done) return { effects: transactionObject(ledger, done).effects };
      if (signatures.length !== 1) throw new NodeError(`Expected one signature (the sender's), got ${signatures.length}.`);
      const verdict = await verifySignature({
        scope: 'TransactionData',
        message: bytes,
        signature: signatures[0]!,
        author: tx.sender!,
        currentEpoch: ledger.currentEpoch(),
        zkLogin,
      });
      if (!verdict.ok) throw new NodeError(`Invalid user signature: ${verdict.reason}`);
      const outcome = execute(ledger, tx);
      return {
        effects: transactionObject(ledger, commit(ledger, outcome, { digest, transactionBcs: transactionDataBcs, signatures }))
          .effects,
      };
    },
    verifySignature: (args: { message: string; signature: string; intentScope: string; author: string }) =>
      verify(ledger, zkLogin, args.message, args.signature, args.intentScope, args.author),
    verifyZkLoginSignature: (args: { bytes: string; signature: string; intentScope: string; author: string }) =>
      verify(ledger, zkLogin, args.bytes, args.signature, args.intentScope, args.author),
  };
}

function readTransaction(read: () => TxData): TxData {
  try {
    return read();
  } catch (error) {
    if (error instanceof NodeError) throw error;
    throw new NodeError(`Invalid transaction: ${(error as Error).message}`);
  }
}

async function verify(
  ledger: Ledger,
  zkLogin: ZkLoginTrust,
  message: string,
  signature: string,
  intentScope: string,
  author: string,
) {
  const scope: IntentScope = intentScope === 'TRANSACTION_DATA' ? 'TransactionData' : 'PersonalMessage';
  const verdict = await verifySignature({
    scope,
    message: fromBase64(message),
    signature,
    author,
    currentEpoch: ledger.currentEpoch(),
    zkLogin,
  });
  if (!verdict.ok) throw new NodeError(verdict.reason);
  return { success: true };
}
