/**
 * What a dry run says a dApp's transaction will do, as the wallet's dialog shows it: this
 * account's balance change per coin, every other address that gains and what, and the gas
 * budget of the bytes that "Approve" signs. Pure: node-client.ts asks the node.
 */
import type { SuiClientTypes } from '@mysten/sui/client';
import { normalizeStructTag, normalizeSuiAddress, SUI_TYPE_ARG, toBase64 } from '@mysten/sui/utils';
import { SUI_COIN_TYPE } from '../../core/sui-amount.ts';
import type { TransactionPreview } from '../../core/sign-in.types.ts';
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

/** `gasBudget`: the built transaction's, in MIST (the bytes' own: the caller built them). */
export function previewOf(
  bytes: Uint8Array,
  balanceChanges: readonly SuiClientTypes.BalanceChange[],
  account: string,
  gasBudget: string,
): Extract<TransactionPreview, { status: 'ok' }> {
  const ours = normalizeSuiAddress(account);
  const changes = balanceChanges.map((change) => ({
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
    bytes: toBase64(bytes),
    changes: own.map(({ coinType, amount }) => ({ coinType, amount: amount.toString() })),
    recipients: recipients.map(({ address, coinType, amount }) => ({ address, coinType, amount: amount.toString() })),
    gasBudget,
  };
}

/** Why a dry run's execution failed, as the node says it (made readable where we know the reason). */
export const dryRunFailure = (reason: string) => refusalMessage('run the transaction', reason);
