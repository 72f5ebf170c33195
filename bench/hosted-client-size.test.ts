/**
 * The hosted client's budget, held in every test run rather than only by the benchmark: the
 * package's main entry, bundled and minified as the benchmark measures it, at most 7 KB gzip.
 */
import { describe, expect, it } from 'vitest';
import { hostedClientSize } from './hosted.ts';
import { CLIENT_TARGET_BYTES } from './report.ts';

describe("the hosted client's size", () => {
  it('is at most 7 KB gzip (without its peer @mysten/wallet-standard, which the dApp already has)', async () => {
    const { gzip } = await hostedClientSize();
    expect(gzip).toBeGreaterThan(1_000);
    expect(gzip).toBeLessThanOrEqual(CLIENT_TARGET_BYTES);
  }, 60_000);
});
