/**
 * What the wallet's dialog says about a dApp's request, as text: amounts per coin (SUI in
 * SUI, with its sign: "−0.25 SUI"), and a message as UTF-8 text, or its bytes in hex when
 * it is not text. Pure, so that the dialog (approval-dialog.ts) only lays it out.
 */
import { fromBase64 } from '@mysten/utils';
import { formatSui, SUI_COIN_TYPE } from '../core/sui-amount.ts';

/** The typographic minus, as amounts are written ("−0.25 SUI"). */
const MINUS = '\u2212';

/** A signed amount of `coinType` in its smallest unit: "−0.25 SUI", "+1 SUI", "+1000 of 0x…::usdc::USDC (smallest unit)". */
export function formatAmount(coinType: string, amount: string): string {
  const value = BigInt(amount);
  const sign = value < 0n ? MINUS : '+';
  const absolute = value < 0n ? -value : value;
  if (coinType === SUI_COIN_TYPE) return `${sign}${formatSui(absolute)} SUI`;
  return `${sign}${absolute.toLocaleString('en-US')} of ${coinType} (smallest unit)`;
}

/** A gas budget in MIST, as SUI: "0.003976 SUI". */
export const formatGas = (mist: string) => `${formatSui(mist)} SUI`;

/**
 * Control characters other than tab, line feed and carriage return, and every format
 * character (Unicode Cf: the marks that reorder text, zero-width spaces, the byte-order
 * mark, the tag characters that can spell a whole sentence nobody sees): a message holding
 * one is shown in hex, since as text it could read as less than what is signed. The
 * zero-width joiner alone is allowed: it only joins emoji ("👩‍💻").
 */
const NOT_PLAIN_TEXT = /[^\P{Cc}\t\n\r]|(?!\u200d)\p{Cf}/u;

/** A personal message (base64) as the visitor reads it: its UTF-8 text, or its bytes in hex. */
export function messageShown(base64: string): { text: string } | { hex: string } {
  const bytes = fromBase64(base64);
  try {
    // A leading byte-order mark is kept in the text (and so refused), never silently dropped.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    if (!NOT_PLAIN_TEXT.test(text)) return { text };
  } catch {
    // Not UTF-8: shown in hex below.
  }
  return { hex: Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ') };
}
