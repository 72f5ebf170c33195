/**
 * The actor implementations of signInMachine. Each is one domain operation: a plain
 * async function that returns plain data and throws a SignInError or LoginServiceError.
 * `createSignInActors` wraps them as XState promise actors; the page instead loads them
 * lazily (src/app/lazy-sign-in-actors.ts), so that none of this is on the first page.
 * Sui's crypto code is imported on demand as well.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';
import type {
  CallbackOutput,
  RestoreOutput,
  SignOutput,
  SignedInSession,
  StartInput,
  StartOutput,
} from '../../machines/sign-in.types.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import type { SignInSession, SignInState, StoredSignIn } from '../storage/session-store.ts';
import { readableToken, validateCallback } from '../zklogin/callback.ts';
import { readIdTokenClaims } from '../zklogin/id-token-claims.ts';
import { assertProvider, SignInError } from '../../machines/errors.ts';
import { normalizedSuiAddress } from '../../machines/sui-address.ts';
import { isExpired } from '../../machines/expiry.ts';
import { PROVIDER_LABELS } from '../../machines/providers.ts';
import { buildAuthorizationUrl } from '../zklogin/providers.ts';
import { toSuiPublicKey } from '../zklogin/native-ed25519.ts';
import { createEphemeralKey } from '../zklogin/ephemeral-key.ts';
import type { EphemeralSigner } from '../zklogin/zklogin-signature.ts';
import { Secret } from '../../machines/secret.ts';
import { createChainOperations } from './chain-operations.ts';
import type { SignInDependencies } from './dependencies.ts';
import { lazyModule } from '../lazy-module.ts';
import { createEarlyLogin } from './early-login.ts';
import { createMadeAhead } from './made-ahead.ts';
import { createWarmStart } from './warm-start.ts';

// The key's code is part of this chunk: every sign-in needs it, and as a chunk of its
// own it cost every visitor some 200 bytes of gzip for the split alone.
const signerModule = lazyModule(() => import('../zklogin/signer.ts'));
const loadSigner = signerModule.load;
// The browser's own checks of the login service's answers, each with only the Poseidon
// widths it needs: the nonce's at the intent to sign in, the address's on a callback page,
// beside the lookup. Neither is on the first page.
const nonceCheck = lazyModule(() => import('../zklogin/nonce-check.ts'));
const addressCheck = lazyModule(() => import('../zklogin/address-check.ts'));

/** Fetches the code the next steps need, so that no click waits for it. */
export function preloadSignInCode(): void {
  void loadSigner();
}

const toSuiPublicKeyOf = (key: EphemeralSigner) => toSuiPublicKey(key.flag, key.publicKey);

type ZkSigner = Awaited<ReturnType<Awaited<ReturnType<typeof loadSigner>>['buildZkLoginSigner']>>;

function signedIn({ state, session }: StoredSignIn): SignedInSession | null {
  if (!state.address || !session.jwt) return null;
  return { provider: state.provider, address: state.address, expiresAt: session.expiresAt, publicKey: state.publicKey ?? '' };
}

/** What a promise actor's creator receives, as far as the operations use it. */
export interface OperationArgs<I> {
  input: I;
  signal: AbortSignal;
}
type Operation<O, I> = (args: OperationArgs<I>) => Promise<O>;
const operation = <O, I>(run: Operation<O, I>) => run;

