/**
 * A dApp's backend learns who signed in from the provider's token (the id_token the
 * visitor's browser holds): it checks the token's signature against the provider's
 * published keys, its issuer, its audience (the dApp's client id) and its expiry, then
 * trusts its `sub`. With `jose`, the provider's keys fetched (and cached) from its JWKS.
 *
 *   npx tsx examples/backend/verify-token.ts <token> <issuer> <client id>
 *
 * Google: issuer https://accounts.google.com, keys https://www.googleapis.com/oauth2/v3/certs.
 * Built-in mode: issuer http://localhost:5173/__mock/idp/google, keys at <issuer>/jwks.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface VerifiedIdentity {
  /** The provider's stable id for the person. */
  sub: string;
  iss: string;
  /** When the token stops being valid (seconds since 1970). */
  exp: number;
}

/** The token's identity, once its signature, issuer, audience and expiry hold; else it throws why. */
export async function whoSignedInByToken(
  token: string,
  expected: { issuer: string; audience: string; jwksUrl?: string },
): Promise<VerifiedIdentity> {
  const keys = createRemoteJWKSet(new URL(expected.jwksUrl ?? `${expected.issuer}/jwks`));
  const { payload } = await jwtVerify(token, keys, { issuer: expected.issuer, audience: expected.audience });
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('The token names no subject.');
  return { sub: payload.sub, iss: payload.iss!, exp: payload.exp };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [token, issuer, audience] = process.argv.slice(2);
  console.log(await whoSignedInByToken(token!, { issuer: issuer!, audience: audience! }));
}
