/**
 * Transactions as the mock node reads them, from either of the two forms a client sends:
 * the JSON form `simulateTransaction` takes (the gRPC `Transaction` message as JSON, which
 * is what `tx.build({ client })` sends, possibly with unresolved objects and no gas), and
 * BCS `TransactionData` (what `executeTransaction` and `{ bcs: { value } }` carry). Both
 * become one small shape, the programmable transaction's inputs and commands named as
 * in BCS. Anything outside what the mock executes is kept as `Unsupported` with its name,
 * so that the executor can refuse it by name.
 *
 * Written by hand: @mysten/sui converts between these forms in its client, but does not
 * export that converter, and the mock needs only this subset.
 */
import { bcs } from '@mysten/sui/bcs';
import { normalizeSuiAddress } from '@mysten/sui/utils';

export interface ObjectRef {
  objectId: string;
  version: string;
  digest: string;
}
export type Argument = { GasCoin: true } | { Input: number } | { Result: number } | { NestedResult: [number, number] };
export type Input =
  | { Pure: { bytes: string } }
  | { Object: { ImmOrOwnedObject: ObjectRef } }
  | { UnresolvedObject: { objectId: string; version?: string; digest?: string } }
  | { Unsupported: string };
export type Command =
  | { SplitCoins: { coin: Argument; amounts: Argument[] } }
  | { MergeCoins: { destination: Argument; sources: Argument[] } }
  | { TransferObjects: { objects: Argument[]; address: Argument } }
  | { Unsupported: string };
