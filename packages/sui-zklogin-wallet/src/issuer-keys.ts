/**
 * An issuer's published keys, as Sui's validators learn them: its OpenID discovery document
 * (`<iss>/.well-known/openid-configuration`), then the key set at its `jwks_uri`. Only RSA
 * keys with a `kid` and a modulus are kept; anything else in the set is left out.
 */
import type { Jwk } from './verify.ts';

async function json(fetcher: typeof fetch, url: string): Promise<unknown> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;

const isJwk = (value: unknown): value is Jwk => typeof field(value, 'kid') === 'string' && typeof field(value, 'n') === 'string';

/** `iss`'s keys, fetched now (throws when the issuer cannot be reached or names no key set). */
export async function fetchIssuerKeys(
  iss: string,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<readonly Jwk[]> {
  const jwksUri = field(await json(fetcher, `${iss.replace(/\/+$/, '')}/.well-known/openid-configuration`), 'jwks_uri');
  if (typeof jwksUri !== 'string') throw new Error(`${iss}'s discovery document names no jwks_uri`);
  const keys = field(await json(fetcher, jwksUri), 'keys');
  return Array.isArray(keys) ? keys.filter(isJwk) : [];
}
