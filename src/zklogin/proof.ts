/**
 * The zkLogin proof as the login service returns it and as the session stores it.
 */
import * as v from 'valibot';

export const ProofSchema = v.object({
  proofPoints: v.object({
    a: v.array(v.string()),
    b: v.array(v.array(v.string())),
    c: v.array(v.string()),
  }),
  issBase64Details: v.object({ value: v.string(), indexMod4: v.number() }),
  headerBase64: v.string(),
  addressSeed: v.string(),
});

export type ZkLoginProof = v.InferOutput<typeof ProofSchema>;
