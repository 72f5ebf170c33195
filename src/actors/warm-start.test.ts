import { describe, expect, it } from 'vitest';
import { createWarmStart, NONCE_REFRESH_MARGIN_MS } from './warm-start.ts';

const DAY = 86_400_000;
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

  it('a nonce with less than the margin left is not used', async () => {
    let now = Date.now();
    const warm = createWarmStart(
      async () => ({ nonce: { estimatedExpiration: now + NONCE_REFRESH_MARGIN_MS + 1000 } }),
      () => now,
    );
    await warm.prepare();
    now += 2000;
    await expect(warm.take()).resolves.toBeUndefined();
  });
});
