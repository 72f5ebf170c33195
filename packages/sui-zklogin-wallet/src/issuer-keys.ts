/**
 * An issuer's published keys, as Sui's validators learn them: its OpenID discovery document
 * (`<iss>/.well-known/openid-configuration`), then the key set at its `jwks_uri`. Only RSA
 * keys with a `kid` and a modulus are kept; anything else in the set is left out.
 *
 * `issuerKeys` keeps each issuer's set and fetches it again when a token names a key the kept
 * set lacks (the issuer rotated its keys), at most once per `minRefetchMs`: a stream of
 * signatures naming made-up keys cannot make the verifier hammer a provider. It fetches only
 * for the issuers it is told to trust: the `iss` it is asked about comes from the signature,
 * which anyone writes, and fetching whatever URL a stranger names is a request forgery.
 */
import type { Jwk } from './verify.ts';

/**
 * The issuers' keys for a verifier: a set, or a function that gives an issuer's set (told
 * which `kid` the token names, so that a cache can fetch a rotated set).
 */
export type JwkSource = readonly Jwk[] | ((iss: string, wanted: { kid: string }) => Promise<readonly Jwk[]>);

/** The issuers of the providers this wallet signs in with: Google, Facebook and Twitch. */
export const PROVIDER_ISSUERS: readonly string[] = [
  'https://accounts.google.com',
  'https://www.facebook.com',
  'https://id.twitch.tv/oauth2',
];

/** Google's tokens may name their issuer without the scheme; its keys are at the https one. */
const issuerUrl = (iss: string) => (iss === 'accounts.google.com' ? 'https://accounts.google.com' : iss);

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
  const discovery = `${issuerUrl(iss).replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const jwksUri = field(await json(fetcher, discovery), 'jwks_uri');
  if (typeof jwksUri !== 'string') throw new Error(`${iss}'s discovery document names no jwks_uri`);
  const keys = field(await json(fetcher, jwksUri), 'keys');
  return Array.isArray(keys) ? keys.filter(isJwk) : [];
}

/** The options of {@link issuerKeys}. */
export interface IssuerKeysOptions {
  /** The issuers whose keys may be fetched (their `iss`), or 'any' where every issuer is trusted to be asked. */
  issuers: readonly string[] | 'any';
  /** The fetch it calls; the global `fetch` by default. */
  fetch?: typeof fetch;
  /** The least time between two fetches of one issuer's set for a key it lacks; 60 s by default. */
  minRefetchMs?: number;
}

/**
 * A JWK source that fetches the trusted issuers' keys, keeps them, and fetches a set again
 * when asked for a key it lacks (once per `minRefetchMs`). A failed fetch is not kept.
 *
 * ```ts
 * const jwks = issuerKeys({ issuers: ['https://accounts.google.com'] });
 * await verifyZkLoginSignature({ signature, personalMessage, currentEpoch, jwks });
 * ```
 */
export function issuerKeys(options: IssuerKeysOptions): (iss: string, wanted?: { kid: string }) => Promise<readonly Jwk[]> {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const minRefetchMs = options.minRefetchMs ?? 60_000;
  const kept = new Map<string, { keys: Promise<readonly Jwk[]>; at: number }>();
  const fetchNow = (iss: string) => {
    const keys = fetchIssuerKeys(iss, fetcher);
    const entry = { keys, at: Date.now() };
    kept.set(iss, entry);
    keys.catch(() => {
      if (kept.get(iss) === entry) kept.delete(iss);
    });
    return keys;
  };
  return async (iss, wanted) => {
    if (options.issuers !== 'any' && !options.issuers.includes(issuerUrl(iss))) {
      throw new Error(`${iss} is not an issuer whose keys this verifier fetches`);
    }
    const entry = kept.get(iss);
    if (!entry) return fetchNow(iss);
    const keys = await entry.keys;
    const lacksKey = wanted !== undefined && !keys.some((key) => key.kid === wanted.kid);
    if (lacksKey && kept.get(iss) === entry && Date.now() - entry.at >= minRefetchMs) return fetchNow(iss);
    return kept.get(iss)?.keys ?? keys;
  };
}
