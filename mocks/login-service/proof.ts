/**
 * A proof the mock login service returns: a real Groth16 proof of the zkLogin circuit's one
 * public input, the all-inputs hash of exactly these inputs (the ephemeral key, the address
 * seed, maxEpoch, the token's `iss` claim and header, the signing key's modulus), made under
 * the mock's own setup (trusted-setup.ts), so that it verifies under built-in mode's key and
 * under no other. Everything else a client checks is real too: issBase64Details points at
 * the token's own `"iss":…` claim, headerBase64 is the token's header, and addressSeed is
 * genAddressSeed(salt, 'sub', sub, aud), so ZkLoginSigner accepts it for the address.
 */
import { genAddressSeed } from '@mysten/sui/zklogin';
import { allInputsHash } from '../../packages/sui-zklogin-wallet/src/all-inputs-hash.ts';
import { proveWithTrapdoor } from './trusted-setup.ts';

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

/** What the proof is of, beside the token: the circuit's other inputs. */
export interface ProofInputs {
  /** The ephemeral public key in Sui form (its flag byte, then the key). */
  ephemeralPublicKey: Uint8Array;
  maxEpoch: number;
  /** The modulus (base64url) of the provider's key that signed the token. */
  modulus: string;
}

export function buildMockProof(
  jwt: string,
  claims: { sub: string; aud: string },
  salt: string,
  { ephemeralPublicKey, maxEpoch, modulus }: ProofInputs,
  /** The setup's prover: built-in mode's by default. */
  prove: (input: bigint) => MockProof['proofPoints'] = proveWithTrapdoor,
): MockProof {
  const details = issBase64Details(jwt);
  const headerBase64 = jwt.split('.')[0] ?? '';
  const addressSeed = genAddressSeed(BigInt(salt), 'sub', claims.sub, claims.aud);
  const input = allInputsHash({
    ephemeralPublicKey,
    addressSeed,
    maxEpoch: BigInt(maxEpoch),
    issBase64Details: details,
    headerBase64,
    modulus,
  });
  return { proofPoints: prove(input), issBase64Details: details, headerBase64, addressSeed: addressSeed.toString() };
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
