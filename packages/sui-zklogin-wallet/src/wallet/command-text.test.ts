/**
 * What the dialog says of each command and each object leaving the account: system
 * packages short, any other package in full, objects' ids shortened, recipients in full.
 */
import { describe, expect, it } from 'vitest';
import { commandWords, moveName, objectId, objectWords, type Words } from './command-text.ts';

const id = (byte: string) => `0x${byte.repeat(32)}`;
const BOB = id('b4');
const SYSTEM = (digit: string) => `0x${digit.padStart(64, '0')}`;
/** The sentence as read, code in backticks. */
const read = (words: Words) => words.map((word) => (typeof word === 'string' ? word : `\`${word.code}\``)).join('');

describe('Move names and ids', () => {
  it('system addresses short, any other in full; object ids shortened', () => {
    expect(moveName(`${SYSTEM('2')}::coin::Coin<${SYSTEM('2')}::sui::SUI>`)).toBe('0x2::coin::Coin<0x2::sui::SUI>');
    expect(moveName(`${SYSTEM('dee9')}::clob::Pool`)).toBe('0xdee9::clob::Pool');
    expect(moveName(`${id('ab')}::usdc::USDC`)).toBe(`${id('ab')}::usdc::USDC`);
    expect(moveName(`0x${'0'.repeat(59)}12345::fake::Coin`)).toBe(`0x${'0'.repeat(59)}12345::fake::Coin`);
    expect(objectId(id('5f'))).toBe('0x5f5f…5f5f');
    expect(objectId(SYSTEM('6'))).toBe('0x6');
  });
});

describe('what each command says', () => {
  it('a Move call: package, module and function, with its type arguments', () => {
    expect(
      read(
        commandWords({
          kind: 'MoveCall',
          package: SYSTEM('2'),
          module: 'coin',
          function: 'split',
          typeArguments: ['0x2::sui::SUI'],
        }),
      ),
    ).toBe('Call `0x2::coin::split<0x2::sui::SUI>`');
    expect(read(commandWords({ kind: 'MoveCall', package: id('ab'), module: 'pool', function: 'swap', typeArguments: [] }))).toBe(
      `Call \`${id('ab')}::pool::swap\``,
    );
  });

  it('a transfer: how many objects, which, and to whom', () => {
    expect(
      read(
        commandWords({
          kind: 'TransferObjects',
          objects: [{ kind: 'result', command: 1, index: 1 }, { kind: 'object', objectId: id('05') }, { kind: 'gas' }],
          recipient: BOB,
        }),
      ),
    ).toBe(`Transfer 3 objects (result 1 of command 1, \`0x0505…0505\` and your SUI gas coin) to \`${BOB}\``);
    expect(
      read(commandWords({ kind: 'TransferObjects', objects: [{ kind: 'object', objectId: id('05') }], recipient: null })),
    ).toBe('Transfer 1 object (`0x0505…0505`) to an address the transaction computes');
  });

  it('splits, merges, vectors, packages, intents, and what it cannot read', () => {
    expect(read(commandWords({ kind: 'SplitCoins', coin: { kind: 'gas' }, amounts: [250_000_000n, null] }))).toBe(
      'Split 2 new coins off your SUI gas coin: 0.25 SUI, an amount the transaction computes',
    );
    expect(read(commandWords({ kind: 'SplitCoins', coin: { kind: 'object', objectId: id('07') }, amounts: [5n] }))).toBe(
      'Split 1 new coin off `0x0707…0707`: 5 (smallest unit)',
    );
    expect(
      read(
        commandWords({
          kind: 'MergeCoins',
          destination: { kind: 'gas' },
          sources: [{ kind: 'object', objectId: id('06') }, { kind: 'unreadable' }],
        }),
      ),
    ).toBe('Merge 2 coins (`0x0606…0606` and something this wallet cannot read) into your SUI gas coin');
    expect(read(commandWords({ kind: 'MakeMoveVec', type: `${SYSTEM('2')}::coin::Coin<0x2::sui::SUI>`, elements: 2 }))).toBe(
      'Make a vector of 2 elements of type `0x2::coin::Coin<0x2::sui::SUI>`',
    );
    expect(read(commandWords({ kind: 'Publish', modules: 1, dependencies: [] }))).toBe('Publish a new Move package of 1 module');
    expect(read(commandWords({ kind: 'Upgrade', package: id('ab'), modules: 3 }))).toBe(
      `Upgrade the Move package \`${id('ab')}\` with 3 modules`,
    );
    expect(read(commandWords({ kind: 'Intent', name: 'CoinWithBalance' }))).toMatch(/CoinWithBalance/);
    expect(read(commandWords({ kind: 'Unknown', name: 'Teleport' }))).toBe('A command this wallet cannot read (Teleport)');
  });
});

describe('what each object leaving the account says', () => {
  const coin = { objectId: id('c1'), objectType: `${SYSTEM('2')}::coin::Coin<${SYSTEM('2')}::sui::SUI>` };
  it('its type and id, and where it goes', () => {
    expect(read(objectWords({ ...coin, change: 'transferred', to: { owner: 'address', id: BOB } }))).toBe(
      `\`0x2::coin::Coin<0x2::sui::SUI>\` \`0xc1c1…c1c1\`: transferred to \`${BOB}\``,
    );
    expect(read(objectWords({ ...coin, change: 'transferred', to: { owner: 'object', id: id('d4') } }))).toMatch(
      /transferred to object `0xd4d4…d4d4`$/,
    );
    expect(read(objectWords({ ...coin, change: 'transferred', to: { owner: 'shared' } }))).toMatch(/made shared/);
    expect(read(objectWords({ ...coin, change: 'transferred', to: { owner: 'immutable' } }))).toMatch(/frozen/);
    expect(read(objectWords({ ...coin, change: 'wrapped' }))).toMatch(/: wrapped into another object$/);
    expect(read(objectWords({ objectId: id('c1'), objectType: null, change: 'deleted' }))).toBe(
      'An object `0xc1c1…c1c1` (the node did not give its type): deleted',
    );
  });
});
