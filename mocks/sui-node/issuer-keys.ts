/**
 * The mock node learns each issuer's keys as Sui's validators do: from the issuer itself,
 * through its OpenID discovery document (`<iss>/.well-known/openid-configuration`, then its
 * `jwks_uri`), kept per issuer and fetched again when a token names a key the kept set does
 * not have (the provider rotated its keys).
 */
import { fetchIssuerKeys } from '../../packages/sui-zklogin-wallet/src/issuer-keys.ts';
import type { Jwk } from '../../packages/sui-zklogin-wallet/src/verify.ts';

export interface IssuerKeys {
  /** The issuer's keys, as kept (fetched the first time). */
  of(iss: string): Promise<readonly Jwk[]>;
  /** The issuer's keys fetched again (a token named a key the kept set lacks). */
  refresh(iss: string): Promise<readonly Jwk[]>;
}

export function issuerKeys(fetcher: typeof fetch = fetch): IssuerKeys {
  const kept = new Map<string, Promise<readonly Jwk[]>>();
  const fetchKeys = (iss: string) => fetchIssuerKeys(iss, fetcher);
  const refresh = (iss: string) => {
    const keys = fetchKeys(iss);
    kept.set(iss, keys);
    // A failed fetch is not kept: the next token asks again.
    keys.catch(() => kept.delete(iss));
    return keys;
  };
  return { of: (iss) => kept.get(iss) ?? refresh(iss), refresh };
}
