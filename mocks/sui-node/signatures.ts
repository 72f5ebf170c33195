/**
 * Signature checks of the mock Sui node, for `executeTransaction` and `verifySignature`.
 *
 * Ed25519, Secp256k1 and Secp256r1 signatures are verified in full with @mysten/sui/verify.
 * A zkLogin signature is checked in everything except its Groth16 proof, which this mock
 * cannot verify (the mock login service's proofs are not real proofs):
 *   - the inner (ephemeral key's) signature over the same intent message;
 *   - the address computed from the proof's `iss` and `addressSeed` is the author's;
 *   - `maxEpoch` has not passed.
 * So a zkLogin signature whose proof does not bind its ephemeral key would pass here but
 * not on a real node. The reasons given are plain sentences, like the node's own errors.
 */
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { normalizeSuiAddress } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed } from '@mysten/sui/zklogin';

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
    return { ok: true };
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
