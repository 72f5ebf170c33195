/**
 * Signature checks of the mock Sui node, for `executeTransaction` and `verifySignature`.
 *
 * Ed25519, Secp256k1 and Secp256r1 signatures are verified in full with @mysten/sui/verify.
 * A zkLogin signature is verified in full, as a validator verifies it:
 *   - the address computed from the proof's `iss` and `addressSeed` is the author's;
 *   - `maxEpoch` has not passed;
 *   - the inner (ephemeral key's) signature over the same intent message;
 *   - the Groth16 proof over the all-inputs hash, with the key the token's header names,
 *     from the issuer's own published keys (issuer-keys.ts), under a verifying key the node
 *     trusts: built-in mode's (the mock login service's setup) and any given to the mock
 *     server (`--zklogin-verifying-key`); the check is the package's verifier.
 * The reasons given are plain sentences, like the node's own errors.
 */
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { normalizeSuiAddress } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed } from '@mysten/sui/zklogin';
import type { VerifyingKey } from '../../packages/sui-zklogin-wallet/src/groth16.ts';
import { verifyZkLoginSignature, ZkLoginVerificationError } from '../../packages/sui-zklogin-wallet/src/verify.ts';
import type { JwkSource } from '../../packages/sui-zklogin-wallet/src/issuer-keys.ts';

/** What the node trusts for a zkLogin proof: the issuers' keys, and the setups' verifying keys. */
export interface ZkLoginTrust {
  /** The issuers' keys (kept, and fetched again when a token names a key the kept set lacks). */
  issuers: JwkSource;
  verifyingKeys: readonly VerifyingKey[];
}

export type IntentScope = 'TransactionData' | 'PersonalMessage';
export type Verdict = { ok: true } | { ok: false; reason: string };

const verifyInner = (scope: IntentScope, message: Uint8Array, signature: string, address?: string) =>
  scope === 'TransactionData'
    ? verifyTransactionSignature(message, signature, address ? { address } : undefined)
    : verifyPersonalMessageSignature(message, signature, address ? { address } : undefined);

export async function verifySignature(options: {
  scope: IntentScope;
  message: Uint8Array;
  /** Serialized signature (flag || signature || public key, or a zkLogin signature), base64. */
  signature: string;
  author: string;
  currentEpoch: number;
  zkLogin: ZkLoginTrust;
}): Promise<Verdict> {
  const author = normalizeSuiAddress(options.author);
  let parsed: ReturnType<typeof parseSerializedSignature>;
  try {
    parsed = parseSerializedSignature(options.signature);
  } catch (error) {
    return { ok: false, reason: `The signature could not be parsed: ${(error as Error).message}` };
  }
  if (parsed.signatureScheme === 'ZkLogin') {
    const { zkLogin } = parsed;
    if (!zkLogin) return { ok: false, reason: 'The zkLogin signature could not be parsed.' };
    const address = computeZkLoginAddressFromSeed(zkLogin.addressSeed, zkLogin.iss, false);
    const legacy = computeZkLoginAddressFromSeed(zkLogin.addressSeed, zkLogin.iss, true);
    if (address !== author && legacy !== author) {
      return { ok: false, reason: `The zkLogin signature is for ${address}, not for the author ${author}.` };
    }
    if (Number(zkLogin.maxEpoch) < options.currentEpoch) {
      return { ok: false, reason: `ZKLogin expired at epoch ${zkLogin.maxEpoch}; the current epoch is ${options.currentEpoch}.` };
    }
    try {
      await verifyInner(options.scope, options.message, serialized(zkLogin.userSignature));
    } catch {
      return { ok: false, reason: "The zkLogin signature's ephemeral signature does not verify over this message." };
    }
    const refusal = await proofRefusal(options);
    return refusal ? { ok: false, reason: refusal } : { ok: true };
  }
  if (parsed.signatureScheme === 'MultiSig' || parsed.signatureScheme === 'Passkey') {
    return { ok: false, reason: `${parsed.signatureScheme} signatures are not supported by this mock node.` };
  }
  try {
    await verifyInner(options.scope, options.message, options.signature, author);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `The ${parsed.signatureScheme} signature does not verify: ${(error as Error).message}` };
  }
}

const serialized = (signature: Uint8Array | string) =>
  typeof signature === 'string' ? signature : Buffer.from(signature).toString('base64');

/** Why the zkLogin signature's proof is refused, or null: verified under each trusted setup's key in turn. */
async function proofRefusal(options: Parameters<typeof verifySignature>[0]): Promise<string | null> {
  const message = options.scope === 'TransactionData' ? { transaction: options.message } : { personalMessage: options.message };
  let refused: ZkLoginVerificationError | null = null;
  for (const verifyingKey of options.zkLogin.verifyingKeys) {
    try {
      await verifyZkLoginSignature({
        signature: options.signature,
        ...message,
        currentEpoch: options.currentEpoch,
        jwks: options.zkLogin.issuers,
        verifyingKey,
      });
      return null;
    } catch (error) {
      if (!(error instanceof ZkLoginVerificationError)) throw error;
      refused = error;
      // Only a proof may hold under another setup's key; any other refusal is the signature's.
      if (error.code !== 'proof') break;
    }
  }
  return refused?.message ?? null;
}
