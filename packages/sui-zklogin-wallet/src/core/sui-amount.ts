/**
 * SUI amounts as a visitor reads them (the account's panel, the wallet's dialog). Its own
 * module, so that the pages that show amounts load it with their own code, never the first page.
 */
/** 1 SUI = 10^9 MIST: SUI's decimal places. */
export const SUI_DECIMALS = 9;
export const MIST_PER_SUI = 10n ** BigInt(SUI_DECIMALS);

/** 1500000000 → "1.5"; 0 → "0"; thousands grouped: parseSuiAmount's inverse, as a visitor reads SUI. */
export function formatSui(mist: bigint | string): string {
  const value = BigInt(mist);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const whole = absolute / MIST_PER_SUI;
  const fraction = (absolute % MIST_PER_SUI).toString().padStart(SUI_DECIMALS, '0').replace(/0+$/, '');
  return `${sign}${whole.toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`;
}

/** SUI's coin type, as the wallet's dialog and its dry run spell it (the short form of 0x…02::sui::SUI). */
export const SUI_COIN_TYPE = '0x2::sui::SUI';
