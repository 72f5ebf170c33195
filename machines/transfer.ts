/**
 * The rules of a SUI transfer the visitor asks for, pure so that the form (which shows
 * why a field is wrong) and the machine (which refuses an invalid `user.send`) share them:
 * a recipient that is a Sui address, and an amount that is positive, has at most nine
 * decimal places (1 SUI = 10^9 MIST) and is within the known balance.
 */
export const MIST_PER_SUI = 1_000_000_000n;
const SUI_DECIMALS = 9;

export interface TransferRequest {
  /** The recipient's address, lower case, 0x and 64 hex digits. */
  recipient: string;
  /** In MIST, as a decimal string (context stays JSON: no bigint). */
  amount: string;
}

export interface TransferReceipt extends TransferRequest {
  digest: string;
}

export type TransferCheck =
  { ok: true; request: TransferRequest } | { ok: false; errors: { recipient?: string; amount?: string } };

/** "0.5" → 500000000n; null when the text is not a plain decimal with at most nine places. */
export function parseSuiAmount(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > SUI_DECIMALS) return null;
  return BigInt(whole || '0') * MIST_PER_SUI + BigInt(fraction.padEnd(SUI_DECIMALS, '0') || '0');
}

/** 1500000000 → "1.5"; 0 → "0". */
export function formatSui(mist: bigint | string): string {
  const value = BigInt(mist);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const whole = absolute / MIST_PER_SUI;
  const fraction = (absolute % MIST_PER_SUI).toString().padStart(SUI_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`;
}

export const isSuiAddress = (text: string) => /^0x[0-9a-fA-F]{64}$/.test(text.trim());

export function checkTransfer(input: { recipient: string; amount: string; balance: string | null }): TransferCheck {
  const errors: { recipient?: string; amount?: string } = {};
  const recipient = input.recipient.trim();
  if (recipient === '') errors.recipient = "Enter the recipient's Sui address.";
  else if (!isSuiAddress(recipient)) errors.recipient = 'A Sui address is 0x followed by 64 hexadecimal characters.';
  const amount = parseSuiAmount(input.amount);
  if (input.amount.trim() === '') errors.amount = 'Enter an amount of SUI.';
  else if (amount === null) errors.amount = 'Enter an amount such as 0.5 (at most 9 decimal places).';
  else if (amount <= 0n) errors.amount = 'The amount must be more than 0 SUI.';
  else if (input.balance === null) errors.amount = 'Your balance is not known yet: refresh it, then try again.';
  else if (amount > BigInt(input.balance))
    errors.amount = `The amount is more than your balance of ${formatSui(input.balance)} SUI.`;
  if (errors.recipient || errors.amount || amount === null) return { ok: false, errors };
  return { ok: true, request: { recipient: recipient.toLowerCase(), amount: amount.toString() } };
}
