/**
 * The zkLogin account's signatures, and the check that a proof belongs to the account's
 * address: Sui's intent message, its blake2b digest, the ephemeral key's signature, and
 * the zkLogin signature (flag 0x05 and the BCS of proof, max epoch and that signature).
 *
 * Hand-written (over our own BLAKE2b-256, ./blake2b.ts) rather than @mysten/sui's ZkLoginSigner:
 * that signer's base class imports, at its top, Sui's whole BCS type set (transactions,
 * effects) and bech32, and a bundler keeps whatever a module imports. Every visitor
 * who signed a message loaded 16 KB gzip of code that never runs for it. What is here
 * are the few encodings a signature needs; the unit tests hold every byte against the
 * SDK's own ZkLoginSigner and verifier. A transaction is built and executed by the SDK
 * (sui/node-client.ts) and signed here, the same way.
 */
import { toBase64 } from '@mysten/utils';
import { blake2b256 } from './blake2b.ts';

/** The ephemeral key as the zkLogin signature wraps it: any key Sui knows by its flag. */
export interface EphemeralSigner {
  /** Sui's signature-scheme flag (0x00 Ed25519, 0x02 Secp256r1). */
  readonly flag: number;
  /** The public key in Sui's raw form, without the flag byte. */
  readonly publicKey: Uint8Array;
  /** The raw signature of a 32-byte digest, in the form Sui takes. */
  sign(digest: Uint8Array): Promise<Uint8Array>;
}

/** The proof inputs, as the login service returns them (ZkLoginSignatureInputs). */
export interface ZkLoginInputs {
  proofPoints: { a: string[]; b: string[][]; c: string[] };
  issBase64Details: { value: string; indexMod4: number };
  headerBase64: string;
  addressSeed: string;
}

/** What a signature hands back, as the Wallet Standard has it: the signed bytes and the signature, base64. */
export interface SignedBytes {
  bytes: string;
  signature: string;
}

const ZKLOGIN_FLAG = 0x05;
/** Sui's intent scopes; the version (V0) and app (Sui) bytes that follow are both 0. */
const SCOPE = { TransactionData: 0, PersonalMessage: 3 } as const;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** BCS, as far as these structures need it: lengths are ULEB128, integers little-endian. */
class BcsWriter {
  readonly #bytes: number[] = [];

  uleb128(value: number): this {
    let rest = value;
    do {
      const low = rest & 0x7f;
      rest = Math.floor(rest / 0x80);
      this.#bytes.push(rest > 0 ? low | 0x80 : low);
    } while (rest > 0);
    return this;
  }

