/**
 * Minting and verifying the mock provider's id_tokens (RS256, compact JSON payload, so
 * that the login service can point into it with issBase64Details like a real prover).
 */
import { SignJWT, jwtVerify, decodeJwt, type JWTPayload } from 'jose';
import { isMockProvider, type MockProvider, type TestIdentity } from '../identities.ts';
import type { SigningKeys } from './signing-keys.ts';

export interface MintRequest {
  provider: MockProvider;
  issuer: string;
  clientId: string;
  nonce: string;
  identity: TestIdentity;
  /** Extra or overriding claims, for tests of malformed tokens. */
  claims?: Record<string, unknown>;
  now?: number;
}

export async function mintIdToken(keys: SigningKeys, request: MintRequest): Promise<string> {
  const key = await keys.forProvider(request.provider);
  const iat = Math.floor((request.now ?? Date.now()) / 1000);
  // Claim order matters for the proof's issBase64Details: iss first, as Google does.
  const payload: JWTPayload = {
    iss: request.issuer,
    azp: request.clientId,
    aud: request.clientId,
    sub: request.identity.sub,
    email: request.identity.email,
    email_verified: true,
    name: request.identity.name,
    nonce: request.nonce,
    iat,
    exp: iat + 3600,
    ...request.claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

/** The provider an issuer URL belongs to: issuers end in /idp/<provider>. */
export function providerOfIssuer(issuer: unknown): MockProvider | undefined {
  if (typeof issuer !== 'string') return undefined;
  const match = /\/idp\/([a-z]+)$/.exec(issuer);
  return match && isMockProvider(match[1]) ? match[1] : undefined;
}

/** Verifies signature, issuer and expiry. Throws with a reason on any failure. */
export async function verifyIdToken(
  keys: SigningKeys,
  jwt: string,
): Promise<JWTPayload & { iss: string; sub: string; aud: string }> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(jwt).iss;
  } catch {
    throw new Error('the token is not a JWT');
  }
  const provider = providerOfIssuer(issuer);
  if (!provider) throw new Error('the token was not issued by a known provider');
  const { publicKey } = await keys.forProvider(provider);
  const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['RS256'], issuer: issuer as string });
  if (typeof payload.sub !== 'string' || typeof payload.aud !== 'string') {
    throw new Error('the token lacks sub or a single aud');
  }
  return payload as JWTPayload & { iss: string; sub: string; aud: string };
}
