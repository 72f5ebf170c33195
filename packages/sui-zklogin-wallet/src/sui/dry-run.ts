/**
 * What a dry run says a dApp's transaction will do, as the wallet's dialog shows it: this
 * account's balance change per coin, every other address that gains and what, every object
 * of this account's that leaves it, and the gas budget of the bytes that "Approve" signs.
 * Pure: node-client.ts asks the node.
 */
import type { SuiClientTypes } from '@mysten/sui/client';
import { normalizeStructTag, normalizeSuiAddress, SUI_TYPE_ARG, toBase64 } from '@mysten/sui/utils';
import { SUI_COIN_TYPE } from '../core/sui-amount.ts';
import type { TransactionPreview } from '../core/sign-in.types.ts';
import { refusalMessage } from './node-errors.ts';

const SUI_NORMALIZED = normalizeStructTag(SUI_TYPE_ARG);

/**
 * One spelling per coin type, so that changes add up: the SDK's normal form (type
 * parameters included), and SUI as the dialog names it (`0x2::sui::SUI`).
 */
function coinTypeOf(coinType: string): string {
  const normalized = normalizeStructTag(coinType);
  return normalized === SUI_NORMALIZED ? SUI_COIN_TYPE : normalized;
}

/** Sums per key, dropping what nets to zero; SUI first. */
function totals<T extends { coinType: string }>(entries: (T & { amount: bigint })[], key: (entry: T) => string) {
  const sums = new Map<string, T & { amount: bigint }>();
  for (const entry of entries) {
    const id = key(entry);
    const sum = sums.get(id);
    sums.set(id, sum ? { ...sum, amount: sum.amount + entry.amount } : entry);
  }
  return [...sums.values()]
    .filter((entry) => entry.amount !== 0n)
    .sort((a, b) => Number(b.coinType === SUI_COIN_TYPE) - Number(a.coinType === SUI_COIN_TYPE));
}

/** What the dry run answered, and about which transaction. */
export interface DryRun {
  /** The built transaction (BCS): what "Approve" signs. */
  bytes: Uint8Array;
  /** The account the transaction is this account's for. */
  account: string;
  /** The built transaction's gas budget, in MIST. */
  gasBudget: string;
  /**
   * The coins the wallet's build chose to pay gas: the node merges them into the first
   * (and deletes the others), which is the wallet's doing, not the dApp's.
   */
  gasPayment: readonly string[];
  balanceChanges: readonly SuiClientTypes.BalanceChange[];
  changedObjects: readonly SuiClientTypes.ChangedObject[];
  /** Each changed object's Move type, by id, as far as the node gave them. */
  objectTypes: Readonly<Record<string, string>>;
}

type OkPreview = Extract<TransactionPreview, { status: 'ok' }>;

/** The address that owns an object directly (alone or through consensus); null for any other owner. */
function addressOwnerOf(owner: SuiClientTypes.ObjectOwner | null): string | null {
  if (owner?.$kind === 'AddressOwner') return normalizeSuiAddress(owner.AddressOwner);
  if (owner?.$kind === 'ConsensusAddressOwner') return normalizeSuiAddress(owner.ConsensusAddressOwner.owner);
  return null;
}

/** Who holds an object after the transaction, as the dialog names them. */
function newOwner(
  owner: SuiClientTypes.ObjectOwner | null,
): Extract<OkPreview['objectsOut'][number], { change: 'transferred' }>['to'] {
  const address = addressOwnerOf(owner);
  if (address) return { owner: 'address', id: address };
  if (owner?.$kind === 'ObjectOwner') return { owner: 'object', id: normalizeSuiAddress(owner.ObjectOwner) };
  return { owner: owner?.$kind === 'Shared' ? 'shared' : 'immutable' };
}

/**
 * This account's objects that the transaction takes from it. In effects V2 an object that
 * existed and is gone was deleted when its id was deleted, and wrapped into another
 * object otherwise; one written to another owner was transferred (or shared, or frozen).
 */
function objectsOut(run: DryRun): OkPreview['objectsOut'] {
  const ours = normalizeSuiAddress(run.account);
  const gasMerged = new Set(run.gasPayment.slice(1).map((id) => normalizeSuiAddress(id)));
  const typeOf = (id: string) => {
    const type = run.objectTypes[id] ?? run.objectTypes[normalizeSuiAddress(id)];
    return type ? normalizeStructTag(type) : null;
  };
  return run.changedObjects.flatMap((change): OkPreview['objectsOut'] => {
    const objectId = normalizeSuiAddress(change.objectId);
    if (change.inputState !== 'Exists' || addressOwnerOf(change.inputOwner) !== ours) return [];
    const object = { objectId, objectType: typeOf(change.objectId) };
    if (change.outputState === 'ObjectWrite') {
      return addressOwnerOf(change.outputOwner) === ours
        ? []
        : [{ ...object, change: 'transferred', to: newOwner(change.outputOwner) }];
    }
    if (change.outputState !== 'DoesNotExist' || gasMerged.has(objectId)) return [];
    return [{ ...object, change: change.idOperation === 'Deleted' ? 'deleted' : 'wrapped' }];
  });
}

export function previewOf(run: DryRun): OkPreview {
  const ours = normalizeSuiAddress(run.account);
  const changes = run.balanceChanges.map((change) => ({
    address: normalizeSuiAddress(change.address),
    coinType: coinTypeOf(change.coinType),
    amount: BigInt(change.amount),
  }));
  const own = totals(
    changes.filter((change) => change.address === ours),
    (change) => change.coinType,
  );
  const recipients = totals(
    changes.filter((change) => change.address !== ours && change.amount > 0n),
    (change) => `${change.address} ${change.coinType}`,
  );
  return {
    status: 'ok',
    bytes: toBase64(run.bytes),
    changes: own.map(({ coinType, amount }) => ({ coinType, amount: amount.toString() })),
    recipients: recipients.map(({ address, coinType, amount }) => ({ address, coinType, amount: amount.toString() })),
    objectsOut: objectsOut(run),
    gasBudget: run.gasBudget,
  };
}

/** Why a dry run's execution failed, as the node says it (made readable where we know the reason). */
export const dryRunFailure = (reason: string) => refusalMessage('run the transaction', reason);