  u8(value: number): this {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) throw new RangeError(`Not a u8: ${value}`);
    this.#bytes.push(value);
    return this;
  }

  u64(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a u64: ${value}`);
    let rest = BigInt(value);
    for (let i = 0; i < 8; i++, rest >>= 8n) this.#bytes.push(Number(rest & 0xffn));
    return this;
  }

  raw(bytes: ArrayLike<number>): this {
    for (let i = 0; i < bytes.length; i++) this.#bytes.push(bytes[i]!);
    return this;
  }

  /** vector<u8>: the length, then the bytes. */
  byteVector(bytes: ArrayLike<number>): this {
    return this.uleb128(bytes.length).raw(bytes);
  }

  string(text: string): this {
    return this.byteVector(new TextEncoder().encode(text));
  }

  vector<T>(items: readonly T[], write: (item: T) => void): this {
    this.uleb128(items.length);
    for (const item of items) write(item);
    return this;
  }

  toBytes(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.#bytes);
  }
}

/**
 * What comes before the ephemeral key's signature in every zkLogin signature of one proof:
 * the flag, the proof's inputs and the max epoch. Public, and the same for every signature,
 * so a signer encodes it once, when it is made.
 */
function zkLoginSignaturePrefix(inputs: ZkLoginInputs, maxEpoch: number): Uint8Array<ArrayBuffer> {
  const out = new BcsWriter().u8(ZKLOGIN_FLAG);
  const strings = (items: readonly string[]) => out.vector(items, (item) => out.string(item));
  strings(inputs.proofPoints.a);
  out.vector(inputs.proofPoints.b, strings);
  strings(inputs.proofPoints.c);
  out.string(inputs.issBase64Details.value).u8(inputs.issBase64Details.indexMod4);
  out.string(inputs.headerBase64).string(inputs.addressSeed);
  return out.u64(maxEpoch).toBytes();
}

/**
 * The claim a proof carries (`"iss":"…",`), cut from the token's base64url at any offset:
 * `indexMod4` says where in a 4-character group it starts, so the bits of the bytes
 * around it are dropped at both ends.
 */
function claimText({ value, indexMod4 }: ZkLoginInputs['issBase64Details']): string {
  const first = indexMod4 % 4;
  const last = (indexMod4 + value.length - 1) % 4;
  if (value.length < 2 || first === 3 || last === 0) throw new Error('The proof’s issuer claim is not tightly packed.');
  const bytes: number[] = [];
  let skip = 2 * first;
  let byte = 0;
  let bits = 0;
  for (const char of value) {
    const sextet = BASE64URL.indexOf(char);
    if (sextet < 0) throw new Error('The proof’s issuer claim is not base64url.');
    for (let bit = 5; bit >= 0; bit--) {
      if (skip > 0) {
        skip--;
        continue;
      }
      byte = (byte << 1) | ((sextet >> bit) & 1);
      if (++bits === 8) {
        bytes.push(byte);
        byte = 0;
        bits = 0;
      }
    }
  }
  // What is left over are the bits of the byte after the claim (2 × (3 − last) of them).
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** The issuer named by the proof's claim, as Sui's address derivation takes it. */
export function proofIssuer(details: ZkLoginInputs['issBase64Details']): string {
  const claim = claimText(details);
  if (!claim.endsWith('}') && !claim.endsWith(',')) throw new Error('The proof’s issuer claim is not a claim.');
  const parsed: unknown = JSON.parse(`{${claim.slice(0, -1)}}`);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length !== 1 || entries[0]![0] !== 'iss' || typeof entries[0]![1] !== 'string') {
    throw new Error('The proof’s claim is not its issuer.');
  }
  const iss = entries[0]![1];
  // Google's tokens may name their issuer without the scheme; Sui derives from the URL.
  return iss === 'accounts.google.com' ? 'https://accounts.google.com' : iss;
}

/** The zkLogin address of an address seed and issuer: blake2b(0x05 ‖ len ‖ iss ‖ seed as 32 bytes). */
export function zkLoginAddress(addressSeed: bigint, iss: string): string {
  const seed = new Uint8Array(32);
  let rest = addressSeed;
  for (let i = 31; i >= 0; i--, rest >>= 8n) seed[i] = Number(rest & 0xffn);
  const issBytes = new TextEncoder().encode(iss);
  const preimage = new BcsWriter().u8(ZKLOGIN_FLAG).u8(issBytes.length).raw(issBytes).raw(seed).toBytes();
  const digest = blake2b256(preimage);
  return `0x${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The account's signer: the ephemeral key's signatures wrapped in the proof. Made only for
 * a proof whose address seed and issuer give the account's address, so a proof for
 * someone else never signs.
 */
export class ZkLoginAccountSigner {
  readonly #ephemeral: EphemeralSigner;
  readonly #prefix: Uint8Array<ArrayBuffer>;
  readonly #address: string;

  constructor(options: { ephemeral: EphemeralSigner; inputs: ZkLoginInputs; maxEpoch: number; address: string }) {
    const derived = zkLoginAddress(BigInt(options.inputs.addressSeed), proofIssuer(options.inputs.issBase64Details));
    if (derived !== options.address.toLowerCase()) throw new Error(`The proof is for ${derived}, not ${options.address}.`);
    this.#ephemeral = options.ephemeral;
    this.#prefix = zkLoginSignaturePrefix(options.inputs, options.maxEpoch);
    this.#address = derived;
  }

  toSuiAddress(): string {
    return this.#address;
  }

  /** A personal message, signed as BCS vector<u8> under the PersonalMessage intent. */
  async signPersonalMessage(message: Uint8Array): Promise<SignedBytes> {
    const signature = await this.#sign(SCOPE.PersonalMessage, new BcsWriter().byteVector(message).toBytes());
    return { bytes: toBase64(message), signature };
  }

  /** A built transaction's BCS bytes, signed under the TransactionData intent. */
  async signTransaction(bytes: Uint8Array): Promise<SignedBytes> {
    return { bytes: toBase64(bytes), signature: await this.#sign(SCOPE.TransactionData, bytes) };
  }

  async #sign(scope: number, value: Uint8Array): Promise<string> {
    const digest = blake2b256(new BcsWriter().u8(scope).u8(0).u8(0).raw(value).toBytes());
    const ephemeral = this.#ephemeral;
    const userSignature = new BcsWriter()
      .u8(ephemeral.flag)
      .raw(await ephemeral.sign(digest))
      .raw(ephemeral.publicKey)
      .toBytes();
    return toBase64(new BcsWriter().raw(this.#prefix).byteVector(userSignature).toBytes());
  }
}
