/**
 * The callback: read the provider's answer from the URL fragment and run the spec's
 * checks in the spec's order, then the nonce binding the existing implementation lacks.
 */
import { SignInError } from '../core/errors.ts';
import type { Provider } from '../core/providers.ts';
import type { ProviderAnswer } from '../core/sign-in.types.ts';
import { readIdTokenClaims, type IdTokenClaims } from './id-token-claims.ts';

/** What the start of the flow left behind, needed to accept a callback. */
export interface PendingFlow {
  /** The nonce this flow asked the provider to put in the token. */
  nonce: string;
  /** The provider the flow went to: its own answer is shown as its. */
  provider?: Provider;
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

const MAX_ANSWER_LENGTH = 200;

/**
 * The provider's own error, if it sent one (`#error=access_denied&error_description=...`):
 * its words, never ours, so the page shows them as the provider's (quoted, as text only).
 * The fragment is not signed, so anyone could write one: control and format characters go,
 * and a long text is cut.
 */
function providerAnswerOf(params: URLSearchParams, provider: Provider | undefined): ProviderAnswer | undefined {
  const error = params.get('error');
  if (!error) return undefined;
  const description = params.get('error_description');
  const words = description ? `${error}: ${description}` : error;
  // Control and format characters (C0, DEL, C1; bidirectional overrides) become spaces.
  const text = Array.from(words, (char) => (/[\p{Cc}\p{Cf}]/u.test(char) ? ' ' : char))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  return { provider: provider ?? null, text: text.slice(0, MAX_ANSWER_LENGTH) };
}

/**
 * The fragment's token and its nonce claim when its claims read (an issuer, an audience,
 * a subject); otherwise undefined. Its login lookup may start, while the stored session is
 * read, once that nonce is the started flow's (operations/early-login.ts).
 */
export function readableToken(fragment: string): { jwt: string; nonce: unknown } | undefined {
  const jwt = readFragment(fragment).get('id_token');
  if (!jwt) return undefined;
  try {
    return { jwt, nonce: readIdTokenClaims(jwt).nonce };
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
  if (!jwt) throw SignInError.of('MISSING_ID_TOKEN', providerAnswerOf(params, pending.provider));
  const claims = readIdTokenClaims(jwt);
  // OpenID Connect Core 3.2.2.11: the nonce claim must equal the nonce sent in the request.
  if (claims.nonce !== pending.nonce) throw SignInError.of('NONCE_MISMATCH');
  return { jwt, claims };
}
