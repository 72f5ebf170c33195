/**
 * The callback: read the provider's answer from the URL fragment and run the spec's
 * checks in the spec's order, then the nonce binding the existing implementation lacks.
 */
import { SignInError } from '../../machines/errors.ts';
import { readIdTokenClaims, type IdTokenClaims } from './id-token-claims.ts';

/** What the start of the flow left behind, needed to accept a callback. */
export interface PendingFlow {
  /** The nonce this flow asked the provider to put in the token. */
  nonce: string;
}

export interface ValidCallback {
  jwt: string;
  claims: IdTokenClaims;
}

/** The fragment's parameters; accepts the fragment with or without its leading '#'. */
export function readFragment(fragment: string): URLSearchParams {
  return new URLSearchParams(fragment.startsWith('#') ? fragment.slice(1) : fragment);
}

export { isCallbackFragment } from './callback-fragment.ts';

const MAX_DETAIL_LENGTH = 200;

/** The provider's own error text, if it sent one (`#error=access_denied&error_description=...`). */
function providerErrorDetail(params: URLSearchParams): string | undefined {
  const error = params.get('error');
  if (!error) return undefined;
  const description = params.get('error_description');
  const text = description ? `${error}: ${description}` : error;
  return `The identity provider answered: ${text.slice(0, MAX_DETAIL_LENGTH)}`;
}

/**
 * The fragment's token when its claims read (an issuer, an audience, a subject), before
 * the flow's nonce is checked; otherwise undefined. The login lookup may start with it
 * while the stored session is read (src/actors/early-login.ts).
 */
export function readableToken(fragment: string): string | undefined {
  const jwt = readFragment(fragment).get('id_token');
  if (!jwt) return undefined;
  try {
    readIdTokenClaims(jwt);
    return jwt;
  } catch {
    return undefined;
  }
}

/**
 * Validates a callback fragment against the flow this tab started.
 * Throws a `SignInError` from the catalogue; never anything else.
 */
export function validateCallback(fragment: string, pending: PendingFlow | null): ValidCallback {
  if (!pending) throw SignInError.of('FLOW_NOT_STARTED');
  const params = readFragment(fragment);
  const jwt = params.get('id_token');
  if (!jwt) throw SignInError.of('MISSING_ID_TOKEN', providerErrorDetail(params));
  const claims = readIdTokenClaims(jwt);
  // OpenID Connect Core 3.2.2.11: the nonce claim must equal the nonce sent in the request.
  if (claims.nonce !== pending.nonce) throw SignInError.of('NONCE_MISMATCH');
  return { jwt, claims };
}
