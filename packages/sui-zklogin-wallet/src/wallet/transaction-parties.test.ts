import { Transaction } from '@mysten/sui/transactions';
import { describe, expect, it } from 'vitest';
import { normalizedSuiAddress } from '../core/sui-address.ts';
import { transactionParties } from './transaction-parties.ts';

const A = `0x${'a1'.repeat(32)}`;
const B = `0x${'b2'.repeat(32)}`;

describe("a transaction's parties, as the wallet reads them from its JSON", () => {
  it('reads the sender and gas owner Transaction.toJSON writes, normalised; null when unset', async () => {
    const json = async (prepare: (tx: Transaction) => void) => {
      const tx = new Transaction();
      prepare(tx);
      return tx.toJSON();
    };
    expect(transactionParties(await json(() => {}))).toEqual({ sender: null, gasOwner: null });
    expect(transactionParties(await json((tx) => tx.setSender(A)))).toEqual({ sender: A, gasOwner: null });
    expect(transactionParties(await json((tx) => (tx.setSender(A), tx.setGasOwner(B))))).toEqual({ sender: A, gasOwner: B });
    expect(transactionParties(JSON.stringify({ version: 2, sender: '0x2', gasData: { owner: null } }))).toEqual({
      sender: `0x${'0'.repeat(63)}2`,
      gasOwner: null,
    });
  });

  it('gives parties that match no account for anything it cannot read', () => {
    for (const text of [
      'not json',
      'null',
      '42',
      JSON.stringify({ sender: 'nobody' }),
      JSON.stringify({ gasData: { owner: 7 } }),
    ]) {
      const parties = transactionParties(text);
      expect(
        [parties.sender, parties.gasOwner].some((party) => party !== null && normalizedSuiAddress(party) === null),
        text,
      ).toBe(true);
    }
  });
});
