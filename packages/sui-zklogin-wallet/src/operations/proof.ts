/**
 * The proof, on demand, and the zkLogin signer built from it: Create proof asks the login
 * service, checks the proof builds a signer for this address, and stores it; every
 * signature (a message, a transfer, a dApp's request) signs with the stored session's
 * signer, kept while the stored proof is the same.
 */
import { SignInError } from '../core/errors.ts';
import { isExpired } from '../core/expiry.ts';
import type { SignInOperations } from '../core/operations.ts';
import { lazyModule } from '../lazy-module.ts';
import { readStored, type SignInSession } from '../storage/session-store.ts';
import { toSuiPublicKey } from '../zklogin/native-ed25519.ts';
import type { EphemeralSigner } from '../zklogin/zklogin-signature.ts';
import type { SignInDependencies } from './dependencies.ts';
import type { ProofCheck } from '../zklogin/proof-check.ts';
import type { WalletConfig } from '../config.ts';
import { fromBase64 } from '@mysten/utils';

const signerModule = lazyModule(() => import('../zklogin/signer.ts'));
/** The check of a new proof (the verifier: BN254's pairing), loaded with Create proof's first steps. */
const proofCheckModule = lazyModule(() => import('../zklogin/proof-check.ts'));

/** Fetches the signing code, so that no click waits for it. */
export function preloadSignerCode(): void {
  void signerModule.load();
}

/**
 * Fetches the proof's check and the issuer's keys for `jwt`'s proof to come, and prepares the
 * verifying key, so that Create proof waits for none of them.
 */
export function preloadProofCheck(jwt: string, verifyingKey: WalletConfig['zkLoginVerifyingKey']): Promise<void> {
  return proofCheckModule.load().then(
    ({ prepareProofCheck }) => prepareProofCheck(jwt, verifyingKey),
    () => {},
  );
}

type ZkSigner = Awaited<ReturnType<Awaited<ReturnType<typeof signerModule.load>>['buildZkLoginSigner']>>;

const suiPublicKeyOf = (key: EphemeralSigner) => toSuiPublicKey(key.flag, key.publicKey);

/** What the signer is built from: it is rebuilt only when this changes. */
const proofKey = (session: SignInSession | null) => JSON.stringify([session?.proof, session?.maxEpoch]);

/** Ours: the session was replaced (renewed, or signed out) while its proof was made. */
export const PROOF_FOR_ANOTHER_SESSION = 'The session changed while its proof was being made. Please create the proof again.';

/** Create proof and a personal message's signature (the machine's), and the signer every other signature uses. */
interface ProofSteps extends Pick<SignInOperations, 'createProof' | 'signMessage'> {
  currentSigner: () => Promise<ZkSigner>;
  forgetSigner: () => void;
}

/**
 * `nodeVerifies`: the node's verdict on a zkLogin signature over a personal message, for a
 * new proof whose issuer's keys this page cannot fetch (proof-check.ts).
 */
export function createProofSteps(
  { config, client, sessions, vault, now }: SignInDependencies,
  nodeVerifies: ProofCheck['nodeVerifies'],
): ProofSteps {
  let signerCache: { proofKey: string; signer: ZkSigner } | undefined;

  /** The stored session's zkLogin signer. Storage is read every time: another tab may have signed out, or time passed. */
  const currentSigner = async (): Promise<ZkSigner> => {
    const [{ state, session }, { buildZkLoginSigner }] = await Promise.all([readStored(sessions), signerModule.load()]);
    if (session?.proof && isExpired(session.expiresAt, now())) throw SignInError.of('PROOF_EXPIRED');
    const signer =
      signerCache?.proofKey === proofKey(session)
        ? signerCache.signer
        : await buildZkLoginSigner({ session, state, vault, now: now() });
    signerCache = { proofKey: proofKey(session), signer };
    return signer;
  };

  return {
    currentSigner,
    /** The session ended: no signer of it is kept. */
    forgetSigner: () => void (signerCache = undefined),

    createProof: async ({ signal }) => {
      // With the session read a moment ago (it is on screen) and the signing code loaded,
      // the request goes out in the click's own task: any await before it would let
      // React's render of the proving state go first.
      const peeked = sessions.peek();
      const signing = signerModule.get();
      const [{ state, session }, { buildZkLoginSigner, loadEphemeralSigner }] =
        peeked && signing ? [peeked, signing] : await Promise.all([readStored(sessions), signerModule.load()]);
      if (session?.proof) {
        if (isExpired(session.expiresAt, now())) throw SignInError.of('PROOF_EXPIRED');
        return;
      }
      if (!state?.salt || !session?.ephemeralKeyPair || !session.maxEpoch || !session.randomness || !session.jwt) {
        throw SignInError.of('MISSING_PROOF_PARAMETERS');
      }
      if (isExpired(session.expiresAt, now())) throw SignInError.of('SESSION_EXPIRED');
      // The request goes out at once; the signer's key is rebuilt while it is under way.
      const ephemeral = loadEphemeralSigner(session, vault);
      ephemeral.catch(() => {});
      // The proof's check, and the issuer's keys it needs, are fetched while the prover works.
      const checking = proofCheckModule.load();
      void preloadProofCheck(session.jwt, config.zkLoginVerifyingKey);
      // Sessions stored before the public key was kept have it only in the key itself.
      const ephemeralPublicKey = session.ephemeralPublicKey ?? suiPublicKeyOf(await ephemeral);
      const proof = await client.createProof(
        {
          jwt: session.jwt,
          network: config.network,
          ephemeralPublicKey,
          maxEpoch: session.maxEpoch,
          randomness: session.randomness,
        },
        { signal },
      );
      const withProof = { ...session, proof };
      // Build the signer before storing: a proof that does not match our address is refused.
      const signer = await buildZkLoginSigner({ session: withProof, state, vault, now: now(), ephemeralSigner: await ephemeral });
      // The proof itself, before it is stored or used: a proof that does not verify is refused.
      await (
        await checking
      ).checkProof({
        proof,
        jwt: session.jwt,
        ephemeralPublicKey: fromBase64(ephemeralPublicKey),
        maxEpoch: session.maxEpoch,
        verifyingKey: config.zkLoginVerifyingKey,
        signWithProof: async (message) => (await signer.signPersonalMessage(message)).signature,
        address: signer.toSuiAddress(),
        nodeVerifies,
      });
      // Added to the session as storage holds it when written (a renewal started meanwhile
      // stays), and only to the session it was made for.
      const written = await sessions
        .update(
          (current) =>
            current.session.nonce === session.nonce && current.session.jwt === session.jwt
              ? { state: current.state, session: { ...current.session, proof } }
              : null,
          { signal },
        )
        .catch(SignInError.rethrowAs('STORAGE_WRITE_FAILED'));
      if (!written) throw new Error(PROOF_FOR_ANOTHER_SESSION);
      signerCache = { proofKey: proofKey(withProof), signer };
    },

    signMessage: async ({ input }) => {
      const signer = await currentSigner();
      const { signature } = await signer.signPersonalMessage(new TextEncoder().encode(input.message));
      return { signature, message: input.message };
    },
  };
}
