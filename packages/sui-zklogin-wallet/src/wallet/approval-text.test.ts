import { toBase64 } from '@mysten/utils';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatGas, messageShown } from './approval-text.ts';

const SUI = '0x2::sui::SUI';
const base64 = (bytes: Uint8Array | string) => toBase64(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);

describe("what the wallet's dialog says", () => {
  it('amounts of SUI in SUI, with their sign; other coins in their smallest unit, named', () => {
    expect(formatAmount(SUI, '-250000000')).toBe('\u22120.25 SUI');
    expect(formatAmount(SUI, '250000000')).toBe('+0.25 SUI');
    expect(formatAmount(SUI, '-1251996000')).toBe('\u22121.251996 SUI');
    expect(formatAmount('0xabc::usdc::USDC', '-1500')).toBe('\u22121,500 of 0xabc::usdc::USDC (smallest unit)');
    expect(formatGas('3976000')).toBe('0.003976 SUI');
  });

  it('a message as its UTF-8 text', () => {
    expect(messageShown(base64('Sign in to Example\nNonce: 42 ✓'))).toEqual({ text: 'Sign in to Example\nNonce: 42 ✓' });
    expect(messageShown(base64(''))).toEqual({ text: '' });
  });

  it('bytes that are not UTF-8 text, or text with control or reordering marks, in hex', () => {
    expect(messageShown(base64(new Uint8Array([0xff, 0x00, 0x10])))).toEqual({ hex: 'ff 00 10' });
    expect(messageShown(base64('pay\u0000'))).toEqual({ hex: '70 61 79 00' });
    // A right-to-left override could make "approve" text read as something else.
    expect('hex' in messageShown(base64('send 1 \u202eIUS 0001'))).toBe(true);
  });

  it('text with characters nobody sees is shown in hex: tag characters, zero-width spaces, the byte-order mark', () => {
    // "Sign in" followed by " and pay" spelled in invisible tag characters (U+E0000 + ASCII).
    const hidden = [...' and pay'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    for (const text of [`Sign in${hidden}`, 'Sign\u200b in', '\ufeffSign in', 'Sign in\u061c', 'pay\u00ad']) {
      expect('hex' in messageShown(base64(text)), JSON.stringify(text)).toBe(true);
    }
    // An emoji joined by the zero-width joiner is still text.
    expect(messageShown(base64('Hello \u{1f469}\u200d\u{1f4bb}'))).toEqual({ text: 'Hello \u{1f469}\u200d\u{1f4bb}' });
  });
});
