/**
 * What a transaction does to the mock ledger: SplitCoins, MergeCoins and TransferObjects
 * on SUI coins, the gas coin included, with Sui's rules where a client can notice them:
 *   - input and gas objects must exist at the given version and digest, owned by the sender;
 *   - the gas coins are merged into the first, the budget is set aside, and what remains is
 *     spendable in the transaction (more than that fails with InsufficientCoinBalance);
 *   - a coin made in the transaction must be used (UnusedValueWithoutDrop otherwise);
 *   - a failed transaction changes nothing but the gas it paid;
 *   - every written object gets the transaction's lamport version and a new digest.
 * Refusals before execution (a missing object, a low budget) throw NodeError, which the
 * GraphQL layer turns into an error; failures during execution are effects with a status.
 */
import { bcs } from '@mysten/sui/bcs';
import { fromBase64 } from '@mysten/utils';
import { normalizeSuiAddress } from '@mysten/sui/utils';
import { randomDigest, randomObjectId, SUI_TYPE, type Coin, type Ledger } from './ledger.ts';
import type { Argument, ObjectRef, TxData } from './transaction-data.ts';

export class NodeError extends Error {}

/** Gas schedule: simple, fixed, in the same units and order of size as Sui's. */
export const COMPUTATION_UNITS = 1000n;
export const STORAGE_COST_PER_OBJECT = 988_000n;
export const STORAGE_REBATE_PER_OBJECT = 978_120n;
const NON_REFUNDABLE_PER_OBJECT = STORAGE_COST_PER_OBJECT - STORAGE_REBATE_PER_OBJECT;

interface Failure {
  kind: string;
  message: string;
  command: number | null;
}
class ExecutionFailure extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message);
    this.failure = failure;
  }
}

export interface Outcome {
  success: boolean;
  failure: Failure | null;
  gasUsed: { computationCost: bigint; storageCost: bigint; storageRebate: bigint; nonRefundableStorageFee: bigint };
  /** The objects as they are after the transaction (written), and those it deleted. */
  written: Coin[];
  deleted: Coin[];
  /** Each touched object as it was before (undefined when created here). */
  before: Map<string, Coin>;
  gasCoinId: string;
  lamportVersion: bigint;
  balanceChanges: { address: string; coinType: string; amount: string }[];
  epoch: number;
}

type Value = { coin: string } | { pure: Uint8Array };

function checkRef(ledger: Ledger, ref: ObjectRef, owner: string, what: string): Coin {
  const coin = ledger.coins.get(normalizeSuiAddress(ref.objectId));
  if (!coin) throw new NodeError(`${what} ${ref.objectId} does not exist (or is not a SUI coin this node holds).`);
  if (String(coin.version) !== String(ref.version) || coin.digest !== ref.digest) {
    throw new NodeError(`${what} ${coin.id} is not available at version ${ref.version}: its current version is ${coin.version}.`);
  }
  if (coin.owner !== owner) throw new NodeError(`${what} ${coin.id} is not owned by the sender ${owner}.`);
  return coin;
}

