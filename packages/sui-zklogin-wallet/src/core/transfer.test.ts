import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSui } from './sui-amount.ts';
import { acceptableTransfer } from './transfer.ts';
import { MIST_PER_SUI } from './sui-amount.ts';
import { checkTransfer, isSuiAddress, parseSuiAmount } from './transfer-input.ts';

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
    // A decimal comma is named as such, never read as a point (nor "1,000" as 1).
    for (const comma of ['0,5', ',25', ' 1,000 ']) {
      expect(checkTransfer({ recipient: BOB, amount: comma, balance: '1' }), comma).toMatchObject({
        ok: false,
        problems: { amount: 'decimal-comma' },
      });
    }
    expect(checkTransfer({ recipient: BOB, amount: '1,000.5', balance: '1' })).toMatchObject({
      problems: { amount: 'not-a-number' },
    });
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

  it("what the form's rules accept, the machine takes; what the machine takes, the form could have sent", () => {
    const typedAmount = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 12n }).map((mist) => formatSui(mist).replace(/,/g, '')),
      fc.string({ maxLength: 12 }),
    );
    const typedRecipient = fc.oneof(
      fc.constant(BOB),
      fc.constant(` ${BOB.toUpperCase().replace('0X', '0x')}`),
      fc.string({ maxLength: 70 }),
    );
    const balance = fc.option(fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String));
    let accepted = 0;
    fc.assert(
      fc.property(typedRecipient, typedAmount, balance, (recipient, amount, known) => {
        const check = checkTransfer({ recipient, amount, balance: known });
        if (!check.ok) return;
        accepted++;
        expect(acceptableTransfer(check.request, known)).toBe(true);
      }),
    );
    // The property checked something: the form accepted some of what was typed (about one in six).
    expect(accepted).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.bigInt({ min: -5n, max: 10n ** 12n }), balance, (mist, known) => {
        const request = { recipient: BOB, amount: String(mist) };
        const typed = mist >= 0n ? formatSui(mist).replace(/,/g, '') : String(mist);
        expect(acceptableTransfer(request, known)).toBe(checkTransfer({ recipient: BOB, amount: typed, balance: known }).ok);
      }),
    );
  });
});
