/**
 * An execution's outcome as Sui reports it: BCS TransactionEffects (V2, which
 * `parseTransactionEffectsBcs` reads for `include: { effects: true }`), and the commit of
 * an executed transaction to the ledger.
 */
import { bcs } from '@mysten/sui/bcs';
import { toBase64 } from '@mysten/utils';
import type { Outcome } from './execute.ts';
import type { ExecutedTransaction, Ledger } from './ledger.ts';

const owner = (address: string) => ({ AddressOwner: address });

export function effectsBcs(outcome: Outcome, transactionDigest: string): string {
  const written = new Map(outcome.written.map((coin) => [coin.id, coin]));
  const ids = [...new Set([...outcome.before.keys(), ...written.keys()])].sort();
  const changedObjects = ids.map((id) => {
    const before = outcome.before.get(id);
    const after = written.get(id);
    return [
      id,
      {
        inputState: before
          ? { Exist: [[before.version, before.digest] as const, owner(before.owner)] as const }
          : { NotExist: true },
        outputState: after ? { ObjectWrite: [after.digest, owner(after.owner)] as const } : { NotExist: true },
        idOperation: !before ? { Created: true } : !after ? { Deleted: true } : { None: true },
      },
    ] as const;
  });
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
  record: Omit<ExecutedTransaction, 'effectsBcs' | 'success' | 'error' | 'epoch' | 'timestamp' | 'balanceChanges'>,
) {
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
  };
  ledger.transactions.set(record.digest, executed);
  return executed;
}
