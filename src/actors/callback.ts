/**
 * The callback, on one screen: the provider's answer checked against the flow this tab
 * started (callback-validating), then the login service's address for its token, checked
 * too (fetching-login). No token leaves before its nonce is checked: the started flow's
 * nonce is kept in the plain sign-in state, so a token that carries it is looked up at once
 * (early-login.ts), while the session is decrypted for the full checks, and the answer is
 * used only after them. Any other token goes nowhere.
 */
import { SignInError } from '../../machines/errors.ts';
import { Secret } from '../../machines/secret.ts';
import type { CallbackOutput, SignedInSession } from '../../machines/sign-in.types.ts';
import { normalizedSuiAddress } from '../../machines/sui-address.ts';
import { lazyModule } from '../lazy-module.ts';
import type { SignInState } from '../storage/session-store.ts';
import { readableToken, validateCallback } from '../zklogin/callback.ts';
import { readIdTokenClaims } from '../zklogin/id-token-claims.ts';
import type { SignInDependencies } from './dependencies.ts';
import { createEarlyLogin } from './early-login.ts';
import { operation, readStored } from './operation.ts';

// The address's own check, with only the Poseidon widths it needs: loaded on a callback
// page beside the lookup, never on the first page.
const addressCheck = lazyModule(() => import('../zklogin/address-check.ts'));

export function createCallback({ client, sessions }: Pick<SignInDependencies, 'client' | 'sessions'>) {
  const earlyLogin = createEarlyLogin(client.getLogin);

  return {
    /** A lookup under way for a callback whose check a sign-out stopped goes with it. */
    abandonLookup: earlyLogin.abandon,

    validateCallback: operation<CallbackOutput, { fragment: Secret<string> }>(async ({ input }) => {
      const fragment = input.fragment.reveal();
      // The nonce compared without decrypting (OpenID Connect Core 3.2.2.11): it is no secret.
      const started = sessions.readClearState();
      const token = started?.nonce && !started.address ? readableToken(fragment) : undefined;
      if (token && token.nonce === started!.nonce) earlyLogin.start(token.jwt);
      // The address check's code arrives meanwhile (fetchLogin needs it).
      if (token) void addressCheck.load().catch(() => {});
      try {
        const { state, session } = await readStored(sessions);
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
      const { state, session } = await readStored(sessions).catch((error: unknown) => {
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
  };
}
