/**
 * The answers of the login service (Enoki API v1), checked before anything uses them.
 */
import * as v from 'valibot';

export const NonceAnswer = v.object({
  nonce: v.pipe(v.string(), v.minLength(1)),
  randomness: v.pipe(v.string(), v.minLength(1)),
  epoch: v.number(),
  maxEpoch: v.number(),
  estimatedExpiration: v.number(),
});

export const LoginAnswer = v.object({
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/i)),
  publicKey: v.string(),
  salt: v.pipe(v.string(), v.minLength(1)),
});

/** The zkLogin proof, as the service returns it (and as the session stores it). */
export const ProofAnswer = v.object({
  proofPoints: v.object({
    a: v.array(v.string()),
    b: v.array(v.array(v.string())),
    c: v.array(v.string()),
  }),
  issBase64Details: v.object({ value: v.string(), indexMod4: v.number() }),
  headerBase64: v.string(),
  addressSeed: v.string(),
});

/** `{ data: T }` on success. */
export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ data });

/** `{ errors: [{ code, message }] }` on failure. */
export const ErrorEnvelope = v.object({
  errors: v.pipe(v.array(v.object({ code: v.optional(v.string()), message: v.optional(v.string()) })), v.minLength(1)),
});

export type NonceAnswer = v.InferOutput<typeof NonceAnswer>;
export type LoginAnswer = v.InferOutput<typeof LoginAnswer>;
export type ProofAnswer = v.InferOutput<typeof ProofAnswer>;
