import { describe, expect, it } from 'vitest';
import { isExpired, MAX_TIMER_DELAY, msUntilExpiry } from './expiry.ts';

describe('expiry rules', () => {
  const expiresAt = Date.UTC(2026, 10, 21, 12);

  it('a session is expired only when now is past expiresAt', () => {
    expect(isExpired(expiresAt, expiresAt - 1)).toBe(false);
    expect(isExpired(expiresAt, expiresAt)).toBe(false);
    expect(isExpired(expiresAt, expiresAt + 1)).toBe(true);
  });

  it('the expiry timer fires just past expiresAt and never overflows a timer', () => {
    expect(msUntilExpiry(expiresAt, expiresAt - 1000)).toBe(1001);
    expect(isExpired(expiresAt, expiresAt - 1000 + msUntilExpiry(expiresAt, expiresAt - 1000))).toBe(true);
    expect(msUntilExpiry(expiresAt, expiresAt + 5000)).toBe(0);
    expect(msUntilExpiry(expiresAt + 10 * MAX_TIMER_DELAY, expiresAt)).toBe(MAX_TIMER_DELAY);
  });
});
