/**
 * The spec's time rules. Kept pure so that tests control the clock.
 */

/** A session is expired when the current time is past its expiresAt. */
export function isExpired(expiresAt: number, now: number): boolean {
  return now > expiresAt;
}

/** The longest delay a browser timer accepts (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** Milliseconds until expiry, clamped to what a timer can wait. */
export function msUntilExpiry(expiresAt: number, now: number): number {
  return Math.min(Math.max(0, expiresAt - now + 1), MAX_TIMER_DELAY);
}
