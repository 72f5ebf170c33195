/**
 * What a dApp's transaction asks the chain to do, command by command, read from its JSON
 * form (Transaction.toJSON, version 2: `{ inputs, commands }`), for the wallet's dialog.
 * It needs no node, so the dialog shows it even when the dry run cannot be made. Each
 * command keeps what the visitor can judge: which Move function is called, how many
 * objects go to which address, which coins are split or merged, a package published.
 *
 * Read by hand, like transaction-parties.ts: the dialog's chunk does not load
 * @mysten/sui's transaction code for it.
 */
import { fromBase64 } from '@mysten/utils';
import { normalizedSuiAddress } from '../core/sui-address.ts';

/** Where a command's value comes from, as the transaction names it. */
export type CommandArgument =
  | { kind: 'gas' }
  | { kind: 'object'; objectId: string }
  | { kind: 'pure'; bytes: Uint8Array | null; value: unknown }
  /** A result of an earlier command: `command` counts from 1, `index` too when the command gave several. */
  | { kind: 'result'; command: number; index: number | null }
  | { kind: 'unreadable' };

export type TransactionCommand =
  | { kind: 'MoveCall'; package: string; module: string; function: string; typeArguments: string[] }
  /** `recipient`: the address when it is written in the transaction; null when a command computes it. */
  | { kind: 'TransferObjects'; objects: CommandArgument[]; recipient: string | null }
  /** `amounts`: each new coin's amount in the coin's smallest unit, null where a command computes it. */
  | { kind: 'SplitCoins'; coin: CommandArgument; amounts: (bigint | null)[] }
  | { kind: 'MergeCoins'; destination: CommandArgument; sources: CommandArgument[] }
  | { kind: 'Publish'; modules: number; dependencies: string[] }
  | { kind: 'Upgrade'; package: string; modules: number }
  | { kind: 'MakeMoveVec'; type: string | null; elements: number }
  /** A step the SDK fills in when the wallet builds it (`CoinWithBalance`: a coin of some balance). */
  | { kind: 'Intent'; name: string }
  | { kind: 'Unknown'; name: string };

type Json = Record<string, unknown>;
const record = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Its only key, as the JSON form writes an enum (`{ "SplitCoins": { … } }`). */
function variant(value: unknown): [string, unknown] | null {
  const object = record(value);
  const keys = object ? Object.keys(object).filter((key) => key !== '$kind') : [];
  return object && keys.length === 1 ? [keys[0]!, object[keys[0]!]] : null;
}

function pureBytes(base64: unknown): Uint8Array | null {
  try {
    return typeof base64 === 'string' ? fromBase64(base64) : null;
  } catch {
    return null;
  }
}

function argumentOf(value: unknown, inputs: unknown[]): CommandArgument {
  const [kind, body] = variant(value) ?? [];
  if (kind === 'GasCoin') return { kind: 'gas' };
  if (kind === 'Result' && typeof body === 'number') return { kind: 'result', command: body + 1, index: null };
  if (kind === 'NestedResult' && Array.isArray(body) && body.every((n) => typeof n === 'number')) {
    return { kind: 'result', command: (body[0] as number) + 1, index: (body[1] as number) + 1 };
  }
  if (kind !== 'Input' || typeof body !== 'number') return { kind: 'unreadable' };
  const [inputKind, input] = variant(inputs[body]) ?? [];
  const inputBody = record(input);
  if (inputKind === 'Pure') return { kind: 'pure', bytes: pureBytes(inputBody?.bytes), value: undefined };
  if (inputKind === 'UnresolvedPure') return { kind: 'pure', bytes: null, value: inputBody?.value };
  if (inputKind === 'UnresolvedObject') return objectArgument(inputBody?.objectId);
  if (inputKind === 'Object') {
    const [, reference] = variant(input) ?? [];
    return objectArgument(record(reference)?.objectId);
  }
  return { kind: 'unreadable' };
}

function objectArgument(id: unknown): CommandArgument {
  const objectId = normalizedSuiAddress(id);
  return objectId ? { kind: 'object', objectId } : { kind: 'unreadable' };
}

/** A pure argument read as an address: 32 bytes, or a value the SDK resolves later. */
function addressOf(argument: CommandArgument): string | null {
  if (argument.kind !== 'pure') return null;
  if (argument.bytes) {
    if (argument.bytes.length !== 32) return null;
    return normalizedSuiAddress(`0x${Array.from(argument.bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`);
  }
  return normalizedSuiAddress(argument.value);
}

/** A pure argument read as a u64 (eight bytes, little-endian), or a number the SDK resolves later. */
function amountOf(argument: CommandArgument): bigint | null {
  if (argument.kind !== 'pure') return null;
  if (argument.bytes) {
    if (argument.bytes.length !== 8) return null;
    return argument.bytes.reduceRight((sum, byte) => sum * 256n + BigInt(byte), 0n);
  }
  const value = argument.value;
  try {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? BigInt(value) : null;
  } catch {
    return null;
  }
}

function commandOf(value: unknown, inputs: unknown[]): TransactionCommand {
  const [kind = 'unreadable', body] = variant(value) ?? [];
  const fields = record(body) ?? {};
  const argument = (field: unknown) => argumentOf(field, inputs);
  switch (kind) {
    case 'MoveCall':
      return {
        kind,
        package: normalizedSuiAddress(fields.package) ?? text(fields.package),
        module: text(fields.module),
        function: text(fields.function),
        typeArguments: list(fields.typeArguments).map(text),
      };
    case 'TransferObjects':
      return { kind, objects: list(fields.objects).map(argument), recipient: addressOf(argument(fields.address)) };
    case 'SplitCoins':
      return { kind, coin: argument(fields.coin), amounts: list(fields.amounts).map((amount) => amountOf(argument(amount))) };
    case 'MergeCoins':
      return { kind, destination: argument(fields.destination), sources: list(fields.sources).map(argument) };
    case 'Publish':
      return { kind, modules: list(fields.modules).length, dependencies: list(fields.dependencies).map(text) };
    case 'Upgrade':
      return {
        kind,
        package: normalizedSuiAddress(fields.package) ?? text(fields.package),
        modules: list(fields.modules).length,
      };
    case 'MakeMoveVec':
      return { kind, type: typeof fields.type === 'string' ? fields.type : null, elements: list(fields.elements).length };
    case '$Intent':
      return { kind: 'Intent', name: text(fields.name) || 'unnamed' };
    default:
      return { kind: 'Unknown', name: kind };
  }
}

/** The transaction's commands in order; null when its JSON cannot be read as version 2. */
export function transactionCommands(json: string): TransactionCommand[] | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const transaction = record(data);
  if (!transaction || transaction.version !== 2 || !Array.isArray(transaction.commands)) return null;
  const inputs = list(transaction.inputs);
  return transaction.commands.map((command) => commandOf(command, inputs));
}
