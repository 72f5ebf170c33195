/**
 * The nonces the mock login service has issued: a token is accepted only if it carries
 * one of them. Bounded, so that a long benchmark cannot grow it without limit.
 */
export interface IssuedNonce {
  ephemeralPublicKey: string;
  maxEpoch: number;
  randomness: string;
  expiresAt: number;
}

export function createNonceRegistry(limit = 10_000) {
  const issued = new Map<string, IssuedNonce>();
  return {
    add(nonce: string, entry: IssuedNonce) {
      issued.set(nonce, entry);
      if (issued.size > limit) issued.delete(issued.keys().next().value!);
    },
    get(nonce: unknown, now: number): IssuedNonce | undefined {
      if (typeof nonce !== 'string') return undefined;
      const entry = issued.get(nonce);
      return entry && entry.expiresAt >= now ? entry : undefined;
    },
    get size() {
      return issued.size;
    },
  };
}
