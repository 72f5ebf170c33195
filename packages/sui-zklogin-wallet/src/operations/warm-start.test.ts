import { describe, expect, it } from 'vitest';
import { createWarmStart, isFreshNonce, NONCE_STALE_SHARE } from './warm-start.ts';

const DAY = 86_400_000;
/** A warm start over a service whose nonces live one hour, on a clock the test moves. */
function hourNonces(clock: { now: number }) {
  const made = { count: 0 };
  const warm = createWarmStart(
    async () => ({ id: ++made.count, nonce: { estimatedExpiration: clock.now + 3_600_000 } }),
    () => clock.now,
  );
  return { warm, made };
}

const fresh = (id: number) => ({ id, nonce: { estimatedExpiration: Date.now() + 2 * DAY } });

describe('warm start', () => {
  it('prepares once, and hands the preparation over once', async () => {
    let made = 0;
    const warm = createWarmStart(async () => fresh(++made), Date.now);
    await Promise.all([warm.prepare(), warm.prepare()]);
    expect(made).toBe(1);
    expect((await warm.take())?.id).toBe(1);
    expect(await warm.take()).toBeUndefined();
  });

  it('a click during preparation takes over its error, so the service is not asked twice', async () => {
    let reject!: (error: Error) => void;
    const warm = createWarmStart(() => new Promise<ReturnType<typeof fresh>>((_, r) => (reject = r)), Date.now);
    void warm.prepare().catch(() => {});
    const taken = warm.take();
    reject(new Error('HTTP 503'));
    await expect(taken).rejects.toThrow('HTTP 503');
  });

  it('a preparation that failed before the click is ignored: the click starts afresh', async () => {
    const warm = createWarmStart(async () => Promise.reject(new Error('HTTP 500')), Date.now);
    await warm.prepare().catch(() => {});
    await expect(warm.take()).resolves.toBeUndefined();
  });

  it("freshness is relative to the nonce's own lifetime, whatever its length", () => {
    const HOUR = 3_600_000;
    for (const lifetime of [HOUR, 2 * DAY]) {
      // Prepared a moment ago: as good as a new one, even with one-hour sessions.
      expect(isFreshNonce(lifetime, 0, 2_000)).toBe(true);
      expect(isFreshNonce(lifetime, 0, lifetime * NONCE_STALE_SHARE - 1)).toBe(true);
      // Spent a meaningful share of its lifetime: a new one gives a longer session.
      expect(isFreshNonce(lifetime, 0, lifetime * NONCE_STALE_SHARE)).toBe(false);
    }
    // Already past its expiry when it arrived: never used.
    expect(isFreshNonce(1_000, 2_000, 2_000)).toBe(false);
  });

  it('a one-hour nonce prepared on hover is the one the click uses: exactly one call', async () => {
    const clock = { now: 1_000_000 };
    const { warm, made } = hourNonces(clock);
    await warm.prepare();
    clock.now += 5_000;
    expect((await warm.take())?.id).toBe(1);
    expect(made.count).toBe(1);
  });

  it('a nonce that has spent a share of its lifetime is not used, and a new intent replaces it', async () => {
    const clock = { now: 1_000_000 };
    const { warm, made } = hourNonces(clock);
    await warm.prepare();
    clock.now += 3_600_000 * NONCE_STALE_SHARE;
    // A new hover: the stale preparation is replaced by a new one, which the click uses.
    await warm.prepare();
    expect(made.count).toBe(2);
    expect((await warm.take())?.id).toBe(2);
    // Left alone until stale, the click starts afresh.
    await warm.prepare();
    clock.now += 3_600_000;
    expect(await warm.take()).toBeUndefined();
  });

  it('a fresh preparation is never replaced by another with the same lifetime', async () => {
    const clock = { now: 1_000_000 };
    const { warm, made } = hourNonces(clock);
    for (let hover = 0; hover < 5; hover++) {
      await warm.prepare();
      clock.now += 10_000;
    }
    expect(made.count).toBe(1);
  });

  it('a failed preparation is not retried by more intent (a failing service is not hammered); the click retries', async () => {
    let made = 0;
    const warm = createWarmStart(async () => {
      made++;
      if (made === 1) throw new Error('HTTP 503');
      return fresh(made);
    }, Date.now);
    await warm.prepare().catch(() => {});
    await warm.prepare().catch(() => {});
    expect(made).toBe(1);
    await expect(warm.take()).resolves.toBeUndefined();
    await warm.prepare();
    expect((await warm.take())?.id).toBe(2);
  });
});
