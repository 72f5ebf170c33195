/**
 * The mock Sui node's state: SUI coin objects (id, version, digest, owner, balance), the
 * executed transactions, and the chain's constants (reference gas price, chain
 * identifier). The current epoch follows the mock login service's clock, so a session's
 * maxEpoch means the same thing to both. Plain data and small operations; the executor
 * (execute.ts) decides what a transaction does to it.
 */
import { toBase58, toHex } from '@mysten/utils';
import { normalizeSuiAddress } from '@mysten/sui/utils';
import { EPOCH_MS, MOCK_GENESIS } from '../login-service/handlers.ts';

export const MIST_PER_SUI = 1_000_000_000n;
export const SUI_COIN_TYPE =
  '0x0000000000000000000000000000000000000000000000000000000000000002::coin::Coin<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>';
export const SUI_TYPE = '0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI';

export interface Coin {
  id: string;
  version: bigint;
  digest: string;
  owner: string;
  balance: bigint;
  /** The transaction that last wrote it. */
  previousTransaction: string;
}

export interface ExecutedTransaction {
  digest: string;
  /** BCS TransactionData, base64. */
  transactionBcs: string;
  signatures: string[];
  /** BCS TransactionEffects, base64. */
  effectsBcs: string;
  success: boolean;
  error: string | null;
  epoch: number;
  timestamp: string;
  balanceChanges: { address: string; coinType: string; amount: string }[];
  /** Each object it touched, as it was and as it is (effects.ts's ObjectChange). */
  objectChanges: { id: string; before?: Coin; after?: Coin }[];
}

export interface LedgerOptions {
  /** How long an epoch lasts; the login service must be given the same. */
  epochMs?: number;
  now?: () => number;
  referenceGasPrice?: bigint;
}

export const randomDigest = () => toBase58(crypto.getRandomValues(new Uint8Array(32)));
export const randomObjectId = () => `0x${toHex(crypto.getRandomValues(new Uint8Array(32)))}`;

export function createLedger(options: LedgerOptions = {}) {
  const now = options.now ?? Date.now;
  const epochMs = options.epochMs ?? EPOCH_MS;
  const coins = new Map<string, Coin>();
  const transactions = new Map<string, ExecutedTransaction>();
  const chainIdentifier = randomDigest();
  return {
    coins,
    transactions,
    chainIdentifier,
    referenceGasPrice: options.referenceGasPrice ?? 1000n,
    epochMs,
    currentEpoch: () => Math.floor((now() - MOCK_GENESIS) / epochMs),
    epochStart: () => new Date(MOCK_GENESIS + Math.floor((now() - MOCK_GENESIS) / epochMs) * epochMs).toISOString(),
    now,
    coinsOf(owner: string): Coin[] {
      const normalized = normalizeSuiAddress(owner);
      return [...coins.values()].filter((coin) => coin.owner === normalized).sort((a, b) => (a.balance > b.balance ? -1 : 1));
    },
    balanceOf(owner: string): bigint {
      return this.coinsOf(owner).reduce((sum, coin) => sum + coin.balance, 0n);
    },
    /** A new coin out of nothing (the faucet's mint). */
    mint(owner: string, balance: bigint, transaction: string): Coin {
      const coin = {
        id: randomObjectId(),
        version: 1n,
        digest: randomDigest(),
        owner: normalizeSuiAddress(owner),
        balance,
        previousTransaction: transaction,
      };
      coins.set(coin.id, coin);
      return coin;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
