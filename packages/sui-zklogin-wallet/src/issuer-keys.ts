/**
 * An issuer's published keys, as Sui's validators learn them: its OpenID discovery document
 * (`<iss>/.well-known/openid-configuration`), then the key set at its `jwks_uri`. Only RSA
 * keys with a `kid` and a modulus are kept; anything else in the set is left out.
 *
 * `issuerKeys` keeps each issuer's set and fetches it again when a token names a key the kept
 * set lacks (the issuer rotated its keys). Every fetch of an issuer's set, failed or not, is at
 * least `minRefetchMs` after the one before (after a failure with no set kept, 5 s at most),
 * so a stream of signatures naming made-up keys, or a provider that is down, cannot make the
 * verifier hammer it; one fetch at a time per issuer, given up after `timeoutMs`. The kept set
 * stays while a fetch is under way and after one fails: a key it has is always answered at
 * once. It fetches only for the issuers it is told to trust: the `iss` it is asked about comes
 * from the signature, which anyone writes, and fetching whatever URL a stranger names is a
 * request forgery.
 */
import type { Jwk } from './verify.ts';

/**
 * The issuers' keys for a verifier: a set, or a function that gives an issuer's set (told
 * which `kid` the token names, so that a cache can fetch a rotated set).
 */
export type JwkSource = readonly Jwk[] | ((iss: string, wanted: { kid: string }) => Promise<readonly Jwk[]>);

/** The issuers of the providers this wallet signs in with: Google, Facebook and Twitch. */
export const PROVIDER_ISSUERS: readonly string[] = Object.freeze([
  'https://accounts.google.com',
  'https://www.facebook.com',
  'https://id.twitch.tv/oauth2',
]);

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
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch;
  /** The least time between two fetches of one issuer's set; 60 s by default. */
  minRefetchMs?: number;
  /** How long one request may take before it is given up; 10 s by default. */
  timeoutMs?: number;
}

/** After a failed fetch with no set kept, the next may come this soon at the latest (a first start during a blip). */
const RETRY_AFTER_FAILURE_MS = 5_000;

interface Kept {
  keys?: readonly Jwk[];
  /** The fetch under way, if any. */
  fetching?: Promise<readonly Jwk[]>;
  lastFetch: number;
  failure?: unknown;
}

/**
 * A JWK source that fetches the trusted issuers' keys, keeps them, and fetches a set again
 * when asked for a key it lacks (see the header for how often).
 *
 * ```ts
 * const jwks = issuerKeys({ issuers: ['https://accounts.google.com'] });
 * await verifyZkLoginSignature({ signature, personalMessage, currentEpoch, jwks });
 * ```
 */
export function issuerKeys(options: IssuerKeysOptions): (iss: string, wanted?: { kid: string }) => Promise<readonly Jwk[]> {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const minRefetchMs = options.minRefetchMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timed: typeof fetch = (input, init) => fetcher(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const kept = new Map<string, Kept>();

  const fetchNow = (url: string, entry: Kept) => {
    entry.lastFetch = Date.now();
    const fetching = fetchIssuerKeys(url, timed).then(
      (keys) => {
        entry.keys = keys;
        entry.failure = undefined;
        return keys;
      },
      (error: unknown) => {
        entry.failure = error;
        throw error;
      },
    );
    entry.fetching = fetching;
    const settled = () => {
      if (entry.fetching === fetching) entry.fetching = undefined;
    };
    fetching.then(settled, settled);
    return fetching;
  };

  return async (iss, wanted) => {
    const url = issuerUrl(iss);
    if (options.issuers !== 'any' && !options.issuers.includes(url)) {
      throw new Error(`${iss} is not an issuer whose keys this verifier fetches`);
    }
    let entry = kept.get(url);
    if (!entry) kept.set(url, (entry = { lastFetch: -Infinity }));
    const answers = (keys: readonly Jwk[] | undefined): keys is readonly Jwk[] =>
      keys !== undefined && (wanted === undefined || keys.some((key) => key.kid === wanted.kid));
    if (answers(entry.keys)) return entry.keys;
    const wait = entry.keys ? minRefetchMs : Math.min(minRefetchMs, RETRY_AFTER_FAILURE_MS);
    const fetching = entry.fetching ?? (Date.now() - entry.lastFetch >= wait ? fetchNow(url, entry) : undefined);
    if (fetching) {
      try {
        return await fetching;
      } catch (error) {
        // The kept set, if any, still answers (the verifier refuses a key it lacks).
        if (entry.keys) return entry.keys;
        throw error;
      }
    }
    if (entry.keys) return entry.keys;
    throw entry.failure instanceof Error ? entry.failure : new Error(`${iss}'s keys could not be had`);
  };
}
