/**
 * An execution's outcome as Sui reports it: BCS TransactionEffects (V2, which
 * `parseTransactionEffectsBcs` reads for `include: { effects: true }`), the same changes
 * as the GraphQL node also gives them for `include: { objectTypes: true }` (the effects'
 * JSON, whose changed objects carry their Move type, and `objectChanges`), and the commit
 * of an executed transaction to the ledger.
 */
import { bcs } from '@mysten/sui/bcs';
import { toBase64 } from '@mysten/utils';
import type { Outcome } from './execute.ts';
import { SUI_COIN_TYPE, type Coin, type ExecutedTransaction, type Ledger } from './ledger.ts';

const owner = (address: string) => ({ AddressOwner: address });

/** One object the transaction touched: as it was (absent when created) and as it is (absent when deleted). */
export interface ObjectChange {
  id: string;
  before?: Coin;
  after?: Coin;
}

/** Every touched object, in the order of their ids (as Sui sorts effects' changed objects). */
export function objectChanges(outcome: Outcome): ObjectChange[] {
  const written = new Map(outcome.written.map((coin) => [coin.id, coin]));
  const ids = [...new Set([...outcome.before.keys(), ...written.keys()])].sort();
  return ids.map((id) => ({ id, before: outcome.before.get(id), after: written.get(id) }));
}

/**
 * The effects as the node's `effectsJson` gives them (sui.rpc.v2.TransactionEffects in
 * protobuf's JSON form), with what the SDK reads there: each changed object and its type.
 * The mock holds SUI coins only, so every type is a coin's.
 */
export function effectsJson(changes: ObjectChange[], transactionDigest: string) {
  const ownerJson = (coin: Coin) => ({ kind: 'ADDRESS', address: coin.owner });
  return {
    transactionDigest,
    changedObjects: changes.map(({ id, before, after }) => ({
      objectId: id,
      inputState: before ? 'INPUT_OBJECT_STATE_EXISTS' : 'INPUT_OBJECT_STATE_DOES_NOT_EXIST',
      ...(before && { inputVersion: String(before.version), inputDigest: before.digest, inputOwner: ownerJson(before) }),
      outputState: after ? 'OUTPUT_OBJECT_STATE_OBJECT_WRITE' : 'OUTPUT_OBJECT_STATE_DOES_NOT_EXIST',
      ...(after && { outputVersion: String(after.version), outputDigest: after.digest, outputOwner: ownerJson(after) }),
      idOperation: !before ? 'CREATED' : !after ? 'DELETED' : 'NONE',
      objectType: SUI_COIN_TYPE,
    })),
  };
}

export function effectsBcs(outcome: Outcome, transactionDigest: string): string {
  const changes = objectChanges(outcome);
  const ids = changes.map((change) => change.id);
  const changedObjects = changes.map(
    ({ id, before, after }) =>
      [
        id,
        {
          inputState: before
            ? { Exist: [[before.version, before.digest] as const, owner(before.owner)] as const }
            : { NotExist: true },
          outputState: after ? { ObjectWrite: [after.digest, owner(after.owner)] as const } : { NotExist: true },
          idOperation: !before ? { Created: true } : !after ? { Deleted: true } : { None: true },
        },
      ] as const,
  );
  const status = outcome.failure
    ? { Failure: { error: failureStatus(outcome.failure.kind), command: outcome.failure.command } }
    : { Success: true };
  const dependencies = [...new Set([...outcome.before.values()].map((coin) => coin.previousTransaction))].filter(Boolean);
  return toBase64(
    bcs.TransactionEffects.serialize({
      V2: {
        status,
        executedEpoch: outcome.epoch,
        gasUsed: outcome.gasUsed,
        transactionDigest,
        gasObjectIndex: ids.indexOf(outcome.gasCoinId),
        eventsDigest: null,
        dependencies,
        lamportVersion: outcome.lamportVersion,
        changedObjects,
        unchangedConsensusObjects: [],
        auxDataDigest: null,
      },
    }).toBytes(),
  );
}

/** ExecutionFailureStatus variants the executor can produce; anything else reads as a generic abort-free failure. */
function failureStatus(kind: string) {
  switch (kind) {
    case 'InsufficientCoinBalance':
      return { InsufficientCoinBalance: true };
    case 'InsufficientGas':
      return { InsufficientGas: true };
    case 'UnusedValueWithoutDrop':
      return { UnusedValueWithoutDrop: { resultIdx: 0, secondaryIdx: 0 } };
    case 'InvalidValueUsage':
      return { CommandArgumentError: { argIdx: 0, kind: { InvalidValueUsage: true } } };
    default:
      return { CommandArgumentError: { argIdx: 0, kind: { TypeMismatch: true } } };
  }
}

/** Applies an executed transaction: the written coins replace the old, the deleted go. */
export function commit(
  ledger: Ledger,
  outcome: Outcome,
  record: Omit<
    ExecutedTransaction,
    'effectsBcs' | 'success' | 'error' | 'epoch' | 'timestamp' | 'balanceChanges' | 'objectChanges'
  >,
) {
  // The changes as executed, before the ledger's coins are replaced by the written ones.
  const changes = objectChanges(outcome);
  for (const coin of outcome.deleted) ledger.coins.delete(coin.id);
  for (const coin of outcome.written) ledger.coins.set(coin.id, { ...coin, previousTransaction: record.digest });
  const executed: ExecutedTransaction = {
    ...record,
    effectsBcs: effectsBcs(outcome, record.digest),
    success: outcome.success,
    error: outcome.failure?.message ?? null,
    epoch: outcome.epoch,
    timestamp: new Date(ledger.now()).toISOString(),
    balanceChanges: outcome.balanceChanges,
    objectChanges: changes,
  };
  ledger.transactions.set(record.digest, executed);
  return executed;
}
