/**
 * What the transfer form says about each problem the rules (the package's core/transfer-input.ts) find,
 * in the chain panel's chunk, not on the first page.
 */
import { formatSui } from '../../packages/sui-zklogin-wallet/src/core/sui-amount.ts';
import type { AmountProblem, RecipientProblem } from '../../packages/sui-zklogin-wallet/src/core/transfer-input.ts';

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
    case 'decimal-comma':
      return 'Write the decimals after a point: 0.5, not 0,5.';
    case 'not-positive':
      return 'The amount must be more than 0 SUI.';
    case 'balance-unknown':
      return 'Your balance is not known yet: refresh it, then try again.';
    case 'over-balance':
      return `The amount is more than your balance of ${formatSui(balance ?? '0')} SUI.`;
  }
}
