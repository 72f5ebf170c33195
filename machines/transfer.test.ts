import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSui } from '../src/ui/transfer-messages.ts';
import { checkTransfer, isSuiAddress, MIST_PER_SUI, parseSuiAmount } from './transfer.ts';

const BOB = `0x${'b0'.repeat(32)}`;

describe('the rules of a transfer', () => {
  it('reads amounts of SUI as MIST, with at most nine decimals', () => {
    expect(parseSuiAmount('0.5')).toBe(500_000_000n);
    expect(parseSuiAmount('1')).toBe(MIST_PER_SUI);
    expect(parseSuiAmount('.25')).toBe(250_000_000n);
    expect(parseSuiAmount('2.')).toBe(2n * MIST_PER_SUI);
    expect(parseSuiAmount(' 0.000000001 ')).toBe(1n);
    for (const bad of ['', '.', 'abc', '1e9', '-1', '0.0000000001', '1,5', '0x10', '1.2.3'])
      expect(parseSuiAmount(bad), bad).toBeNull();
  });

  it('formats MIST back to the same SUI text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (mist) => {
        expect(parseSuiAmount(formatSui(mist).replace(/,/g, ''))).toBe(mist);
      }),
    );
    expect(formatSui(1_500_000_000n)).toBe('1.5');
    expect(formatSui('0')).toBe('0');
    expect(formatSui(1_234_000_000_000n)).toBe('1,234');
  });

  it('a recipient is 0x and 64 hex digits', () => {
    expect(isSuiAddress(BOB)).toBe(true);
    expect(isSuiAddress(BOB.toUpperCase().replace('0X', '0x'))).toBe(true);
    for (const bad of ['0x1', BOB.slice(2), `${BOB}0`, `0x${'g'.repeat(64)}`]) expect(isSuiAddress(bad), bad).toBe(false);
  });

  it('names each problem, and accepts only a valid request within the balance', () => {
    expect(checkTransfer({ recipient: '', amount: '', balance: '1' })).toEqual({
      ok: false,
      problems: { recipient: 'missing', amount: 'missing' },
    });
    expect(checkTransfer({ recipient: '0x1', amount: 'x', balance: '1' })).toEqual({
      ok: false,
      problems: { recipient: 'not-an-address', amount: 'not-a-number' },
    });
    expect(checkTransfer({ recipient: BOB, amount: '0', balance: '1' })).toMatchObject({ problems: { amount: 'not-positive' } });
    expect(checkTransfer({ recipient: BOB, amount: '1', balance: null })).toMatchObject({
      problems: { amount: 'balance-unknown' },
    });
    expect(checkTransfer({ recipient: BOB, amount: '1.000000001', balance: String(MIST_PER_SUI) })).toMatchObject({
      problems: { amount: 'over-balance' },
    });
    expect(
      checkTransfer({ recipient: ` ${BOB.toUpperCase().replace('0X', '0x')} `, amount: '1', balance: String(MIST_PER_SUI) }),
    ).toEqual({
      ok: true,
      request: { recipient: BOB, amount: String(MIST_PER_SUI) },
    });
  });
});
