/**
 * Identity providers and the authorization URL of the implicit id_token flow.
 */
import { SignInError } from './errors.ts';

export const PROVIDERS = ['google', 'facebook', 'twitch'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<Provider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitch: 'Twitch',
};

/** The real providers' authorization endpoints (reference-facts.md). */
export const DEFAULT_AUTH_URLS: Record<Provider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
  twitch: 'https://id.twitch.tv/oauth2/authorize',
};

/** Parameters a provider always needs beyond the standard query. */
const PROVIDER_EXTRA_PARAMS: Record<Provider, Record<string, string>> = {
  google: {},
  facebook: {},
  // Twitch would otherwise silently reuse an earlier consent.
  twitch: { force_verify: 'true' },
};

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}

/** Throws the catalogue's `Invalid provider: {provider}` for anything we do not support. */
export function assertProvider(value: string): asserts value is Provider {
  if (!isProvider(value)) throw SignInError.invalidProvider(value);
}

export interface AuthorizationRequest {
  provider: string;
  clientId: string;
  authUrl: string;
  redirectUrl: string;
  nonce: string;
  extraScopes?: readonly string[];
  extraParams?: Record<string, string>;
}

/** Builds the provider's authorization URL for an id_token response bound to `nonce`. */
export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  assertProvider(request.provider);
  const url = new URL(request.authUrl);
  const scope = ['openid', ...(request.extraScopes ?? []).filter((s) => s !== 'openid')];
  const params = {
    client_id: request.clientId,
    redirect_uri: request.redirectUrl,
    response_type: 'id_token',
    scope: scope.join(' '),
    nonce: request.nonce,
    ...PROVIDER_EXTRA_PARAMS[request.provider],
    ...request.extraParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
