/**
 * The mock login service's own Groth16 setup for the zkLogin circuit's one public input, and
 * its prover. Whoever knows a setup's trapdoor (α, β, γ, δ and the input coefficients) can
 * make a proof for any public input without the circuit: that is what this mock does, so
 * that built-in mode's proofs are real proofs of the real all-inputs hash, which verify
 * under this setup's key (BUILT_IN_VERIFYING_KEY, which the verifier, the browser and the
 * mock node know) and under no other: not under the prod or the test key.
 *
 * The trapdoor is derived from a fixed label (so the key is a constant the browser can carry)
 * and never leaves this module: only the verifying key and proofs do. The key is insecure by
 * design, as devnet's is: only built-in mode trusts it. `trustedSetup(name)` makes another
 * setup the same way: another login service's prover, whose key a node must be given
 * (`--zklogin-verifying-key`) to accept its proofs.
 *
 * A proof is A = a·G1, B = b·G2, C = c·G1 with random a, b and
 * c = (a·b − α·β − γ·(ic₀ + x·ic₁)) / δ, so that e(A, B) = e(α, β)·e(IC₀ + x·IC₁, γ)·e(C, δ).
 */
import { createHash } from 'node:crypto';
import { bn254 } from '@noble/curves/bn254.js';
import type { ProofPoints, VerifyingKey } from '../../packages/sui-zklogin-wallet/src/groth16.ts';

const Fr = bn254.fields.Fr;
const G1 = bn254.G1.Point.BASE;
const G2 = bn254.G2.Point.BASE;

/** A non-zero scalar from the label (a trapdoor's parts). */
function scalar(label: string): bigint {
  const digest = createHash('sha256').update(label).digest('hex');
  return (BigInt(`0x${digest}`) % (Fr.ORDER - 1n)) + 1n;
}

const g1Affine = (point: typeof G1): [string, string] => {
  const { x, y } = point.toAffine();
  return [x.toString(), y.toString()];
};
const g2Affine = (point: typeof G2): [[string, string], [string, string]] => {
  const { x, y } = point.toAffine();
  return [
    [x.c0.toString(), x.c1.toString()],
    [y.c0.toString(), y.c1.toString()],
  ];
};

/** A random non-zero scalar. */
function randomScalar(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return (BigInt(`0x${Buffer.from(bytes).toString('hex')}`) % (Fr.ORDER - 1n)) + 1n;
}

/** A Groth16 setup for one public input, its trapdoor derived from `name` (null: built-in mode's own). */
export function trustedSetup(name: string | null) {
  const prefix = name === null ? 'sui-zklogin-wallet mock setup: ' : `sui-zklogin-wallet mock setup (${name}): `;
  const [alpha, beta, gamma, delta, ic0, ic1] = ['alpha', 'beta', 'gamma', 'delta', 'ic0', 'ic1'].map((part) =>
    scalar(`${prefix}${part}`),
  ) as [bigint, bigint, bigint, bigint, bigint, bigint];
  return {
    /** This setup's verifying key, in the shape of the published ones. */
    verifyingKey(): VerifyingKey {
      return {
        alpha_g1: g1Affine(G1.multiply(alpha)),
        beta_g2: g2Affine(G2.multiply(beta)),
        gamma_g2: g2Affine(G2.multiply(gamma)),
        delta_g2: g2Affine(G2.multiply(delta)),
        ic_g1: [g1Affine(G1.multiply(ic0)), g1Affine(G1.multiply(ic1))],
        note:
          name === null
            ? "built-in mode's mock login service: insecure, its trapdoor is in this repository"
            : `a mock login service (${name}): insecure, its trapdoor is in this repository`,
      };
    },
    /** A proof of the public input `input` (the all-inputs hash) under this setup, as a zkLogin signature carries it. */
    prove(input: bigint): ProofPoints {
      const a = randomScalar();
      const b = randomScalar();
      const inputTerm = Fr.add(ic0, Fr.mul(Fr.create(input), ic1));
      const c = Fr.div(Fr.sub(Fr.sub(Fr.mul(a, b), Fr.mul(alpha, beta)), Fr.mul(gamma, inputTerm)), delta);
      const [ax, ay] = g1Affine(G1.multiply(a));
      const [bx, by] = g2Affine(G2.multiply(b));
      const [cx, cy] = g1Affine(G1.multiply(c));
      return { a: [ax, ay, '1'], b: [bx, by, ['1', '0']], c: [cx, cy, '1'] };
    },
    /**
     * The one public input x whose term IC₀ + x·IC₁ is the point at infinity (x = −ic₀ / ic₁):
     * a corner a verifier must get right, which only the trapdoor can prove.
     */
    inputAtInfinity: Fr.div(Fr.neg(ic0), ic1),
  };
}

/** Built-in mode's setup: its key is the verifier's BUILT_IN_VERIFYING_KEY. */
const BUILT_IN_SETUP = trustedSetup(null);
export const mockVerifyingKey = BUILT_IN_SETUP.verifyingKey;
export const proveWithTrapdoor = BUILT_IN_SETUP.prove;
export const INPUT_AT_INFINITY = BUILT_IN_SETUP.inputAtInfinity;
