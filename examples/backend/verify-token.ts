/**
 * A dApp's backend learns who signed in from the provider's token (the id_token the
 * visitor's browser holds): it checks the token's signature against the provider's
 * published keys, its issuer, its audience (the dApp's client id) and its expiry, then
 * trusts its `sub`. With `jose`. The keys' address is discovered as OpenID Connect says:
 * `jwks_uri` in `<issuer>/.well-known/openid-configuration`. Each issuer's discovery and
 * each key set are kept for the life of the process, so keys are fetched once (and again
 * only when a token names a key id they do not hold, as `createRemoteJWKSet` does).
 *
 *   bash scripts/node.sh examples/backend/verify-token.ts <token> <issuer> <client id>
 *
 * It prints the identity as JSON, or why the token was refused (and exits with 1).
 * Google: issuer https://accounts.google.com. Built-in mode: issuer
 * http://localhost:5173/__mock/idp/google (the mock provider serves the same discovery document).
 */
import { pathToFileURL } from 'node:url';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface VerifiedIdentity {
  /** The provider's stable id for the person. */
  sub: string;
  iss: string;
  /** When the token stops being valid (seconds since 1970). */
  exp: number;
}

/** One key set per JWKS URL, for the life of the process: jose caches the keys inside it. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
/** Each issuer's `jwks_uri`, discovered once (a failed discovery is not kept). */
const discovered = new Map<string, Promise<string>>();

function keySet(jwksUrl: string) {
  let keys = keySets.get(jwksUrl);
  if (!keys) keySets.set(jwksUrl, (keys = createRemoteJWKSet(new URL(jwksUrl))));
  return keys;
}

/** The issuer's `jwks_uri`, from its OpenID Connect discovery document (whose `issuer` must be this one). */
function jwksUrlOf(issuer: string): Promise<string> {
  let url = discovered.get(issuer);
  if (!url) {
    url = (async () => {
      const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`The issuer's discovery document could not be read (HTTP ${response.status}).`);
      const configuration = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (configuration.issuer !== issuer) throw new Error("The issuer's discovery document names another issuer.");
      if (typeof configuration.jwks_uri !== 'string') throw new Error("The issuer's discovery document names no jwks_uri.");
      return configuration.jwks_uri;
    })();
    discovered.set(issuer, url);
    url.catch(() => discovered.delete(issuer));
  }
  return url;
}

/** The token's identity, once its signature, issuer, audience and expiry hold; else it throws why. */
export async function whoSignedInByToken(
  token: string,
  expected: { issuer: string; audience: string; jwksUrl?: string },
): Promise<VerifiedIdentity> {
  const keys = keySet(expected.jwksUrl ?? (await jwksUrlOf(expected.issuer)));
  const { payload } = await jwtVerify(token, keys, { issuer: expected.issuer, audience: expected.audience });
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('The token names no subject.');
  return { sub: payload.sub, iss: payload.iss!, exp: payload.exp };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [token, issuer, audience] = process.argv.slice(2);
  try {
    console.log(JSON.stringify(await whoSignedInByToken(token!, { issuer: issuer!, audience: audience! })));
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
