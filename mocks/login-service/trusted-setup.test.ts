/**
 * Built-in mode's proofs are real proofs: the mock login service's own setup gives the key
 * the verifier knows as built-in mode's, and its proofs verify under that key for any input,
 * for that input only, and under no published key.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyGroth16 } from '../../packages/sui-zklogin-wallet/src/groth16.ts';
import {
  BUILT_IN_VERIFYING_KEY,
  PROD_VERIFYING_KEY,
  TEST_VERIFYING_KEY,
} from '../../packages/sui-zklogin-wallet/src/verifying-keys.ts';
import { INPUT_AT_INFINITY, mockVerifyingKey, proveWithTrapdoor } from './trusted-setup.ts';

/** BN254's scalar field: where the all-inputs hash lives. */
const FIELD_ORDER = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

describe("the mock login service's trusted setup", () => {
  it("gives the key the verifier carries as built-in mode's", () => {
    expect(mockVerifyingKey()).toEqual(BUILT_IN_VERIFYING_KEY);
  });

  it('proves any public input: the proof verifies under the built-in key for that input only, and under neither published key', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: FIELD_ORDER - 1n }), (input) => {
        const proof = proveWithTrapdoor(input);
        expect(verifyGroth16(BUILT_IN_VERIFYING_KEY, proof, input)).toBe(true);
        expect(verifyGroth16(BUILT_IN_VERIFYING_KEY, proof, (input + 1n) % FIELD_ORDER)).toBe(false);
        expect(verifyGroth16(PROD_VERIFYING_KEY, proof, input)).toBe(false);
        expect(verifyGroth16(TEST_VERIFYING_KEY, proof, input)).toBe(false);
      }),
      { numRuns: 8 },
    );
  }, 60_000);

  it('proves the input whose term IC0 + x·IC1 is the point at infinity, and the verifier accepts that proof', () => {
    const proof = proveWithTrapdoor(INPUT_AT_INFINITY);
    expect(verifyGroth16(BUILT_IN_VERIFYING_KEY, proof, INPUT_AT_INFINITY)).toBe(true);
    expect(verifyGroth16(BUILT_IN_VERIFYING_KEY, proof, INPUT_AT_INFINITY + 1n)).toBe(false);
  });
});
