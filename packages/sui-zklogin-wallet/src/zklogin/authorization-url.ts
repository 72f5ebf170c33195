/**
 * The authorization URL of the implicit id_token flow, with what each identity provider needs in it.
 */
import { assertProvider } from '../core/errors.ts';
import type { Provider } from '../core/providers.ts';

/** Parameters a provider always needs beyond the standard query. */
const PROVIDER_EXTRA_PARAMS: Record<Provider, Record<string, string>> = {
  google: {},
  facebook: {},
  // Twitch would otherwise silently reuse an earlier consent.
  twitch: { force_verify: 'true' },
};

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
