/**
 * Who a dApp's transaction names as its sender and its gas owner, read from its JSON form
 * (Transaction.toJSON: `{ version: 2, sender, gasData: { owner } }`), so that the machine
 * refuses one for another address before anything else happens, a proof included. The
 * signing step checks the built transaction again (sui/node-client.ts): this read is
 * the early refusal, not the only one.
 *
 * Written here rather than with @mysten/sui's Transaction.from, whose transaction code the
 * wallet does not otherwise load until a transaction is signed.
 */
import { normalizedSuiAddress } from '../core/sui-address.ts';

export interface TransactionParties {
  /** The sender the transaction names; null when unset (the wallet sets this account). */
  sender: string | null;
  /** The gas owner the transaction names; null when unset (the sender pays). */
  gasOwner: string | null;
}

const UNREADABLE: TransactionParties = { sender: 'unreadable', gasOwner: 'unreadable' };

/**
 * The sender and gas owner of a transaction in its JSON form. A transaction that cannot be
 * read, that is not in the form the Wallet Standard's `toJSON` gives (version 2: an older
 * form keeps its gas owner elsewhere, and a dApp could hide one there), or that names a
 * party that is not an address, gives parties that match no account, so it is refused.
 */
export function transactionParties(json: string): TransactionParties {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return UNREADABLE;
  }
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== 2) return UNREADABLE;
  const { sender, gasData } = data as { sender?: unknown; gasData?: { owner?: unknown } };
  const party = (value: unknown) =>
    value === null || value === undefined ? null : (normalizedSuiAddress(value) ?? 'unreadable');
  const gasOwner = typeof gasData === 'object' && gasData !== null ? gasData.owner : undefined;
  return { sender: party(sender), gasOwner: party(gasOwner) };
}
