/**
 * Warm start: the ephemeral key and nonce made ahead of a likely click, in memory only
 * (never stored). At most one preparation at a time. It is not tied to the lifetime of
 * the actor that asked for it: a click during preparation takes over its outcome (its
 * error too, so that a failing service is not asked twice in a row), while a preparation
 * that had already failed is simply done again by the click.
 *
 * Freshness is relative to the nonce's own lifetime: a nonce prepared a moment ago is as
 * good as one fetched after the click, whatever the login service's session length (an
 * hour or two days). A new nonce would have the same lifetime, so only one that has
 * already spent a meaningful share of it is worth replacing.
 */

/** A prepared nonce is used while it has spent less than this share of its lifetime. */
export const NONCE_STALE_SHARE = 0.1;

export interface Prepared {
  nonce: { estimatedExpiration: number };
}

/**
 * Whether a nonce asked for at `requestedAt` is still as good as a new one at `now`.
 * Its lifetime is counted from the request, so the round trip counts against it.
 */
export function isFreshNonce(estimatedExpiration: number, requestedAt: number, now: number): boolean {
  const lifetime = estimatedExpiration - requestedAt;
  return lifetime > 0 && now - requestedAt < lifetime * NONCE_STALE_SHARE;
}

interface Entry<T> {
  result: Promise<T>;
  requestedAt: number;
  /** Set once the preparation has settled: what it gave, or that it failed. */
  outcome?: { prepared: T } | { failed: true };
}

export function createWarmStart<T extends Prepared>(make: () => Promise<T>, now: () => number) {
  let pending: Entry<T> | undefined;
  /** A failed preparation stays until the click, so that hovering does not retry a failing service. */
  const stale = (entry: Entry<T>) =>
    !!entry.outcome &&
    'prepared' in entry.outcome &&
    !isFreshNonce(entry.outcome.prepared.nonce.estimatedExpiration, entry.requestedAt, now());
  return {
    /**
     * Starts a preparation unless one is under way, ready and fresh, or failed; resolves
     * when it is. One whose nonce is no longer fresh is replaced.
     */
    prepare(): Promise<T> {
      if (pending && !stale(pending)) return pending.result;
      const entry: Entry<T> = { result: make(), requestedAt: now() };
      entry.result.then(
        (prepared) => void (entry.outcome = { prepared }),
        () => void (entry.outcome = { failed: true }),
      );
      pending = entry;
      return entry.result;
    },
    /**
     * Hands over the preparation (once): one under way is awaited, its error included;
     * undefined when there is none, it had failed, or its nonce is no longer fresh.
     */
    async take(): Promise<T | undefined> {
      const entry = pending;
      pending = undefined;
      if (!entry) return undefined;
      if (entry.outcome && 'failed' in entry.outcome) return undefined;
      const prepared = await entry.result;
      return isFreshNonce(prepared.nonce.estimatedExpiration, entry.requestedAt, now()) ? prepared : undefined;
    },
  };
}
