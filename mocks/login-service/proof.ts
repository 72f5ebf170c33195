/**
 * A proof the mock login service returns. Its points are random field elements (no real
 * prover runs here), but everything a client checks is real: issBase64Details points at
 * the token's own `"iss":…` claim, headerBase64 is the token's header, and addressSeed is
 * genAddressSeed(salt, 'sub', sub, aud), so ZkLoginSigner accepts it for the address.
 */
import { genAddressSeed } from '@mysten/sui/zklogin';

export interface MockProof {
  proofPoints: { a: string[]; b: string[][]; c: string[] };
  issBase64Details: { value: string; indexMod4: number };
  headerBase64: string;
  addressSeed: string;
}

function base64UrlToText(segment: string): string {
  return Buffer.from(segment, 'base64url').toString('utf8');
}

/**
 * The base64url slice of the payload that covers exactly the `"iss":"…",` claim, and the
 * slice's start index mod 4 (how many bits of the first character belong to the claim).
 */
export function issBase64Details(jwt: string): { value: string; indexMod4: number } {
  const payloadSegment = jwt.split('.')[1] ?? '';
  const json = base64UrlToText(payloadSegment);
  const start = json.indexOf('"iss":"');
  if (start < 0) throw new Error('token has no iss claim');
  const closingQuote = json.indexOf('"', start + '"iss":"'.length);
  const end = closingQuote + 2; // include the quote and the following ',' or '}'
  const encoder = new TextEncoder();
  const startByte = encoder.encode(json.slice(0, start)).length;
  const endByte = encoder.encode(json.slice(0, end)).length;
  const startChar = Math.floor((startByte * 4) / 3);
  const endChar = Math.ceil((endByte * 4) / 3);
  return { value: payloadSegment.slice(startChar, endChar), indexMod4: startChar % 4 };
}

function randomFieldElement(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(31));
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`).toString();
}

export function buildMockProof(jwt: string, claims: { sub: string; aud: string }, salt: string): MockProof {
  const point = () => [randomFieldElement(), randomFieldElement(), '1'];
  return {
    proofPoints: {
      a: point(),
      b: [
        [randomFieldElement(), randomFieldElement()],
        [randomFieldElement(), randomFieldElement()],
        ['1', '0'],
      ],
      c: point(),
    },
    issBase64Details: issBase64Details(jwt),
    headerBase64: jwt.split('.')[0] ?? '',
    addressSeed: genAddressSeed(BigInt(salt), 'sub', claims.sub, claims.aud).toString(),
  };
}

/** A deterministic salt per identity (issuer, audience, subject), below 2^128. */
export async function saltFor(secret: string, claims: { iss: string; aud: string; sub: string }): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${claims.iss}|${claims.aud}|${claims.sub}`)),
  );
  return BigInt(`0x${Buffer.from(mac.slice(0, 16)).toString('hex')}`).toString();
}
