/**
 * Groth16 over BN254 for the zkLogin circuit: one public input, checked as
 * e(−A, B) · e(α, β) · e(IC₀ + x·IC₁, γ) · e(C, δ) = 1 in one batch (one final
 * exponentiation), with @noble/curves. Written here because no kept library verifies
 * Groth16 without snarkjs's licence; the curve arithmetic, the subgroup checks and the
 * pairing are noble's.
 *
 * A verifying key is prepared once and kept (as arkworks' PreparedVerifyingKey): its points
 * parsed and checked, the Miller loop's line coefficients of γ and δ, and the Miller loop of
 * (α, β), whose value is a factor of every batch (a batch's Miller loop is the product of
 * its pairs' loops). A proof then costs its own three points' checks, the lines of B, three
 * pairs' Miller loop and the final exponentiation.
 */
import { bn254 } from '@noble/curves/bn254.js';

/** A verifying key as fastcrypto publishes it: affine coordinates in decimal. */
export interface VerifyingKey {
  alpha_g1: [string, string];
  beta_g2: [[string, string], [string, string]];
  gamma_g2: [[string, string], [string, string]];
  delta_g2: [[string, string], [string, string]];
  ic_g1: [[string, string], [string, string]];
  /** Where the key comes from (the published keys carry one). */
  note?: string;
}

/** A proof as a zkLogin signature carries it: projective coordinates in decimal, z = 1. */
export interface ProofPoints {
  a: string[];
  b: string[][];
  c: string[];
}

/** A refusal of the proof's form (a point off the curve, a number out of its field). */
export class ProofFormError extends Error {}

const { Fp, Fp2 } = bn254.fields;
const ORDER = bn254.fields.Fr.ORDER;

/** A canonical field element: decimal digits only, below the field's modulus. */
function element(value: unknown, modulus: bigint, what: string): bigint {
  if (typeof value !== 'string' || !/^(0|[1-9][0-9]*)$/.test(value)) throw new ProofFormError(`${what} is not a decimal number`);
  const number = BigInt(value);
  if (number >= modulus) throw new ProofFormError(`${what} is not a canonical field element`);
  return number;
}

const fp2 = (pair: unknown, what: string) => {
  if (!Array.isArray(pair) || pair.length !== 2) throw new ProofFormError(`${what} is not a pair`);
  return Fp2.create({ c0: element(pair[0], Fp.ORDER, what), c1: element(pair[1], Fp.ORDER, what) });
};

function g1(coordinates: unknown, what: string) {
  if (!Array.isArray(coordinates) || coordinates.length < 2) throw new ProofFormError(`${what} is not a point`);
  if (coordinates.length === 3 && coordinates[2] !== '1') throw new ProofFormError(`${what} is not in affine form`);
  const point = bn254.G1.Point.fromAffine({
    x: element(coordinates[0], Fp.ORDER, what),
    y: element(coordinates[1], Fp.ORDER, what),
  });
  try {
    point.assertValidity();
  } catch {
    throw new ProofFormError(`${what} is not a point of the curve`);
  }
  return point;
}

function g2(coordinates: unknown, what: string) {
  if (!Array.isArray(coordinates) || coordinates.length < 2) throw new ProofFormError(`${what} is not a point`);
  if (coordinates.length === 3 && JSON.stringify(coordinates[2]) !== '["1","0"]') {
    throw new ProofFormError(`${what} is not in affine form`);
  }
  const point = bn254.G2.Point.fromAffine({ x: fp2(coordinates[0], what), y: fp2(coordinates[1], what) });
  try {
    // On the curve and in the prime-order subgroup (noble checks both for G2).
    point.assertValidity();
  } catch {
    throw new ProofFormError(`${what} is not a point of the curve's subgroup`);
  }
  return point;
}

type G1Point = ReturnType<typeof g1>;
type Lines = ReturnType<typeof bn254.utils.calcPairingPrecomputes>;

interface PreparedKey {
  ic0: G1Point;
  ic1: G1Point;
  gamma: Lines;
  delta: Lines;
  /** The Miller loop of (α, β), before the final exponentiation. */
  alphaBeta: ReturnType<typeof bn254.millerLoopBatch>;
}

/** A Miller-loop pair: the G2 point's lines, and the G1 point's affine coordinates. */
const pair = (lines: Lines, point: G1Point): [Lines, bigint, bigint] => {
  const { x, y } = point.toAffine();
  return [lines, x, y];
};

const preparedKeys = new WeakMap<VerifyingKey, PreparedKey>();

/**
 * `key` parsed, checked and prepared for verifying (kept for the key object: a caller that
 * verifies many proofs under one key pays this once). Call it ahead to take it off the
 * first proof's time. A malformed key throws ProofFormError.
 */
export function preparedKey(key: VerifyingKey): PreparedKey {
  let prepared = preparedKeys.get(key);
  if (!prepared) {
    const lines = bn254.utils.calcPairingPrecomputes;
    const beta = lines(g2(key.beta_g2, 'the key point beta'));
    prepared = {
      ic0: g1(key.ic_g1[0], 'the key point IC0'),
      ic1: g1(key.ic_g1[1], 'the key point IC1'),
      gamma: lines(g2(key.gamma_g2, 'the key point gamma')),
      delta: lines(g2(key.delta_g2, 'the key point delta')),
      alphaBeta: bn254.millerLoopBatch([pair(beta, g1(key.alpha_g1, 'the key point alpha'))]),
    };
    preparedKeys.set(key, prepared);
  }
  return prepared;
}

/** Whether `proof` proves the one public input `input` under `key`. Malformed input throws ProofFormError. */
export function verifyGroth16(key: VerifyingKey, proof: ProofPoints, input: bigint): boolean {
  if (input < 0n || input >= ORDER) throw new ProofFormError('the public input is not a scalar of the curve');
  const a = g1(proof.a, 'the proof point A');
  const b = g2(proof.b, 'the proof point B');
  const c = g1(proof.c, 'the proof point C');
  const { ic0, ic1, gamma, delta, alphaBeta } = preparedKey(key);
  const inputTerm = input === 0n ? ic0 : ic0.add(ic1.multiply(input));
  const pairs = [pair(bn254.utils.calcPairingPrecomputes(b), a.negate()), pair(delta, c)];
  // IC₀ + x·IC₁ at infinity pairs to 1: it adds no factor.
  if (!inputTerm.is0()) pairs.push(pair(gamma, inputTerm));
  const { Fp12 } = bn254.fields;
  return Fp12.eql(Fp12.finalExponentiate(Fp12.mul(bn254.millerLoopBatch(pairs), alphaBeta)), Fp12.ONE);
}
