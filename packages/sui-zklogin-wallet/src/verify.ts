/**
 * `sui-zklogin-wallet/verify`: a zkLogin signature checked in full, offline, as a Sui
 * validator checks it: the Groth16 proof over the circuit's all-inputs hash, the JWK the
 * token's header names, the address from the address seed and the issuer, maxEpoch against
 * the current epoch, and the ephemeral key's own signature over the intent message.
 *
 * ```ts
 * const { address } = await verifyZkLoginSignature({ signature, personalMessage, currentEpoch, jwks });
 * ```
 *
 * Without `jwks`, the issuer's keys are fetched from its published keys (issuer-keys.ts), for
 * the providers' issuers only (Google, Facebook, Twitch), and kept for the process.
 * A refusal throws a ZkLoginVerificationError whose `code` names what failed.
 *
 * @module sui-zklogin-wallet/verify
 */
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { toBase64 } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed } from '@mysten/sui/zklogin';
import { allInputsHash, InputError } from './all-inputs-hash.ts';
import { normalizedSuiAddress } from './core/sui-address.ts';
import { preparedKey, ProofFormError, verifyGroth16, type ProofPoints, type VerifyingKey } from './groth16.ts';
import { issuerKeys, PROVIDER_ISSUERS, type JwkSource } from './issuer-keys.ts';
import { PROD_VERIFYING_KEY, TEST_VERIFYING_KEY } from './verifying-keys.ts';

export type { ProofPoints, VerifyingKey } from './groth16.ts';
export { fetchIssuerKeys, issuerKeys, PROVIDER_ISSUERS, type IssuerKeysOptions, type JwkSource } from './issuer-keys.ts';
export { BUILT_IN_VERIFYING_KEY, PROD_VERIFYING_KEY, TEST_VERIFYING_KEY } from './verifying-keys.ts';

/** What failed: the signature's form, the proof, the signer, the epoch, the issuer's key, the ephemeral signature. */
export type RefusalCode = 'input' | 'proof' | 'address' | 'epoch' | 'jwk' | 'signature';

