/**
 * A personal message signed with the package's real test vector (zklogin-vectors.json: its
 * ephemeral key and its proof, devnet's key), for the checks that verify a real signature
 * outside the unit tests: the bench's verifier timing and the packed tarball's check.
 */
import { readFileSync } from 'node:fs';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { computeZkLoginAddressFromSeed, getZkLoginSignature } from '@mysten/sui/zklogin';
import type { Jwk } from '../src/verify.ts';

const [vector] = JSON.parse(readFileSync(new URL('./zklogin-vectors.json', import.meta.url), 'utf8')).vectors;

/** `text` signed with the vector; the verifier's options for it (under the 'test' key), and the signer. */
export async function vectorSignature(text: string) {
  const ephemeral = Ed25519Keypair.fromSecretKey(Uint8Array.from(vector.ephemeralSecretKey));
  const personalMessage = new TextEncoder().encode(text);
  const { signature: userSignature } = await ephemeral.signPersonalMessage(personalMessage);
  const { proofPoints, issBase64Details, headerBase64, addressSeed, maxEpoch } = vector;
  return {
    options: {
      signature: getZkLoginSignature({
        inputs: { proofPoints, issBase64Details, headerBase64, addressSeed },
        maxEpoch,
        userSignature,
      }),
      personalMessage,
      currentEpoch: maxEpoch as number,
      jwks: [vector.jwk as Jwk],
      verifyingKey: 'test' as const,
    },
    address: computeZkLoginAddressFromSeed(BigInt(addressSeed), vector.iss, false),
  };
}
