/**
 * Groth16 over BN254 for the zkLogin circuit: one public input, checked as
 * e(−A, B) · e(α, β) · e(IC₀ + x·IC₁, γ) · e(C, δ) = 1, the proof's three pairs in one batch
 * (one final exponentiation), with @noble/curves. Written here because no kept library verifies
 * Groth16 without snarkjs's licence; the curve arithmetic, the subgroup checks and the
 * pairing are noble's.
 *
 * A verifying key is prepared once and kept (as arkworks' PreparedVerifyingKey): its points
 * parsed and checked, the Miller loop's line coefficients of γ and δ, and e(α, β) itself, a
 * factor of every check. A proof then costs its own three points' checks, the lines of B,
 * three pairs' Miller loop and one final exponentiation.
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

/**
 * A point's coordinates: a proof's are projective with z = 1 (3 entries, as fastcrypto reads
 * them), a key's affine (2). Any other length is refused: one signature, one encoding.
 */
function affine(coordinates: unknown, form: 'proof' | 'key', one: string, what: string): unknown[] {
  const length = form === 'proof' ? 3 : 2;
  if (!Array.isArray(coordinates) || coordinates.length !== length) {
    throw new ProofFormError(`${what} is not a point (${length} coordinates)`);
  }
  if (form === 'proof' && JSON.stringify(coordinates[2]) !== one) throw new ProofFormError(`${what} is not in affine form`);
  return coordinates;
}

/** A point other than infinity (noble reads (0, 0) as infinity, which no proof or key holds), on the curve and in the group. */
function checked<P extends { is0(): boolean; assertValidity(): void }>(point: P, what: string, group: string): P {
  if (point.is0()) throw new ProofFormError(`${what} is the point at infinity`);
  try {
    point.assertValidity();
  } catch {
    throw new ProofFormError(`${what} is not a point of the curve${group}`);
  }
  return point;
}

function g1(coordinates: unknown, form: 'proof' | 'key', what: string) {
  const [x, y] = affine(coordinates, form, '"1"', what);
  const point = bn254.G1.Point.fromAffine({ x: element(x, Fp.ORDER, what), y: element(y, Fp.ORDER, what) });
  return checked(point, what, '');
}

function g2(coordinates: unknown, form: 'proof' | 'key', what: string) {
  const [x, y] = affine(coordinates, form, '["1","0"]', what);
  // On the curve and in the prime-order subgroup (noble checks both for G2).
  return checked(bn254.G2.Point.fromAffine({ x: fp2(x, what), y: fp2(y, what) }), what, "'s subgroup");
}

type G1Point = ReturnType<typeof g1>;
type Lines = ReturnType<typeof bn254.utils.calcPairingPrecomputes>;

interface PreparedKey {
  ic0: G1Point;
  ic1: G1Point;
  gamma: Lines;
  delta: Lines;
  /** e(α, β): the pairing of (α, β), final exponentiation included (an element of GT). */
  alphaBeta: ReturnType<typeof bn254.millerLoopBatch>;
}

/** A Miller-loop pair: the G2 point's lines, and the G1 point's affine coordinates. */
const pair = (lines: Lines, point: G1Point): [Lines, bigint, bigint] => {
  const { x, y } = point.toAffine();
  return [lines, x, y];
};

/**
 * Prepared keys, by their points' values (not by object: a key object changed after it was
 * prepared, or parsed afresh for each call, still gets its own preparation). A caller has a
 * few keys at most; the oldest is dropped past eight.
 */
const preparedKeys = new Map<string, PreparedKey>();
const PREPARED_KEYS_KEPT = 8;

/**
 * `key` parsed, checked and prepared for verifying (kept for the key object: a caller that
 * verifies many proofs under one key pays this once). Call it ahead to take it off the
 * first proof's time. A malformed key throws ProofFormError.
 */
export function preparedKey(key: VerifyingKey): PreparedKey {
  const id = JSON.stringify([key.alpha_g1, key.beta_g2, key.gamma_g2, key.delta_g2, key.ic_g1]);
  let prepared = preparedKeys.get(id);
  if (!prepared) {
    const lines = bn254.utils.calcPairingPrecomputes;
    if (!Array.isArray(key.ic_g1) || key.ic_g1.length !== 2)
      throw new ProofFormError('the key has not two IC points (one public input)');
    const beta = lines(g2(key.beta_g2, 'key', 'the key point beta'));
    prepared = {
      ic0: g1(key.ic_g1[0], 'key', 'the key point IC0'),
      ic1: g1(key.ic_g1[1], 'key', 'the key point IC1'),
      gamma: lines(g2(key.gamma_g2, 'key', 'the key point gamma')),
      delta: lines(g2(key.delta_g2, 'key', 'the key point delta')),
      alphaBeta: bn254.fields.Fp12.finalExponentiate(
        bn254.millerLoopBatch([pair(beta, g1(key.alpha_g1, 'key', 'the key point alpha'))]),
      ),
    };
    if (preparedKeys.size >= PREPARED_KEYS_KEPT) preparedKeys.delete(preparedKeys.keys().next().value!);
    preparedKeys.set(id, prepared);
  }
  return prepared;
}

/** Whether `proof` proves the one public input `input` under `key`. Malformed input throws ProofFormError. */
export function verifyGroth16(key: VerifyingKey, proof: ProofPoints, input: bigint): boolean {
  if (input < 0n || input >= ORDER) throw new ProofFormError('the public input is not a scalar of the curve');
  const a = g1(proof.a, 'proof', 'the proof point A');
  const b = g2(proof.b, 'proof', 'the proof point B');
  const c = g1(proof.c, 'proof', 'the proof point C');
  const { ic0, ic1, gamma, delta, alphaBeta } = preparedKey(key);
  const inputTerm = input === 0n ? ic0 : ic0.add(ic1.multiply(input));
  const pairs = [pair(bn254.utils.calcPairingPrecomputes(b), a.negate()), pair(delta, c)];
  // IC₀ + x·IC₁ at infinity pairs to 1: it adds no factor.
  if (!inputTerm.is0()) pairs.push(pair(gamma, inputTerm));
  const { Fp12 } = bn254.fields;
  // The final exponentiation is a homomorphism: the three pairs' product, exponentiated, times e(α, β).
  return Fp12.eql(Fp12.mul(Fp12.finalExponentiate(bn254.millerLoopBatch(pairs)), alphaBeta), Fp12.ONE);
}
