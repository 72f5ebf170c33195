/**
 * Warm start: the ephemeral key and nonce made ahead of a likely click, in memory only
 * (never stored). At most one preparation at a time. It is not tied to the lifetime of
 * the actor that asked for it: a click during preparation takes over its outcome (its
 * error too, so that a failing service is not asked twice in a row), while a preparation
 * that had already failed is simply done again by the click.
 */

/** A prepared nonce with less time than this left is refreshed, not used. */
export const NONCE_REFRESH_MARGIN_MS = 60 * 60 * 1000;

export interface Prepared {
  nonce: { estimatedExpiration: number };
}

export function createWarmStart<T extends Prepared>(make: () => Promise<T>, now: () => number) {
  let pending: { result: Promise<T>; settled: boolean } | undefined;
  return {
    /** Starts a preparation unless one is under way or ready; resolves when it is. */
    prepare(): Promise<T> {
      if (pending) return pending.result;
      const entry = { result: make(), settled: false };
      const settle = () => void (entry.settled = true);
      entry.result.then(settle, settle);
      pending = entry;
      return entry.result;
    },
    /** Hands over the preparation (once), or undefined when there is none fit to use. */
    async take(): Promise<T | undefined> {
      const entry = pending;
      pending = undefined;
      if (!entry) return undefined;
      const prepared = entry.settled ? await entry.result.catch(() => undefined) : await entry.result;
      return prepared && prepared.nonce.estimatedExpiration - now() > NONCE_REFRESH_MARGIN_MS ? prepared : undefined;
    },
  };
}