export interface TxData {
  sender: string | null;
  inputs: Input[];
  commands: Command[];
  gasData: { payment: ObjectRef[] | null; owner: string | null; price: string | null; budget: string | null };
  expiration: { None: true } | { Epoch: string } | { Unsupported: string };
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

function argumentFromJson(value: unknown): Argument {
  const arg = record(value);
  switch (arg.kind) {
    case 'GAS':
      return { GasCoin: true };
    case 'INPUT':
      return { Input: Number(arg.input ?? 0) };
    case 'RESULT':
      return arg.subresult === undefined
        ? { Result: Number(arg.result ?? 0) }
        : { NestedResult: [Number(arg.result ?? 0), Number(arg.subresult)] };
    default:
      throw new TypeError(`Unsupported argument kind: ${String(arg.kind)}`);
  }
}

function inputFromJson(value: unknown): Input {
  const input = record(value);
  if (input.kind === 'PURE') return { Pure: { bytes: String(input.pure ?? '') } };
  const objectId = text(input.objectId);
  if (input.kind === 'IMMUTABLE_OR_OWNED' && objectId) {
    return { Object: { ImmOrOwnedObject: { objectId, version: text(input.version) ?? '', digest: text(input.digest) ?? '' } } };
  }
  if (input.kind === undefined && objectId) {
    return {
      UnresolvedObject: {
        objectId,
        ...(text(input.version) ? { version: text(input.version)! } : {}),
        ...(text(input.digest) ? { digest: text(input.digest)! } : {}),
      },
    };
  }
  return { Unsupported: `input of kind ${String(input.kind ?? 'unknown')}` };
}

function commandFromJson(value: unknown): Command {
  const command = record(value);
  if (command.splitCoins) {
    const split = record(command.splitCoins);
    return {
      SplitCoins: { coin: argumentFromJson(split.coin), amounts: ((split.amounts as unknown[]) ?? []).map(argumentFromJson) },
    };
  }
  if (command.mergeCoins) {
    const merge = record(command.mergeCoins);
    return {
      MergeCoins: {
        destination: argumentFromJson(merge.coin),
        sources: ((merge.coinsToMerge as unknown[]) ?? []).map(argumentFromJson),
      },
    };
  }
  if (command.transferObjects) {
    const transfer = record(command.transferObjects);
    return {
      TransferObjects: {
        objects: ((transfer.objects as unknown[]) ?? []).map(argumentFromJson),
        address: argumentFromJson(transfer.address),
      },
    };
  }
  return { Unsupported: Object.keys(command)[0] ?? 'an empty command' };
}

/** The JSON `simulateTransaction` takes: the gRPC Transaction, or `{ bcs: { value } }`. */
export function fromJson(value: unknown): TxData {
  const json = record(value);
  const bcsValue = text(record(json.bcs).value);
  if (bcsValue) return fromBcs(Uint8Array.from(Buffer.from(bcsValue, 'base64')));
  const kind = record(json.kind);
  if (!kind.programmableTransaction) throw new TypeError('Only programmable transactions are supported');
  // Protobuf JSON leaves out empty lists.
  const programmable = record(kind.programmableTransaction);
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  const gas = record(json.gasPayment);
  const expiration = record(json.expiration);
  return {
    sender: text(json.sender) ? normalizeSuiAddress(text(json.sender)!) : null,
    inputs: list(programmable.inputs).map(inputFromJson),
    commands: list(programmable.commands).map(commandFromJson),
    gasData: {
      payment: Array.isArray(gas.objects) && gas.objects.length > 0 ? gas.objects.map((ref) => toRef(record(ref))) : null,
      owner: text(gas.owner),
      price: text(gas.price),
      budget: text(gas.budget),
    },
    expiration:
      expiration.kind === 'EPOCH'
        ? { Epoch: text(expiration.epoch) ?? '0' }
        : expiration.kind === undefined || expiration.kind === 'NONE'
          ? { None: true }
          : { Unsupported: `expiration ${String(expiration.kind)}` },
  };
}

const toRef = (ref: Json): ObjectRef => ({
  objectId: text(ref.objectId) ?? '',
  version: text(ref.version) ?? '',
  digest: text(ref.digest) ?? '',
});

type ParsedData = ReturnType<typeof bcs.TransactionData.parse>;
type ParsedV1 = Extract<ParsedData, { $kind: 'V1' }>['V1'];
type ParsedInput = Extract<ParsedV1['kind'], { $kind: 'ProgrammableTransaction' }>['ProgrammableTransaction']['inputs'][number];
type ParsedCommand = Extract<
  ParsedV1['kind'],
  { $kind: 'ProgrammableTransaction' }
>['ProgrammableTransaction']['commands'][number];
type ParsedArgument = Extract<ParsedCommand, { $kind: 'SplitCoins' }>['SplitCoins']['coin'];

function argumentFromBcs(arg: ParsedArgument): Argument {
  if (arg.$kind === 'GasCoin') return { GasCoin: true };
  if (arg.$kind === 'Input') return { Input: arg.Input };
  if (arg.$kind === 'Result') return { Result: arg.Result };
  if (arg.$kind === 'NestedResult') return { NestedResult: [arg.NestedResult[0], arg.NestedResult[1]] };
  throw new TypeError('Unsupported argument');
}

function inputFromBcs(input: ParsedInput): Input {
  if (input.$kind === 'Pure') return { Pure: { bytes: input.Pure.bytes } };
  if (input.$kind === 'Object' && input.Object.$kind === 'ImmOrOwnedObject')
    return { Object: { ImmOrOwnedObject: input.Object.ImmOrOwnedObject } };
  return { Unsupported: input.$kind === 'Object' ? `${input.Object.$kind} input` : `${input.$kind} input` };
}

function commandFromBcs(command: ParsedCommand): Command {
  switch (command.$kind) {
    case 'SplitCoins':
      return {
        SplitCoins: { coin: argumentFromBcs(command.SplitCoins.coin), amounts: command.SplitCoins.amounts.map(argumentFromBcs) },
      };
    case 'MergeCoins':
      return {
        MergeCoins: {
          destination: argumentFromBcs(command.MergeCoins.destination),
          sources: command.MergeCoins.sources.map(argumentFromBcs),
        },
      };
    case 'TransferObjects':
      return {
        TransferObjects: {
          objects: command.TransferObjects.objects.map(argumentFromBcs),
          address: argumentFromBcs(command.TransferObjects.address),
        },
      };
    default:
      return { Unsupported: command.$kind };
  }
}

/** BCS TransactionData, as `executeTransaction` carries it. Throws on bytes that do not parse. */
export function fromBcs(bytes: Uint8Array): TxData {
  const data = bcs.TransactionData.parse(bytes);
  if (data.$kind !== 'V1') throw new TypeError('Unsupported TransactionData version');
  const v1 = data.V1;
  if (v1.kind.$kind !== 'ProgrammableTransaction') throw new TypeError(`Unsupported transaction kind: ${v1.kind.$kind}`);
  const { inputs, commands } = v1.kind.ProgrammableTransaction;
  return {
    sender: normalizeSuiAddress(v1.sender),
    inputs: inputs.map(inputFromBcs),
    commands: commands.map(commandFromBcs),
    gasData: {
      payment: v1.gasData.payment,
      owner: v1.gasData.owner,
      price: String(v1.gasData.price),
      budget: String(v1.gasData.budget),
    },
    expiration:
      v1.expiration.$kind === 'None'
        ? { None: true }
        : v1.expiration.$kind === 'Epoch'
          ? { Epoch: String(v1.expiration.Epoch) }
          : { Unsupported: `expiration ${v1.expiration.$kind}` },
  };
}

/** BCS of a fully resolved transaction (every object resolved, gas set). */
export function toBcs(tx: TxData): Uint8Array {
  const { payment, owner, price, budget } = tx.gasData;
  if (!tx.sender || !payment || !price || !budget) throw new TypeError('The transaction is not resolved');
  const inputs = tx.inputs.map((input) => {
    if ('Pure' in input || 'Object' in input) return input;
    throw new TypeError('The transaction has an unresolved or unsupported input');
  });
  const commands = tx.commands.map((command) => {
    if ('Unsupported' in command) throw new TypeError(`Unsupported command: ${command.Unsupported}`);
    return command;
  });
  if ('Unsupported' in tx.expiration) throw new TypeError(`Unsupported ${tx.expiration.Unsupported}`);
  return bcs.TransactionData.serialize({
    V1: {
      kind: { ProgrammableTransaction: { inputs, commands } },
      sender: tx.sender,
      gasData: { payment, owner: owner ?? tx.sender, price, budget },
      expiration: tx.expiration,
    },
  }).toBytes();
}