/** Checks done before execution; what a validator would refuse outright. */
export function precheck(ledger: Ledger, tx: TxData): { sender: string; gasCoins: Coin[]; inputs: (Coin | Uint8Array)[] } {
  const sender = tx.sender;
  const { payment, price, budget } = tx.gasData;
  if (!sender || !payment || payment.length === 0 || !price || !budget)
    throw new NodeError('The transaction has no sender or no gas payment.');
  for (const command of tx.commands) {
    if ('Unsupported' in command) {
      throw new NodeError(
        `Unsupported command ${command.Unsupported}: this mock node runs SplitCoins, MergeCoins and TransferObjects only.`,
      );
    }
  }
  if ('Unsupported' in tx.expiration) throw new NodeError(`Unsupported ${tx.expiration.Unsupported}.`);
  if ('Epoch' in tx.expiration && Number(tx.expiration.Epoch) < ledger.currentEpoch()) {
    throw new NodeError(`Transaction expired at epoch ${tx.expiration.Epoch}; the current epoch is ${ledger.currentEpoch()}.`);
  }
  if (tx.gasData.owner && normalizeSuiAddress(tx.gasData.owner) !== sender)
    throw new NodeError('Sponsored transactions are not supported.');
  if (BigInt(price) < ledger.referenceGasPrice) {
    throw new NodeError(`Gas price ${price} is below the reference gas price ${ledger.referenceGasPrice}.`);
  }
  const inputs = tx.inputs.map((input) => {
    if ('Pure' in input) return fromBase64(input.Pure.bytes);
    if ('Object' in input) return checkRef(ledger, input.Object.ImmOrOwnedObject, sender, 'Object');
    throw new NodeError(`Unsupported ${'Unsupported' in input ? input.Unsupported : 'unresolved object input'}.`);
  });
  const gasCoins = payment.map((ref) => checkRef(ledger, ref, sender, 'Gas coin'));
  const ids = [...gasCoins, ...inputs.filter((input): input is Coin => !(input instanceof Uint8Array))].map((coin) => coin.id);
  if (new Set(ids).size !== ids.length) throw new NodeError('An object is used twice as an input or as gas.');
  const gasBalance = gasCoins.reduce((sum, coin) => sum + coin.balance, 0n);
  if (gasBalance < BigInt(budget)) {
    throw new NodeError(`Balance of gas object ${gasCoins[0]!.id} is lower than the needed amount: ${budget}.`);
  }
  return { sender, gasCoins, inputs };
}

const u64 = (bytes: Uint8Array, command: number): bigint => {
  if (bytes.length !== 8)
    throw new ExecutionFailure({
      kind: 'CommandArgumentError',
      message: `CommandArgumentError in command ${command}: an amount must be a u64`,
      command,
    });
  return BigInt(bcs.u64().parse(bytes));
};
const address = (bytes: Uint8Array, command: number): string => {
  if (bytes.length !== 32)
    throw new ExecutionFailure({
      kind: 'CommandArgumentError',
      message: `CommandArgumentError in command ${command}: a recipient must be an address`,
      command,
    });
  return normalizeSuiAddress(bcs.Address.parse(bytes));
};

