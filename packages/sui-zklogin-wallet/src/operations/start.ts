/**
 * The start of a sign-in: an ephemeral key, a nonce for it (checked), the stored session,
 * and the provider's address. Its early part is done ahead of the click: the next key is
 * made in memory as soon as the runtime exists (made-ahead.ts), and at the visitor's
 * intent the nonce is asked for (warm-start.ts) and the session's master key readied;
 * nothing is stored before the click.
 */
import { assertProvider, SignInError } from '../core/errors.ts';
import { PROVIDER_LABELS, type Provider } from '../core/providers.ts';
import type { SignInOperations } from '../core/operations.ts';
import type { StartInput, StartOutput } from '../core/sign-in.types.ts';
import { lazyModule } from '../lazy-module.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import type { SignInSession, SignInState } from '../storage/session-store.ts';
import { createEphemeralKey, type NewEphemeralKey } from '../zklogin/ephemeral-key.ts';
import { readIdTokenClaims } from '../zklogin/id-token-claims.ts';
import { buildAuthorizationUrl } from '../zklogin/authorization-url.ts';
import type { SignInDependencies } from './dependencies.ts';
import { createMadeAhead } from './made-ahead.ts';
import { createWarmStart } from './warm-start.ts';

// The nonce's own check, with only the Poseidon width it needs: loaded at the intent to
// sign in (or the click), never on the first page.
const nonceCheck = lazyModule(() => import('../zklogin/nonce-check.ts'));

export function createStart({
  config,
  client,
  sessions,
  vault,
  encryption,
  now,
}: SignInDependencies): Pick<SignInOperations, 'prepareSignIn' | 'startSignIn'> {
  // The next ephemeral key, made in memory as soon as the runtime exists.
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
      client.createNonce(
        { network: config.network, ephemeralPublicKey: key.publicKey, additionalEpochs: config.additionalEpochs },
        { signal },
      ),
      nonceCheck.load(),
    ]);
    if (!nonceMatches(nonce, key.publicKey)) throw SignInError.of('NONCE_ANSWER_NOT_OURS');
    return { key, nonce };
  };
  const warmStart = createWarmStart(makeKeyAndNonce, now);

  /** What a flow stores of its key and nonce: a new session's, or a renewal's beside the current one. */
  const flowOf = (
    key: NewEphemeralKey,
    nonce: { nonce: string; randomness: string; maxEpoch: number; estimatedExpiration: number },
  ) => ({
    expiresAt: nonce.estimatedExpiration,
    maxEpoch: nonce.maxEpoch,
    randomness: nonce.randomness,
    ephemeralKeyPair: key.stored,
    ephemeralPublicKey: key.publicKey,
    ...(key.nativeKeyId ? { nativeKeyId: key.nativeKeyId } : {}),
    nonce: nonce.nonce,
  });

  const clientIdOf = (provider: Provider) => {
    const clientId = config.clientIds[provider];
    if (!clientId) throw new Error(`Sign-in with ${PROVIDER_LABELS[provider]} is not configured (no client id).`);
    return clientId;
  };

  /** The provider's authorization URL; popup mode's `state` names the window's flow, handed back by the provider. */
  const authorizationUrl = (provider: Provider, clientId: string, nonce: string, state?: string, loginHint?: string) =>
    buildAuthorizationUrl({
      provider,
      clientId,
      authUrl: config.authUrls[provider],
      redirectUrl: config.redirectUrl,
      nonce,
      extraScopes: config.extraScopes,
      extraParams: { ...(state ? { state } : {}), ...(loginHint ? { login_hint: loginHint } : {}) },
    });

  /**
   * "Stay signed in": a new key and nonce for the stored account, with its own provider (the
   * machine's word for it is not needed: storage is believed only sealed). They are stored
   * beside the current session, which stays as it is: the callback continues the account
   * only when the same identity comes back (callback.ts). Google is told whom to expect
   * (`login_hint`, the token's `sub`).
   */
  const startRenewal = async (input: StartInput, signal: AbortSignal): Promise<StartOutput> => {
    const stored = await sessions.read();
    if (!stored?.session.jwt || !stored.state.address) throw SignInError.of('RENEWAL_NOT_POSSIBLE');
    const { state, session } = stored;
    const clientId = clientIdOf(state.provider);
    const { key, nonce } = (await warmStart.take()) ?? (await makeKeyAndNonce(signal));
    const loginHint = state.provider === 'google' ? readIdTokenClaims(session.jwt!).sub : undefined;
    const url = authorizationUrl(state.provider, clientId, nonce.nonce, input.state, loginHint);
    // Added to the session as storage holds it when written: a proof stored meanwhile stays.
    const renewal = flowOf(key, nonce);
    await storeWith(
      async (after) => {
        const written = await sessions.update(
          (current) =>
            current.session.jwt === session.jwt ? { state: current.state, session: { ...current.session, renewal } } : null,
          { after, signal },
        );
        // Signed out, or another session, meanwhile: there is nothing to renew any more.
        if (!written) throw SignInError.of('RENEWAL_NOT_POSSIBLE');
      },
      key,
      signal,
    );
    // A renewal started before and never finished is replaced: its native key goes.
    const previous = session.renewal?.nativeKeyId;
    if (previous && previous !== key.nativeKeyId) await vault.delete(nativeKeyEntry(previous)).catch(() => {});
    return { url, expiresAt: nonce.estimatedExpiration };
  };

  /**
   * Nothing is written until every step that can fail has succeeded. The key goes into the
   * vault while the session is sealed; the session is written only once both have
   * succeeded, and a key whose session could not be written is taken out again.
   */
  const storeWith = async (write: (after: Promise<unknown>) => Promise<unknown>, key: NewEphemeralKey, signal: AbortSignal) => {
    try {
      await write(key.persist());
    } catch (error) {
      await key.discard().catch(() => {});
      // Cancelled (the visitor signed out in another tab meanwhile): nothing was written.
      signal.throwIfAborted();
      if (error instanceof SignInError) throw error;
      SignInError.rethrowAs('STORAGE_WRITE_FAILED')(error);
    }
  };
  const store = (state: SignInState, session: SignInSession, key: NewEphemeralKey, signal: AbortSignal) =>
    storeWith((after) => sessions.save(state, session, { after, signal }), key, signal);

  return {
    prepareSignIn: async () => {
      // The session's master key is readied meanwhile, in memory (it never fails).
      await Promise.all([warmStart.prepare(), encryption.prepare()]);
    },

    startSignIn: async ({ input, signal }) => {
      if (input.renewal) return startRenewal(input, signal);
      // Refuse an unknown provider before anything costs the login service a call.
      assertProvider(input.provider);
      const provider = input.provider;
      const clientId = clientIdOf(provider);
      // A flow started before in this tab and never finished is replaced by this one: its
      // native key goes once this one is stored (read meanwhile, beside the nonce's request).
      const replaced = sessions.readSealedSession().catch(() => null);
      const { key, nonce } = (await warmStart.take()) ?? (await makeKeyAndNonce(signal));
      const url = authorizationUrl(provider, clientId, nonce.nonce, input.state);
      await store({ provider, nonce: nonce.nonce, expiresAt: nonce.estimatedExpiration }, flowOf(key, nonce), key, signal);
      const previous = await replaced;
      if (previous && !previous.jwt && previous.nativeKeyId && previous.nativeKeyId !== key.nativeKeyId) {
        // A key that cannot be deleted is only an orphan: the new flow goes on.
        await vault.delete(nativeKeyEntry(previous.nativeKeyId)).catch(() => {});
      }
      return { url, expiresAt: nonce.estimatedExpiration };
    },
  };
}
