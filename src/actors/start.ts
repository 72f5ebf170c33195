/**
 * The start of a sign-in: an ephemeral key, a nonce for it (checked), the stored session,
 * and the provider's address. Its early part is done ahead of the click: the next key is
 * made in memory as soon as the runtime exists (made-ahead.ts), and at the visitor's
 * intent the nonce is asked for (warm-start.ts) and the session's master key readied;
 * nothing is stored before the click.
 */
import { assertProvider, SignInError } from '../../machines/errors.ts';
import { PROVIDER_LABELS } from '../../machines/providers.ts';
import type { StartInput, StartOutput } from '../../machines/sign-in.types.ts';
import { lazyModule } from '../lazy-module.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { createEphemeralKey } from '../zklogin/ephemeral-key.ts';
import { buildAuthorizationUrl } from '../zklogin/providers.ts';
import type { SignInDependencies } from './dependencies.ts';
import { createMadeAhead } from './made-ahead.ts';
import { operation } from './operation.ts';
import { createWarmStart } from './warm-start.ts';

// The nonce's own check, with only the Poseidon width it needs: loaded at the intent to
// sign in (or the click), never on the first page.
const nonceCheck = lazyModule(() => import('../zklogin/nonce-check.ts'));

export function createStart({ config, client, sessions, vault, encryption, now }: SignInDependencies) {
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

  return {
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
  };
}