/** Runs the transaction on a copy of the touched coins; nothing in the ledger changes here. */
export function execute(ledger: Ledger, tx: TxData): Outcome {
  const { sender, gasCoins, inputs } = precheck(ledger, tx);
  const price = BigInt(tx.gasData.price!);
  const budget = BigInt(tx.gasData.budget!);
  const before = new Map<string, Coin>();
  const live = new Map<string, Coin>();
  const touch = (coin: Coin) => {
    if (!before.has(coin.id)) before.set(coin.id, coin);
    live.set(coin.id, { ...coin });
  };
  gasCoins.forEach(touch);
  inputs.forEach((input) => input instanceof Uint8Array || touch(input));
  const gas = live.get(gasCoins[0]!.id)!;
  const lamportVersion = [...before.values()].reduce((max, coin) => (coin.version > max ? coin.version : max), 0n) + 1n;

  const run = () => {
    const deleted = new Set<string>();
    const created = new Set<string>();
    const unused = new Map<string, [number, number]>();
    // Gas smashing: every payment coin is merged into the first, then the budget set aside.
    for (const coin of gasCoins.slice(1)) {
      gas.balance += coin.balance;
      deleted.add(coin.id);
    }
    gas.balance -= budget;
    const results: Value[][] = [];
    const one = (arg: Argument, command: number): Value => {
      const values = many(arg, command);
      if (values.length !== 1)
        throw new ExecutionFailure({
          kind: 'CommandArgumentError',
          message: `CommandArgumentError in command ${command}: expected one value`,
          command,
        });
      return values[0]!;
    };
    const many = (arg: Argument, command: number): Value[] => {
      if ('GasCoin' in arg) return [{ coin: gas.id }];
      if ('Input' in arg) {
        const input = inputs[arg.Input];
        if (input === undefined)
          throw new ExecutionFailure({
            kind: 'CommandArgumentError',
            message: `CommandArgumentError in command ${command}: no input ${arg.Input}`,
            command,
          });
        return [input instanceof Uint8Array ? { pure: input } : { coin: input.id }];
      }
      const [index, sub] = 'Result' in arg ? [arg.Result, undefined] : arg.NestedResult;
      const values = results[index];
      if (!values || (sub !== undefined && !values[sub])) {
        throw new ExecutionFailure({
          kind: 'CommandArgumentError',
          message: `CommandArgumentError in command ${command}: no result ${index}`,
          command,
        });
      }
      return sub === undefined ? values : [values[sub]!];
    };
    const coinOf = (value: Value, command: number): Coin => {
      const coin = 'coin' in value ? live.get(value.coin) : undefined;
      if (!coin || deleted.has(coin.id)) {
        throw new ExecutionFailure({
          kind: 'InvalidValueUsage',
          message: `InvalidValueUsage in command ${command}: a coin was expected, or it was already used`,
          command,
        });
      }
      return coin;
    };
    const pureOf = (value: Value, command: number): Uint8Array => {
      if ('pure' in value) return value.pure;
      throw new ExecutionFailure({
        kind: 'CommandArgumentError',
        message: `CommandArgumentError in command ${command}: a pure value was expected`,
        command,
      });
    };

    tx.commands.forEach((command, index) => {
      if ('SplitCoins' in command) {
        const coin = coinOf(one(command.SplitCoins.coin, index), index);
        const amounts = command.SplitCoins.amounts.map((arg) => u64(pureOf(one(arg, index), index), index));
        const total = amounts.reduce((sum, amount) => sum + amount, 0n);
        if (total > coin.balance) {
          throw new ExecutionFailure({
            kind: 'InsufficientCoinBalance',
            message: `InsufficientCoinBalance in command ${index}`,
            command: index,
          });
        }
        coin.balance -= total;
        results[index] = amounts.map((amount, position) => {
          const made: Coin = {
            id: randomObjectId(),
            version: lamportVersion,
            digest: '',
            owner: sender,
            balance: amount,
            previousTransaction: '',
          };
          live.set(made.id, made);
          created.add(made.id);
          unused.set(made.id, [index, position]);
          return { coin: made.id };
        });
      } else if ('MergeCoins' in command) {
        const destination = coinOf(one(command.MergeCoins.destination, index), index);
        for (const arg of command.MergeCoins.sources) {
          const source = coinOf(one(arg, index), index);
          if (source.id === destination.id || source.id === gas.id) {
            throw new ExecutionFailure({
              kind: 'InvalidValueUsage',
              message: `InvalidValueUsage in command ${index}: a coin cannot be merged into itself, and the gas coin cannot be merged away`,
              command: index,
            });
          }
          destination.balance += source.balance;
          deleted.add(source.id);
          unused.delete(source.id);
        }
        results[index] = [];
      } else if ('TransferObjects' in command) {
        const recipient = address(pureOf(one(command.TransferObjects.address, index), index), index);
        for (const value of command.TransferObjects.objects.flatMap((arg) => many(arg, index))) {
          const coin = coinOf(value, index);
          coin.owner = recipient;
          unused.delete(coin.id);
        }
        results[index] = [];
      }
    });
    const [leftover] = [...unused.values()];
    if (leftover) {
      throw new ExecutionFailure({
        kind: 'UnusedValueWithoutDrop',
        message: `UnusedValueWithoutDrop { result_idx: ${leftover[0]}, secondary_idx: ${leftover[1]} }`,
        command: null,
      });
    }
    return { deleted, created };
  };

  let failure: Failure | null = null;
  let outcome: { deleted: Set<string>; created: Set<string> };
  try {
    outcome = run();
  } catch (error) {
    if (!(error instanceof ExecutionFailure)) throw error;
    failure = error.failure;
    // A failed transaction changes nothing but the gas coins, which pay.
    const paying = new Set(gasCoins.map((coin) => coin.id));
    live.clear();
    for (const id of [...before.keys()]) if (!paying.has(id)) before.delete(id);
    live.set(gas.id, { ...gasCoins[0]!, balance: gasCoins.reduce((sum, coin) => sum + coin.balance, 0n) - budget });
    outcome = { deleted: new Set(gasCoins.slice(1).map((coin) => coin.id)), created: new Set() };
  }
  const gasAfter = live.get(gas.id)!;
  const written = [...live.values()].filter((coin) => !outcome.deleted.has(coin.id));
  const computationCost = price * COMPUTATION_UNITS;
  const storageCost = STORAGE_COST_PER_OBJECT * BigInt(written.length);
  const storageRebate = STORAGE_REBATE_PER_OBJECT * BigInt(before.size);
  const nonRefundableStorageFee = NON_REFUNDABLE_PER_OBJECT * BigInt(before.size);
  // As on Sui, the net can be below zero: the rebate of deleted objects' storage is paid back.
  const net = computationCost + storageCost - storageRebate;
  if (computationCost + storageCost > budget && failure === null) {
    // Out of gas: the transaction is undone and the whole budget is spent.
    return { ...execute.outOfGas(ledger, tx, budget), epoch: ledger.currentEpoch() };
  }
  gasAfter.balance += budget - net;
  for (const coin of written) {
    coin.version = lamportVersion;
    coin.digest = randomDigest();
  }
  const deleted = [...outcome.deleted].map((id) => before.get(id)!).filter(Boolean);
  return {
    success: failure === null,
    failure,
    gasUsed: { computationCost, storageCost, storageRebate, nonRefundableStorageFee },
    written,
    deleted,
    before,
    gasCoinId: gas.id,
    lamportVersion,
    balanceChanges: balanceChanges(before, written),
    epoch: ledger.currentEpoch(),
  };
}

