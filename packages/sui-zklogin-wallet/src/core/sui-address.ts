/**
 * A Sui address in its one canonical form (`normalizeSuiAddress`'s): 0x and 64 lower-case
 * hex digits. Pure, in the core: the login service's answer is checked and stored in this
 * form, and a dApp's transaction parties are compared with the account in it, so that a
 * short or upper-case spelling never makes the same address look like another.
 */

/** `value` as 0x and 64 lower-case hex digits (an optional 0x, at most 64 digits, any case); null for anything else. */
export function normalizedSuiAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(?:0x)?([0-9a-f]{1,64})$/.exec(value.toLowerCase());
  return match ? `0x${match[1]!.padStart(64, '0')}` : null;
}
