/**
 * What the transfer form says about each problem the rules (machines/transfer.ts) find,
 * and SUI amounts as a visitor reads them. In the chain panel's chunk, not on the first page.
 */
import { MIST_PER_SUI, type AmountProblem, type RecipientProblem } from '../../machines/transfer.ts';

const SUI_DECIMALS = 9;

/** 1500000000 → "1.5"; 0 → "0"; thousands grouped. */
export function formatSui(mist: bigint | string): string {
  const value = BigInt(mist);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const whole = absolute / MIST_PER_SUI;
  const fraction = (absolute % MIST_PER_SUI).toString().padStart(SUI_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`;
}

export const RECIPIENT_MESSAGES: Record<RecipientProblem, string> = {
  missing: "Enter the recipient's Sui address.",
  'not-an-address': 'A Sui address is 0x followed by 64 hexadecimal characters.',
};

export function amountMessage(problem: AmountProblem, balance: string | null): string {
  switch (problem) {
    case 'missing':
      return 'Enter an amount of SUI.';
    case 'not-a-number':
      return 'Enter an amount such as 0.5 (at most 9 decimal places).';
    case 'not-positive':
      return 'The amount must be more than 0 SUI.';
    case 'balance-unknown':
      return 'Your balance is not known yet: refresh it, then try again.';
    case 'over-balance':
      return `The amount is more than your balance of ${formatSui(balance ?? '0')} SUI.`;
  }
}
