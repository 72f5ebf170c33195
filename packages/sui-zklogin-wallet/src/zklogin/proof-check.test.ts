/**
 * The login service's proof, checked before it is stored: offline with the issuer's keys
 * from its discovery document; by the node when the page cannot fetch them; refused with our
 * message when it does not verify, and when no check can be made.
 */
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { describe, expect, it, vi } from 'vitest';
import { createSigningKeys } from '../../../../mocks/idp/signing-keys.ts';
import { mintIdToken } from '../../../../mocks/idp/tokens.ts';
import { TEST_IDENTITIES } from '../../../../mocks/identities.ts';
import { buildMockProof } from '../../../../mocks/login-service/proof.ts';
import {
  checkProof,
  PROOF_CHECK_MEASURE,
  PROOF_CHECK_MESSAGE,
  PROOF_DOES_NOT_VERIFY,
  PROOF_NOT_CHECKED,
  prepareProofCheck,
  type ProofCheck,
} from './proof-check.ts';

const ISS = 'https://idp.check.test/idp/google';
const MAX_EPOCH = 12;

async function scene(iss = ISS) {
  const keys = createSigningKeys();
  const jwt = await mintIdToken(keys, {
    provider: 'google',
    issuer: iss,
    clientId: 'client-google',
    nonce: 'a-nonce',
    identity: TEST_IDENTITIES[0]!,
  });
  const { publicJwk } = await keys.forProvider('google');
  const ephemeral = Ed25519Keypair.generate();
  const ephemeralPublicKey = ephemeral.getPublicKey().toSuiBytes();
  const proof = buildMockProof(jwt, { sub: TEST_IDENTITIES[0]!.sub, aud: 'client-google' }, '42', {
    ephemeralPublicKey,
    maxEpoch: MAX_EPOCH,
    modulus: publicJwk.n ?? '',
  });
  const asked: string[] = [];
  /** The issuer's discovery document and keys, as the mock provider serves them. */
  const issuer = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url === `${iss}/.well-known/openid-configuration`) return Response.json({ jwks_uri: `${iss}/jwks` });
    if (url === `${iss}/jwks`) return Response.json({ keys: [publicJwk] });
    return new Response('', { status: 404 });
  }) as typeof fetch;
  const check = (overrides: Partial<ProofCheck> = {}): ProofCheck => ({
    proof,
    jwt,
    ephemeralPublicKey,
    maxEpoch: MAX_EPOCH,
    verifyingKey: 'built-in',
    signWithProof: async () => 'a-zklogin-signature',
    address: '0xabc',
    nodeVerifies: vi.fn(async () => ({ status: 'verified' as const })),
    fetcher: issuer,
    ...overrides,
  });
  return { proof, check, asked };
}

describe("the login service's proof, checked before it is stored", () => {
  it('a real proof holds offline, with the issuer’s keys from its discovery document; the node is not asked', async () => {
    const { check, asked } = await scene();
    const proofCheck = check();
    const measured = performance.getEntriesByName(PROOF_CHECK_MEASURE).length;
    await expect(checkProof(proofCheck)).resolves.toBeUndefined();
    expect(asked).toEqual([`${ISS}/.well-known/openid-configuration`, `${ISS}/jwks`]);
    expect(proofCheck.nodeVerifies).not.toHaveBeenCalled();
    // Its time, as a User Timing measure (DevTools; the bench reads it).
    expect(performance.getEntriesByName(PROOF_CHECK_MEASURE)).toHaveLength(measured + 1);
  });

  it('a proof whose points do not prove the inputs, another maxEpoch, or another key: refused with our message', async () => {
    const { check, proof } = await scene();
    const { a, c } = proof.proofPoints;
    await expect(checkProof(check({ proof: { ...proof, proofPoints: { ...proof.proofPoints, a: c, c: a } } }))).rejects.toThrow(
      PROOF_DOES_NOT_VERIFY,
    );
    await expect(checkProof(check({ maxEpoch: MAX_EPOCH + 1 }))).rejects.toThrow(PROOF_DOES_NOT_VERIFY);
    await expect(
      checkProof(check({ ephemeralPublicKey: Ed25519Keypair.generate().getPublicKey().toSuiBytes() })),
    ).rejects.toThrow(PROOF_DOES_NOT_VERIFY);
    // Under the prod key, built-in mode's proofs do not hold.
    await expect(checkProof(check({ verifyingKey: 'prod' }))).rejects.toThrow(PROOF_DOES_NOT_VERIFY);
  });

  it("where the page cannot fetch the issuer's keys, the node checks a signature made with the proof over a fixed message", async () => {
    const { check } = await scene();
    const unreachable = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const signed: string[] = [];
    const byNode = check({
      fetcher: unreachable,
      signWithProof: async (message) => (signed.push(new TextDecoder().decode(message)), 'signed-with-the-proof'),
    });
    await expect(checkProof(byNode)).resolves.toBeUndefined();
    expect(signed).toEqual([PROOF_CHECK_MESSAGE]);
    expect(byNode.nodeVerifies).toHaveBeenCalledWith({
      message: PROOF_CHECK_MESSAGE,
      signature: 'signed-with-the-proof',
      address: '0xabc',
    });

    const refused = check({ fetcher: unreachable, nodeVerifies: async () => ({ status: 'refused', reason: 'bad proof' }) });
    await expect(checkProof(refused)).rejects.toThrow(PROOF_DOES_NOT_VERIFY);
    const noNode = check({
      fetcher: unreachable,
      nodeVerifies: async () => {
        throw new Error('The Sui node could not be reached.');
      },
    });
    await expect(checkProof(noNode)).rejects.toThrow(PROOF_NOT_CHECKED);
  });

  it("Facebook's keys, which no page can read, are never asked for: the node checks its proofs, prepared ahead or not", async () => {
    const { check, asked } = await scene('https://www.facebook.com');
    const proofCheck = check();
    prepareProofCheck(proofCheck.jwt, 'built-in', proofCheck.fetcher);
    await expect(checkProof(proofCheck)).resolves.toBeUndefined();
    expect(asked).toEqual([]);
    expect(proofCheck.nodeVerifies).toHaveBeenCalledOnce();
  });

  it('prepared ahead (while the prover works): the issuer’s keys are fetched then, and the check fetches nothing more', async () => {
    const { check, asked } = await scene();
    const proofCheck = check();
    prepareProofCheck(proofCheck.jwt, 'built-in', proofCheck.fetcher);
    await vi.waitFor(() => expect(asked).toEqual([`${ISS}/.well-known/openid-configuration`, `${ISS}/jwks`]));
    await expect(checkProof(proofCheck)).resolves.toBeUndefined();
    expect(asked).toHaveLength(2);
    // An unreadable token, or a malformed key, is left for the check to refuse.
    expect(() => prepareProofCheck('not-a-token', 'built-in', proofCheck.fetcher)).not.toThrow();
    expect(() => prepareProofCheck(proofCheck.jwt, { note: 'malformed' } as never, proofCheck.fetcher)).not.toThrow();
  });
});
