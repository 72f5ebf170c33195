/**
 * What the visitor typed into the send form, read by the rules of a SUI transfer: a
 * recipient that is a Sui address, and an amount that is positive, has at most nine
 * decimal places (1 SUI = 10^9 MIST) and is within the known balance. The rules name each
 * problem (the words are the form's, src/ui/transfer-messages.ts) or give the request the
 * machine takes (`user.send`, in MIST), which it checks again (transfer.ts). Pure, and
 * loaded with the form, not on the first page.
 */
import { MIST_PER_SUI, SUI_DECIMALS } from './sui-amount.ts';
import type { TransferRequest } from './transfer.ts';

export type RecipientProblem = 'missing' | 'not-an-address';
export type AmountProblem = 'missing' | 'not-a-number' | 'decimal-comma' | 'not-positive' | 'balance-unknown' | 'over-balance';
export type TransferCheck =
  { ok: true; request: TransferRequest } | { ok: false; problems: { recipient?: RecipientProblem; amount?: AmountProblem } };

/** "0.5" → 500000000n; null when the text is not a plain decimal with at most nine places. */
export function parseSuiAmount(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > SUI_DECIMALS) return null;
  return BigInt(whole || '0') * MIST_PER_SUI + BigInt(fraction.padEnd(SUI_DECIMALS, '0') || '0');
}

export const isSuiAddress = (text: string) => /^0x[0-9a-fA-F]{64}$/.test(text.trim());

export function checkTransfer(input: { recipient: string; amount: string; balance: string | null }): TransferCheck {
  const problems: { recipient?: RecipientProblem; amount?: AmountProblem } = {};
  const recipient = input.recipient.trim();
  if (recipient === '') problems.recipient = 'missing';
  else if (!isSuiAddress(recipient)) problems.recipient = 'not-an-address';
  const amount = parseSuiAmount(input.amount);
  if (input.amount.trim() === '') problems.amount = 'missing';
  // "0,5": a phone's decimal keypad in many languages; read as 0.5 it could be a misread "1,000".
  else if (amount === null) problems.amount = /^\d*,\d+$/.test(input.amount.trim()) ? 'decimal-comma' : 'not-a-number';
  else if (amount <= 0n) problems.amount = 'not-positive';
  else if (input.balance === null) problems.amount = 'balance-unknown';
  else if (amount > BigInt(input.balance)) problems.amount = 'over-balance';
  if (problems.recipient || problems.amount || amount === null) return { ok: false, problems };
  return { ok: true, request: { recipient: recipient.toLowerCase(), amount: amount.toString() } };
}
