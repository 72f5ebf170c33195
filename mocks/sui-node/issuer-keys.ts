/**
 * The mock node learns each issuer's keys as Sui's validators do: from the issuer itself,
 * through its OpenID discovery document (`<iss>/.well-known/openid-configuration`, then its
 * `jwks_uri`), kept per issuer and fetched again when a token names a key the kept set does
 * not have (the provider rotated its keys).
 */
import type { Jwk } from '../../packages/sui-zklogin-wallet/src/verify.ts';

export interface IssuerKeys {
  /** The issuer's keys, as kept (fetched the first time). */
  of(iss: string): Promise<readonly Jwk[]>;
  /** The issuer's keys fetched again (a token named a key the kept set lacks). */
  refresh(iss: string): Promise<readonly Jwk[]>;
}

const isJwk = (value: unknown): value is Jwk =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'kid') === 'string' &&
  typeof Reflect.get(value, 'n') === 'string';

async function json(fetcher: typeof fetch, url: string): Promise<unknown> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

export function issuerKeys(fetcher: typeof fetch = fetch): IssuerKeys {
  const kept = new Map<string, Promise<readonly Jwk[]>>();
  const fetchKeys = async (iss: string): Promise<readonly Jwk[]> => {
    const discovery = await json(fetcher, `${iss.replace(/\/+$/, '')}/.well-known/openid-configuration`);
    const jwksUri = typeof discovery === 'object' && discovery !== null ? Reflect.get(discovery, 'jwks_uri') : undefined;
    if (typeof jwksUri !== 'string') throw new Error(`${iss}'s discovery document names no jwks_uri`);
    const set = await json(fetcher, jwksUri);
    const keys: unknown = typeof set === 'object' && set !== null ? Reflect.get(set, 'keys') : undefined;
    return Array.isArray(keys) ? keys.filter(isJwk) : [];
  };
  const refresh = (iss: string) => {
    const keys = fetchKeys(iss);
    kept.set(iss, keys);
    // A failed fetch is not kept: the next token asks again.
    keys.catch(() => kept.delete(iss));
    return keys;
  };
  return { of: (iss) => kept.get(iss) ?? refresh(iss), refresh };
}
