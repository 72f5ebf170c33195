/**
 * A dApp's transaction read command by command from its JSON, as Transaction.toJSON writes
 * it: every kind the dialog names, the recipient of a transfer when it is written in the
 * transaction, amounts of a split, and a transaction that cannot be read.
 */
import { Transaction } from '@mysten/sui/transactions';
import { describe, expect, it } from 'vitest';
import { transactionCommands } from './transaction-commands.ts';

const id = (byte: string) => `0x${byte.repeat(32)}`;
const BOB = id('b4');

describe("a transaction's commands, read from its JSON", () => {
  it('each kind of command, with what the dialog shows of it', async () => {
    const tx = new Transaction();
    const [coin] = tx.splitCoins(tx.gas, [1_000n, tx.pure.u64(5)]);
    tx.transferObjects([coin!, tx.object(id('05'))], BOB);
    tx.mergeCoins(tx.object(id('06')), [tx.object(id('07'))]);
    tx.moveCall({ target: '0x2::coin::split', typeArguments: ['0x2::sui::SUI'], arguments: [tx.gas, tx.pure.u64(1)] });
    const [made] = tx.moveCall({ target: `${id('ab')}::pool::swap` });
    tx.makeMoveVec({ type: '0x2::coin::Coin<0x2::sui::SUI>', elements: [tx.object(id('08'))] });
    tx.transferObjects([tx.object(id('09'))], made!);
    tx.publish({ modules: ['AQI=', 'AwQ='], dependencies: ['0x1', '0x2'] });
    expect(transactionCommands(await tx.toJSON())).toEqual([
      { kind: 'SplitCoins', coin: { kind: 'gas' }, amounts: [1_000n, 5n] },
      {
        kind: 'TransferObjects',
        objects: [
          { kind: 'result', command: 1, index: 1 },
          { kind: 'object', objectId: id('05') },
        ],
        recipient: BOB,
      },
      {
        kind: 'MergeCoins',
        destination: { kind: 'object', objectId: id('06') },
        sources: [{ kind: 'object', objectId: id('07') }],
      },
      {
        kind: 'MoveCall',
        package: id('00').slice(0, -1) + '2',
        module: 'coin',
        function: 'split',
        typeArguments: ['0x2::sui::SUI'],
      },
      { kind: 'MoveCall', package: id('ab'), module: 'pool', function: 'swap', typeArguments: [] },
      { kind: 'MakeMoveVec', type: '0x2::coin::Coin<0x2::sui::SUI>', elements: 1 },
      // The recipient is a Move call's result: computed on chain, so no address to show.
      { kind: 'TransferObjects', objects: [{ kind: 'object', objectId: id('09') }], recipient: null },
      { kind: 'Publish', modules: 2, dependencies: [id('00').slice(0, -1) + '1', id('00').slice(0, -1) + '2'] },
    ]);
  });

  it('an upgrade, an intent and a command it does not know, by name', () => {
    const json = JSON.stringify({
      version: 2,
      inputs: [{ Pure: { bytes: 'AA==' } }],
      commands: [
        { Upgrade: { modules: ['AQI='], dependencies: [], package: '0xcafe', ticket: { Result: 0 } } },
        { $Intent: { name: 'CoinWithBalance', inputs: {}, data: {} } },
        { Teleport: {} },
        // An address that is not 32 bytes is not shown as one.
        { TransferObjects: { objects: [{ GasCoin: true }], address: { Input: 0 } } },
      ],
    });
    expect(transactionCommands(json)).toEqual([
      { kind: 'Upgrade', package: `0x${'cafe'.padStart(64, '0')}`, modules: 1 },
      { kind: 'Intent', name: 'CoinWithBalance' },
      { kind: 'Unknown', name: 'Teleport' },
      { kind: 'TransferObjects', objects: [{ kind: 'gas' }], recipient: null },
    ]);
  });

  it('unresolved values are read as the SDK would resolve them', () => {
    const json = JSON.stringify({
      version: 2,
      inputs: [{ UnresolvedPure: { value: '0xb4' } }, { UnresolvedPure: { value: '250' } }],
      commands: [
        { SplitCoins: { coin: { GasCoin: true }, amounts: [{ Input: 1 }, { Result: 7 }] } },
        { TransferObjects: { objects: [{ Result: 0 }], address: { Input: 0 } } },
      ],
    });
    expect(transactionCommands(json)).toEqual([
      { kind: 'SplitCoins', coin: { kind: 'gas' }, amounts: [250n, null] },
      {
        kind: 'TransferObjects',
        objects: [{ kind: 'result', command: 1, index: null }],
        recipient: `0x${'b4'.padStart(64, '0')}`,
      },
    ]);
  });

  it('not JSON, or not the version 2 form: unreadable (null)', () => {
    expect(transactionCommands('{')).toBeNull();
    expect(transactionCommands('{"version": 1, "commands": []}')).toBeNull();
    expect(transactionCommands('[]')).toBeNull();
  });
});