export function createSignInOperations(deps: SignInDependencies) {
  const { config, client, sessions, vault, encryption, tabs, now } = deps;
  // The signer is rebuilt only when the stored proof changes.
  let signerCache: { proofKey: string; signer: ZkSigner } | undefined;
  const proofKey = (session: SignInSession | null) => JSON.stringify([session?.proof, session?.maxEpoch]);

  /** The stored sign-in as far as it is believed (sealed, the plain entry agreeing); nulls otherwise. */
  const readBoth = async (): Promise<{ state: SignInState | null; session: SignInSession | null }> => {
    const stored = await sessions.read();
    return { state: stored?.state ?? null, session: stored?.session ?? null };
  };

  // The next ephemeral key, made in memory as soon as the runtime exists (src/actors/made-ahead.ts).
  const keys = createMadeAhead(() => createEphemeralKey({ native: config.nativeKey, vault }));
  keys.fill();

  /**
   * The ephemeral key and a nonce for it: the part of a start that can be done early. The
   * nonce is checked against this key, maxEpoch and randomness before anything uses it: a
   * service that answered a nonce for a key of its own would have the provider sign a token
   * that lets that key act for the visitor.
   */
  const makeKeyAndNonce = async (signal?: AbortSignal) => {
    // A key made ahead lets the request leave in this task, ahead of the click's render.
    const key = keys.takeReady() ?? (await keys.take().catch(SignInError.rethrowAs('KEY_CREATION_FAILED')));
    const [nonce, { nonceMatches }] = await Promise.all([
      client.createNonce({ network: config.network, ephemeralPublicKey: key.publicKey }, { signal }),
      nonceCheck.load(),
    ]);
    if (!nonceMatches(nonce, key.publicKey)) throw SignInError.of('NONCE_ANSWER_NOT_OURS');
    return { key, nonce };
  };
  const warmStart = createWarmStart(makeKeyAndNonce, now);
  const earlyLogin = createEarlyLogin(client.getLogin);

  /** The stored session's zkLogin signer, rebuilt only when the proof changes. Storage is read every time: another tab may have signed out, or time passed. */
  const currentSigner = async (): Promise<ZkSigner> => {
    const [{ state, session }, { buildZkLoginSigner }] = await Promise.all([readBoth(), loadSigner()]);
    if (session?.proof && isExpired(session.expiresAt, now())) throw SignInError.of('PROOF_EXPIRED');
    const signer =
      signerCache?.proofKey === proofKey(session)
        ? signerCache.signer
        : await buildZkLoginSigner({ session, state, vault, now: now() });
    signerCache = { proofKey: proofKey(session), signer };
    return signer;
  };

  return {
    restoreSession: operation<RestoreOutput, { discardPendingFlow: boolean }>(async ({ input }) => {
      const stored = await sessions.read();
      // Something stored that does not read (corruption, a foreign key, a plain entry that
      // disagrees with the sealed one) is not believed: the visitor is signed out and told.
      if (!stored) return { status: sessions.holdsAnything() ? 'unreadable' : 'empty' };
      const { session } = stored;
      if (isExpired(session.expiresAt, now())) return { status: 'expired' };
      const restored = signedIn(stored);
      // A finished sign-in whose state is gone or corrupt cannot be trusted.
      if (!restored && session.jwt) return { status: 'unreadable' };
      if (!restored) {
        // A sign-in that was started but not finished.
        if (input.discardPendingFlow) {
          sessions.clear();
          // Its native key goes with it; a key that cannot be deleted is only an orphan.
          if (session.nativeKeyId) await vault.delete(nativeKeyEntry(session.nativeKeyId)).catch(() => {});
          return { status: 'empty' };
        }
        return { status: 'empty', pendingFlow: true };
      }
      return { status: session.proof ? 'ready' : 'signed-in', ...restored };
    }),

    prepareSignIn: operation<void, void>(async () => {
      // The session's master key is readied meanwhile, in memory (it never fails).
      await Promise.all([warmStart.prepare(), encryption.prepare()]);
    }),

    startSignIn: operation<StartOutput, StartInput>(async ({ input, signal }) => {
      // Refuse an unknown provider before anything costs the login service a call.
      assertProvider(input.provider);
      const provider = input.provider;
      const clientId = config.clientIds[provider];
      if (!clientId) throw new Error(`Sign-in with ${PROVIDER_LABELS[provider]} is not configured (no client id).`);
      // A flow started before in this tab and never finished is replaced by this one: its
      // native key goes once this one is stored (read meanwhile, beside the nonce's request).
      const replaced = sessions.readSealedSession().catch(() => null);
      const { key, nonce } = (await warmStart.take()) ?? (await makeKeyAndNonce(signal));
      const url = buildAuthorizationUrl({
        provider,
        clientId,
        authUrl: config.authUrls[provider],
        redirectUrl: config.redirectUrl,
        nonce: nonce.nonce,
        extraScopes: config.extraScopes,
        // Popup mode: the provider hands `state` back, so the sign-in window knows whom to tell.
        extraParams: input.state ? { state: input.state } : undefined,
      });
      // Nothing is written until every step that can fail has succeeded. The key goes
      // into the vault while the session is sealed; the session is written only once both
      // have succeeded, and a key whose session could not be written is taken out again.
      try {
        await sessions.save(
          { provider, nonce: nonce.nonce },
          {
            expiresAt: nonce.estimatedExpiration,
            maxEpoch: nonce.maxEpoch,
            randomness: nonce.randomness,
            ephemeralKeyPair: key.stored,
            ephemeralPublicKey: key.publicKey,
            ...(key.nativeKeyId ? { nativeKeyId: key.nativeKeyId } : {}),
            nonce: nonce.nonce,
          },
          { after: key.persist(), signal },
        );
      } catch (error) {
        await key.discard().catch(() => {});
        // Cancelled (the visitor signed out in another tab meanwhile): nothing was written.
        signal.throwIfAborted();
        SignInError.rethrowAs('STORAGE_WRITE_FAILED')(error);
      }
      const previous = await replaced;
      if (previous && !previous.jwt && previous.nativeKeyId && previous.nativeKeyId !== key.nativeKeyId) {
        // A key that cannot be deleted is only an orphan: the new flow goes on.
        await vault.delete(nativeKeyEntry(previous.nativeKeyId)).catch(() => {});
      }
      return { url, expiresAt: nonce.estimatedExpiration };
    }),

    validateCallback: operation<CallbackOutput, { fragment: Secret<string> }>(async ({ input }) => {
      const fragment = input.fragment.reveal();
      // No token leaves before its nonce is checked (OpenID Connect Core 3.2.2.11). The
      // started flow's nonce is kept in the plain entry, so the check needs no decryption:
      // a token that carries it is looked up at once, while the session is decrypted for the
      // full checks below, and fetchLogin takes that answer only if they pass
      // (src/actors/early-login.ts). Any other token goes nowhere.
      const started = sessions.readClearState();
      const token = started?.nonce && !started.address ? readableToken(fragment) : undefined;
      if (token && token.nonce === started!.nonce) earlyLogin.start(token.jwt);
      // The address check's code arrives meanwhile (fetchLogin needs it).
      if (token) void addressCheck.load().catch(() => {});
      try {
        const { state, session } = await readBoth();
        // Only a started, unfinished flow accepts a callback: a replayed token after
        // sign-in finds a session that already has its jwt, and changes nothing.
        const pending = state && session && !session.jwt ? { nonce: session.nonce, provider: state.provider } : null;
        const { jwt } = validateCallback(fragment, pending);
        return { jwt: new Secret(jwt), provider: state!.provider };
      } catch (error) {
        earlyLogin.abandon();
        throw error;
      }
    }),

    fetchLogin: operation<SignedInSession, { jwt: Secret<string> }>(async ({ input, signal }) => {
      const jwt = input.jwt.reveal();
      // The lookup the callback's check started, if any: it has been under way meanwhile.
      const early = earlyLogin.take(jwt, signal);
      const { state, session } = await readBoth().catch((error: unknown) => {
        early?.abort();
        throw error;
      });
      if (!state || !session || session.jwt) {
        early?.abort();
        throw SignInError.of('FLOW_NOT_STARTED');
      }
      const [login, { loginAnswerMatches }] = await Promise.all([
        early?.answer ?? client.getLogin({ jwt }, { signal }),
        addressCheck.load(),
      ]);
      // The address is the token's and the salt's, or it is never shown nor stored.
      if (!loginAnswerMatches(readIdTokenClaims(jwt), login)) throw SignInError.of('LOGIN_ANSWER_NOT_OURS');
      // Kept and shown in its one canonical form (the check allows any case).
      const address = normalizedSuiAddress(login.address)!;
      const signedInState: SignInState = { provider: state.provider, salt: login.salt, address, publicKey: login.publicKey };
      // A sign-out meanwhile (here or in another tab) cancels the write: nothing comes back.
      await sessions.save(signedInState, { ...session, jwt }, { signal }).catch(SignInError.rethrowAs('STORAGE_WRITE_FAILED'));
      return { provider: state.provider, address, expiresAt: session.expiresAt, publicKey: login.publicKey };
    }),

    createProof: operation<void, void>(async ({ signal }) => {
      // With the session read a moment ago (it is on screen) and the signing code loaded,
      // the request goes out in the click's own task: any await before it would let
      // React's render of the proving state go first.
      const peeked = sessions.peek();
      const signing = signerModule.get();
      const [{ state, session }, { buildZkLoginSigner, loadEphemeralSigner }] =
        peeked && signing ? [peeked, signing] : await Promise.all([readBoth(), loadSigner()]);
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
      // Sessions stored before the public key was kept have it only in the key itself.
      const ephemeralPublicKey = session.ephemeralPublicKey ?? toSuiPublicKeyOf(await ephemeral);
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
      await sessions.save(state, withProof, { signal }).catch(SignInError.rethrowAs('STORAGE_WRITE_FAILED'));
      signerCache = { proofKey: proofKey(withProof), signer };
    }),

    signMessage: operation<SignOutput, { message: string }>(async ({ input }) => {
      const signer = await currentSigner();
      const { signature } = await signer.signPersonalMessage(new TextEncoder().encode(input.message));
      return { signature, message: input.message };
    }),

    ...createChainOperations({ config, signer: currentSigner }),

    clearSession: operation<void, { everywhere: boolean }>(async ({ input }) => {
      signerCache = undefined;
      // A lookup a callback started, whose check a sign-out stopped, goes with it.
      earlyLogin.abandon();
      // Only this tab's session ends (expiry, or another tab's sign-out): find its native
      // key before the session that names it is gone.
      // (Whatever the plain entry says: this is only to find what to delete.)
      const nativeKeyId = input.everywhere ? undefined : (await sessions.readSealedSession())?.nativeKeyId;
      sessions.clear();
      encryption.forget();
      if (input.everywhere) {
        // The visitor signed out: no key of this app survives, in any tab. The other tabs
        // are told even if clearing the keys failed: their sign-ins end either way.
        try {
          await vault.clear();
        } finally {
          tabs.announceSignOut();
        }
      } else if (nativeKeyId) {
        await vault.delete(nativeKeyEntry(nativeKeyId));
      }
    }),
  };
}

export type SignInOperations = ReturnType<typeof createSignInOperations>;

/** The promise-actor type of each operation, as the machine expects it. */
export type SignInActors = {
  [K in keyof SignInOperations]: SignInOperations[K] extends Operation<infer O, infer I> ? PromiseActorLogic<O, I> : never;
};

/** Wraps operations as XState promise actors. */
export function toActors(operations: { [K in keyof SignInOperations]: SignInOperations[K] }): SignInActors {
  return Object.fromEntries(
    Object.entries(operations).map(([name, run]) => [name, fromPromise(run as Operation<unknown, unknown>)]),
  ) as SignInActors;
}

/** The machine's actors over real dependencies. */
export function createSignInActors(deps: SignInDependencies): SignInActors {
  return toActors(createSignInOperations(deps));
}
