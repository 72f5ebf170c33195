/**
 * The login service's proof, checked before it is stored or used for anything (issue 45,
 * point 3): a broken or lying service's proof would make every later signature fail on
 * chain, with nothing said when it arrived. Loaded lazily, with the verifier (BN254's
 * pairing, Poseidon): never on the first page.
 *
 * Offline first: the Groth16 proof over the all-inputs hash of this session's inputs, with
 * the issuer's key that the token's header names, fetched from the issuer's discovery
 * document and kept. Where this page cannot fetch the issuer's keys (a provider that does
 * not allow it, a policy that does not let the page ask), the Sui node checks a signature
 * made with the new proof over a fixed message instead. When neither can be had, the proof
 * is not kept: the visitor tries again.
 */
import {
  BUILT_IN_VERIFYING_KEY,
  issuerKeys,
  prepareVerifyingKey,
  verifyZkLoginProof,
  ZkLoginVerificationError,
  type ZkLoginProof,
} from '../verify.ts';
import type { Verification } from '../core/sign-in.types.ts';
import { readHeaderKid, readIdTokenClaims } from './id-token-claims.ts';
import type { WalletConfig } from '../config.ts';

/** Ours: the proof does not hold for this session's inputs. */
export const PROOF_DOES_NOT_VERIFY =
  "The login service's proof does not verify, so it was not stored. Please create the proof again.";
/** Ours: no check could be made, so the proof was not kept. */
export const PROOF_NOT_CHECKED =
  "The login service's proof could not be checked (neither the provider's keys nor the Sui node could be reached), so it was not stored. Please try again.";
/** What the node is asked to verify when the issuer's keys are out of this page's reach. */
export const PROOF_CHECK_MESSAGE = 'zkLogin proof check';

/** The verdict of the node on a signature, as the app's node reads give it. */
export type NodeVerdict = Verification;

export interface ProofCheck {
  proof: ZkLoginProof;
  /** The token the proof was made for (its issuer's keys are fetched). */
  jwt: string;
  /** The ephemeral public key in Sui form (flag byte, then the key). */
  ephemeralPublicKey: Uint8Array;
  maxEpoch: number;
  verifyingKey: WalletConfig['zkLoginVerifyingKey'];
  /** Signs the fixed message with the new proof (a zkLogin signature), for the node's check. */
  signWithProof: (message: Uint8Array) => Promise<string>;
  address: string;
  /** The node's verdict on a zkLogin signature over a personal message (throws when it cannot be reached). */
  nodeVerifies: (input: { message: string; signature: string; address: string }) => Promise<NodeVerdict>;
  fetcher?: typeof fetch;
}

const defaultFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * Issuers whose published keys no page can read: Facebook's discovery document and keys are
 * reported to send no CORS header, so a page's Content-Security-Policy has no reason to allow
 * them either. Not asked for at all: the node checks those proofs, and the page logs no
 * blocked request.
 */
const KEYS_OUT_OF_A_PAGES_REACH: ReadonlySet<string> = new Set(['https://www.facebook.com']);
/** Each fetcher's kept keys (the page has one; a test passes its own issuer). */
const keptKeys = new WeakMap<typeof fetch, ReturnType<typeof issuerKeys>>();

/**
 * The issuer's keys, from its discovery document and jwks_uri, kept for the next proof and
 * fetched again at once when the token names a key the kept set lacks (the issuer rotated
 * its keys). Any issuer: the token's was checked at the callback. A failed fetch is not kept.
 */
function keysFor(fetcher: typeof fetch) {
  let keys = keptKeys.get(fetcher);
  if (!keys) keptKeys.set(fetcher, (keys = issuerKeys({ issuers: 'any', fetch: fetcher, minRefetchMs: 0 })));
  return keys;
}

/**
 * Gets the check of `jwt`'s proof ready ahead (while the prover works, or at the page's idle
 * time): fetches the issuer's keys, and prepares the verifying key (its points checked, its
 * fixed part of the pairing computed), so that the check waits for the proof's own part of
 * the pairing alone. A failure is kept for no one: the check tries again, and says why.
 */
export function prepareProofCheck(
  jwt: string,
  verifyingKey: WalletConfig['zkLoginVerifyingKey'],
  fetcher: typeof fetch = defaultFetch,
): void {
  try {
    const kid = readHeaderKid(jwt);
    const iss = issuerOf(jwt);
    // Its proof goes to the node: neither its keys nor the verifying key will be used here.
    if (KEYS_OUT_OF_A_PAGES_REACH.has(iss)) return;
    keysFor(fetcher)(iss, kid === undefined ? undefined : { kid }).catch(() => {});
  } catch {
    // An unreadable token: the check itself says so.
  }
  try {
    prepareVerifyingKey(verifyingKeyOf(verifyingKey));
  } catch {
    // A malformed key: the check refuses the proof.
  }
}

const verifyingKeyOf = (key: WalletConfig['zkLoginVerifyingKey']) => (key === 'built-in' ? BUILT_IN_VERIFYING_KEY : key);

/** The token's issuer (the token was checked at the callback; one that cannot be read fails the check here too). */
function issuerOf(jwt: string): string {
  try {
    return readIdTokenClaims(jwt).iss;
  } catch {
    throw new Error(PROOF_DOES_NOT_VERIFY);
  }
}

/** The check's own time, as a User Timing measure (DevTools' Performance panel shows it; `npm run bench` reads it). */
export const PROOF_CHECK_MEASURE = 'zkLogin proof check';

/**
 * The proof checked here, with the issuer's keys: true when it holds; false when the keys
 * could not be fetched (the node checks it then); throws when it does not hold.
 */
async function checkedOffline(check: ProofCheck, iss: string): Promise<boolean> {
  const keys = keysFor(check.fetcher ?? defaultFetch);
  let keysOutOfReach = false;
  try {
    await verifyZkLoginProof({
      proof: check.proof,
      iss,
      ephemeralPublicKey: check.ephemeralPublicKey,
      maxEpoch: check.maxEpoch,
      verifyingKey: verifyingKeyOf(check.verifyingKey),
      jwks: (issuer, wanted) =>
        keys(issuer, wanted).catch((error: unknown) => {
          keysOutOfReach = true;
          throw error;
        }),
    });
    return true;
  } catch (error) {
    if (!(error instanceof ZkLoginVerificationError)) throw error;
    if (!keysOutOfReach) throw new Error(PROOF_DOES_NOT_VERIFY, { cause: error });
    return false;
  }
}

/** Resolves when the proof holds; throws with our message when it does not, or cannot be checked. */
export async function checkProof(check: ProofCheck): Promise<void> {
  const start = performance.now();
  try {
    await checkNow(check);
  } finally {
    performance.measure(PROOF_CHECK_MEASURE, { start });
  }
}

async function checkNow(check: ProofCheck): Promise<void> {
  const iss = issuerOf(check.jwt);
  if (!KEYS_OUT_OF_A_PAGES_REACH.has(iss) && (await checkedOffline(check, iss))) return;
  // The issuer's keys are out of this page's reach: the node checks a signature made with the proof.
  const signature = await check.signWithProof(new TextEncoder().encode(PROOF_CHECK_MESSAGE));
  let verdict: NodeVerdict;
  try {
    verdict = await check.nodeVerifies({ message: PROOF_CHECK_MESSAGE, signature, address: check.address });
  } catch (cause) {
    throw new Error(PROOF_NOT_CHECKED, { cause });
  }
  if (verdict.status !== 'verified') throw new Error(PROOF_DOES_NOT_VERIFY);
}