/** A refusal, thrown by verifyZkLoginSignature, verifyZkLoginProof and prepareVerifyingKey: its `code` says what failed. */
export class ZkLoginVerificationError extends Error {
  override name = 'ZkLoginVerificationError';
  /** What failed. */
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** An RSA key of the issuer's JWK set (the fields the check reads). */
export interface Jwk {
  /** The key's id, as a token's header names it. */
  kid: string;
  /** The RSA modulus, base64url. */
  n: string;
  /** The exponent, base64url: `'AQAB'` (65537) when given. */
  e?: string;
  /** The key type: `'RSA'` when given. */
  kty?: string;
  alg?: string;
}

/**
 * The options of {@link verifyZkLoginSignature}: the signature, the signed bytes (exactly one of
 * `personalMessage` and `transaction`), and what it is checked against.
 */
export type VerifyOptions = {
  /** The serialized zkLogin signature, base64 (flag 0x05), as a wallet returns it. */
  signature: string;
  /** The current epoch: a signature whose `maxEpoch` is before it is refused. */
  currentEpoch: number | bigint;
  /**
   * The most epochs `maxEpoch` may lie ahead of the current one, as validators bound it
   * (the protocol's `zklogin_max_epoch_upper_bound_delta`, 30 on mainnet and testnet today);
   * unbounded when left out.
   */
  maxEpochsAhead?: number;
  /**
   * The issuer's keys, or a function that gives them for an issuer (told the `kid` the token
   * names). Left out: the providers' published keys, fetched and kept (PROVIDER_ISSUERS only).
   */
  jwks?: JwkSource;
  /** 'prod' (mainnet and testnet, the default), 'test' (devnet), or a key of that shape. */
  verifyingKey?: 'prod' | 'test' | VerifyingKey;
  /**
   * The expected signer: another one is refused. Any form Sui reads (`0x2`, upper case, no
   * `0x`) is compared as its normalized one; a string that is no Sui address is refused (`input`).
   */
  address?: string;
} & ({ personalMessage: Uint8Array; transaction?: undefined } | { transaction: Uint8Array; personalMessage?: undefined });

const refuse = (code: RefusalCode, message: string): never => {
  throw new ZkLoginVerificationError(code, message);
};

function tokenHeader(headerBase64: string): { kid?: unknown; alg?: unknown } {
  try {
    const json = atob(headerBase64.replaceAll('-', '+').replaceAll('_', '/'));
    const header: unknown = JSON.parse(json);
    if (typeof header === 'object' && header !== null) return header as { kid?: unknown };
  } catch {
    // Refused below.
  }
  return refuse('input', "The token's header is not base64url JSON.");
}

/** The flags of the ephemeral signature schemes a zkLogin signature may carry. */
const EPHEMERAL_SCHEMES = new Set([0x00, 0x01, 0x02]);

let kept: ReturnType<typeof issuerKeys> | undefined;
/** The providers' keys, fetched on first use and kept for the process. */
const providersKeys = () => (kept ??= issuerKeys({ issuers: PROVIDER_ISSUERS }));

const keyOf = (choice: VerifyOptions['verifyingKey']) =>
  choice === undefined || choice === 'prod' ? PROD_VERIFYING_KEY : choice === 'test' ? TEST_VERIFYING_KEY : choice;

/**
 * Prepares a verifying key ahead ('prod' by default): its points checked and the fixed part of
 * the pairing computed, kept for the process. Verifying does it on first use; calling it at
 * start-up (a backend) or while a proof is being made (a wallet) takes it off the first
 * verification's time. A malformed key throws ZkLoginVerificationError('input').
 */
export function prepareVerifyingKey(verifyingKey: VerifyOptions['verifyingKey'] = 'prod'): void {
  try {
    preparedKey(keyOf(verifyingKey));
  } catch (error) {
    if (error instanceof ProofFormError) refuse('input', error.message);
    throw error;
  }
}

/**
 * The expected signer in the one form addresses are compared in (0x and 64 lower-case hex
 * digits), however it was written: a short form, upper case, without 0x (the core's
 * normalizedSuiAddress, as the wallet compares addresses). Anything else is refused: the empty
 * string, what is not hex digits, and anything but a string a JavaScript caller may pass.
 */
function expectedSigner(address: unknown): string {
  return (
    normalizedSuiAddress(address) ?? refuse('input', `The expected address ${JSON.stringify(address)} is not a Sui address.`)
  );
}

/** The signer's address if `signature` is a valid zkLogin signature of the message or transaction; else throws. */
export async function verifyZkLoginSignature(options: VerifyOptions): Promise<{ address: string }> {
  const expected = options.address === undefined ? undefined : expectedSigner(options.address);
  let parsed: ReturnType<typeof parseSerializedSignature>;
  try {
    parsed = parseSerializedSignature(options.signature);
  } catch {
    return refuse('input', 'The signature is not a serialized Sui signature.');
  }
  if (parsed.signatureScheme !== 'ZkLogin') return refuse('input', 'The signature is not a zkLogin signature.');
  const { inputs, maxEpoch, userSignature, iss, addressSeed } = parsed.zkLogin;

  // The ephemeral key's own signature over the intent message: Ed25519, Secp256k1 or
  // Secp256r1 (flags 0, 1, 2), as a validator takes it; the SDK would verify others too.
  if (!EPHEMERAL_SCHEMES.has(userSignature[0]!)) {
    return refuse('signature', "The ephemeral key's signature is not Ed25519, Secp256k1 or Secp256r1.");
  }
  const userSignatureBase64 = toBase64(userSignature);
  let ephemeralKey;
  try {
    ephemeralKey =
      options.transaction !== undefined
        ? await verifyTransactionSignature(options.transaction, userSignatureBase64)
        : await verifyPersonalMessageSignature(options.personalMessage, userSignatureBase64);
  } catch {
    return refuse('signature', "The ephemeral key's signature does not hold for this message.");
  }

  const epoch = BigInt(options.currentEpoch);
  if (!/^[0-9]+$/.test(maxEpoch)) return refuse('input', 'maxEpoch is not a whole number.');
  if (BigInt(maxEpoch) < epoch)
    return refuse('epoch', `The signature's maxEpoch (${maxEpoch}) is before the current epoch (${epoch}).`);
  if (options.maxEpochsAhead !== undefined && BigInt(maxEpoch) > epoch + BigInt(options.maxEpochsAhead)) {
    return refuse(
      'epoch',
      `The signature's maxEpoch (${maxEpoch}) is more than ${options.maxEpochsAhead} epochs after the current one (${epoch}).`,
    );
  }

  const address = computeZkLoginAddressFromSeed(addressSeed, iss, false);
  if (expected !== undefined && expected !== address) {
    // Addresses made before the seed was padded to 32 bytes stay valid on chain.
    const legacy = computeZkLoginAddressFromSeed(addressSeed, iss, true);
    if (expected !== legacy) return refuse('address', `The signature is not ${expected}'s: it is ${address}'s.`);
  }

  await verifyZkLoginProof({
    proof: { ...inputs, addressSeed: addressSeed.toString() },
    iss,
    ephemeralPublicKey: ephemeralKey.toSuiBytes(),
    maxEpoch,
    jwks: options.jwks,
    verifyingKey: options.verifyingKey,
  });
  return { address: expected ?? address };
}

/** A zkLogin proof as a login service answers it (and as a zkLogin signature carries it). */
export interface ZkLoginProof {
  proofPoints: ProofPoints;
  issBase64Details: { value: string; indexMod4: number };
  headerBase64: string;
  addressSeed: string;
}

/** The options of {@link verifyZkLoginProof}. */
export interface ProofCheckOptions {
  proof: ZkLoginProof;
  /** The issuer the token names (its `iss`). */
  iss: string;
  /** The ephemeral public key in Sui form: its scheme's flag byte, then the key. */
  ephemeralPublicKey: Uint8Array;
  maxEpoch: number | bigint | string;
  jwks?: JwkSource;
  verifyingKey?: VerifyOptions['verifyingKey'];
}

/**
 * The proof alone, before anything is signed with it (a wallet checks the login service's
 * answer before storing it): the Groth16 proof over the all-inputs hash of these inputs, with
 * the issuer's key that the token's header names. Resolves when it holds; else throws a
 * ZkLoginVerificationError (`input`, `jwk` or `proof`).
 */
export async function verifyZkLoginProof({
  proof,
  iss,
  ephemeralPublicKey,
  maxEpoch,
  jwks,
  verifyingKey,
}: ProofCheckOptions): Promise<void> {
  const { kid } = tokenHeader(proof.headerBase64);
  if (typeof kid !== 'string') return refuse('input', "The token's header names no key (kid).");
  let keys: readonly Jwk[];
  try {
    const source = jwks ?? providersKeys();
    keys = typeof source === 'function' ? await source(iss, { kid }) : source;
  } catch (cause) {
    return refuse('jwk', `The keys of ${iss} could not be had: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return refuse('jwk', `${iss} has no key ${kid}.`);
  if ((jwk.kty !== undefined && jwk.kty !== 'RSA') || (jwk.e !== undefined && jwk.e !== 'AQAB')) {
    return refuse('jwk', `The key ${kid} is not an RSA key with exponent 65537.`);
  }
  if (!/^[0-9]+$/.test(String(maxEpoch))) return refuse('input', 'maxEpoch is not a whole number.');
  if (!/^[0-9]+$/.test(proof.addressSeed)) return refuse('input', 'The address seed is not a whole number.');
  try {
    const hash = allInputsHash({
      ephemeralPublicKey,
      addressSeed: BigInt(proof.addressSeed),
      maxEpoch: BigInt(maxEpoch),
      issBase64Details: proof.issBase64Details,
      headerBase64: proof.headerBase64,
      modulus: jwk.n,
    });
    if (!verifyGroth16(keyOf(verifyingKey), proof.proofPoints, hash)) {
      return refuse('proof', 'The zkLogin proof does not verify.');
    }
  } catch (error) {
    if (error instanceof ProofFormError || error instanceof InputError) return refuse('input', error.message);
    throw error;
  }
}