/** The transaction could not pay for itself: only the gas coin changes, by the whole budget. */
execute.outOfGas = (ledger: Ledger, tx: TxData, budget: bigint): Omit<Outcome, 'epoch'> => {
  const { gasCoins } = precheck(ledger, tx);
  const before = new Map(gasCoins.map((coin) => [coin.id, coin]));
  const lamportVersion = gasCoins.reduce((max, coin) => (coin.version > max ? coin.version : max), 0n) + 1n;
  const gas: Coin = {
    ...gasCoins[0]!,
    balance: gasCoins.reduce((sum, coin) => sum + coin.balance, 0n) - budget,
    version: lamportVersion,
    digest: randomDigest(),
  };
  const deleted = gasCoins.slice(1);
  return {
    success: false,
    failure: { kind: 'InsufficientGas', message: 'InsufficientGas', command: null },
    gasUsed: { computationCost: budget, storageCost: 0n, storageRebate: 0n, nonRefundableStorageFee: 0n },
    written: [gas],
    deleted,
    before,
    gasCoinId: gas.id,
    lamportVersion,
    balanceChanges: balanceChanges(before, [gas]),
  };
};

/** Per owner: what the coins they held before and hold after add up to (merged coins count before only). */
function balanceChanges(before: Map<string, Coin>, written: Coin[]): Outcome['balanceChanges'] {
  const change = new Map<string, bigint>();
  const add = (owner: string, amount: bigint) => change.set(owner, (change.get(owner) ?? 0n) + amount);
  for (const coin of before.values()) add(coin.owner, -coin.balance);
  for (const coin of written) add(coin.owner, coin.balance);
  return [...change]
    .filter(([, amount]) => amount !== 0n)
    .map(([owner, amount]) => ({ address: owner, coinType: SUI_TYPE, amount: String(amount) }));
}
