/**
 * What the dialog is told leaves the account, read from a dry run's effects: each of this
 * account's objects transferred (to an address, an object, shared or frozen), wrapped or
 * deleted, with its type; never what stays, what is new, what was someone else's, or the
 * coins the wallet's own gas payment merged away.
 */
import type { SuiClientTypes } from '@mysten/sui/client';
import { describe, expect, it } from 'vitest';
import { previewOf, type DryRun } from './dry-run.ts';

const id = (byte: string) => `0x${byte.repeat(32)}`;
const ACCOUNT = id('a1');
const BOB = id('b2');
const COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>';
const COIN_TYPE_LONG = `0x${'0'.repeat(63)}2::coin::Coin<0x${'0'.repeat(63)}2::sui::SUI>`;

const address = (owner: string): SuiClientTypes.ObjectOwner => ({ $kind: 'AddressOwner', AddressOwner: owner });

/** A changed object as the SDK reads effects: from `input` (owner, or absent) to `output` (owner, or gone). */
function changed(
  objectId: string,
  input: SuiClientTypes.ObjectOwner | null,
  output: SuiClientTypes.ObjectOwner | null,
  idOperation: SuiClientTypes.ChangedObject['idOperation'] = 'None',
): SuiClientTypes.ChangedObject {
  return {
    objectId,
    inputState: input ? 'Exists' : 'DoesNotExist',
    inputVersion: input ? '1' : null,
    inputDigest: null,
    inputOwner: input,
    outputState: output ? 'ObjectWrite' : 'DoesNotExist',
    outputVersion: output ? '2' : null,
    outputDigest: null,
    outputOwner: output,
    idOperation,
  };
}

const run = (extra: Partial<DryRun>): DryRun => ({
  bytes: new Uint8Array([1, 2, 3]),
  account: ACCOUNT,
  gasBudget: '2000000',
  gasPayment: [id('01')],
  balanceChanges: [],
  changedObjects: [],
  objectTypes: {},
  ...extra,
});

describe('the objects a dry run says leave the account', () => {
  it('a coin sent whole to another address: transferred, to it, with its type', () => {
    const preview = previewOf(
      run({
        changedObjects: [
          changed(id('01'), address(ACCOUNT), address(ACCOUNT)),
          changed(id('c1'), address(ACCOUNT), address(BOB)),
        ],
        objectTypes: { [id('01')]: COIN_TYPE_LONG, [id('c1')]: COIN_TYPE_LONG },
        balanceChanges: [
          { address: ACCOUNT, coinType: '0x2::sui::SUI', amount: '-1001000' },
          { address: BOB, coinType: '0x2::sui::SUI', amount: '1000000' },
        ],
      }),
    );
    expect(preview.objectsOut).toEqual([
      { objectId: id('c1'), objectType: COIN_TYPE_LONG, change: 'transferred', to: { owner: 'address', id: BOB } },
    ]);
    expect(preview.recipients).toEqual([{ address: BOB, coinType: '0x2::sui::SUI', amount: '1000000' }]);
  });

  it('given to an object, shared or frozen: transferred, naming the new owner', () => {
    const { objectsOut } = previewOf(
      run({
        changedObjects: [
          changed(id('c1'), address(ACCOUNT), { $kind: 'ObjectOwner', ObjectOwner: id('d4') }),
          changed(id('c2'), address(ACCOUNT), { $kind: 'Shared', Shared: { initialSharedVersion: '2' } }),
          changed(id('c3'), address(ACCOUNT), { $kind: 'Immutable', Immutable: true }),
        ],
        objectTypes: { [id('c1')]: '0xabc::nft::Nft' },
      }),
    );
    expect(objectsOut).toEqual([
      {
        objectId: id('c1'),
        objectType: `0x${'0'.repeat(61)}abc::nft::Nft`,
        change: 'transferred',
        to: { owner: 'object', id: id('d4') },
      },
      { objectId: id('c2'), objectType: null, change: 'transferred', to: { owner: 'shared' } },
      { objectId: id('c3'), objectType: null, change: 'transferred', to: { owner: 'immutable' } },
    ]);
  });

  it('gone with its id deleted: deleted; gone with its id kept: wrapped into another object', () => {
    const { objectsOut } = previewOf(
      run({
        changedObjects: [changed(id('c1'), address(ACCOUNT), null, 'Deleted'), changed(id('c2'), address(ACCOUNT), null, 'None')],
        objectTypes: { [id('c1')]: COIN_TYPE },
      }),
    );
    expect(objectsOut).toEqual([
      { objectId: id('c1'), objectType: COIN_TYPE_LONG, change: 'deleted' },
      { objectId: id('c2'), objectType: null, change: 'wrapped' },
    ]);
  });

  it("never what stays, what is new, someone else's, or the gas coins merged into the first (the wallet's own doing)", () => {
    const { objectsOut } = previewOf(
      run({
        gasPayment: [id('01'), id('02')],
        changedObjects: [
          changed(id('01'), address(ACCOUNT), address(ACCOUNT)),
          changed(id('02'), address(ACCOUNT), null, 'Deleted'),
          changed(id('c1'), null, address(BOB), 'Created'),
          changed(id('c2'), address(BOB), address(ACCOUNT)),
          changed(
            id('c3'),
            { $kind: 'ConsensusAddressOwner', ConsensusAddressOwner: { startVersion: '1', owner: ACCOUNT } },
            address(ACCOUNT),
          ),
        ],
      }),
    );
    expect(objectsOut).toEqual([]);
  });
});
