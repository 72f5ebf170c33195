/**
 * The callback, on one screen: the provider's answer checked against the flow this tab
 * started (callback-validating), then the login service's address for its token, checked
 * too (fetching-login). No token leaves before its nonce is checked: the started flow's
 * nonce is kept in the plain sign-in state, so a token that carries it is looked up at once
 * (early-login.ts), while the session is decrypted for the full checks, and the answer is
 * used only after them. Any other token goes nowhere.
 */
import { SignInError } from '../core/errors.ts';
import { isExpired } from '../core/expiry.ts';
import { Secret } from '../core/secret.ts';
import type { SignInOperations } from '../core/operations.ts';
import type { SignedInSession } from '../core/sign-in.types.ts';
import { normalizedSuiAddress } from '../core/sui-address.ts';
import { lazyModule } from '../lazy-module.ts';
import { nativeKeyEntry } from '../storage/keys.ts';
import { readStored, type SignInSession, type SignInState, type StoredSignIn } from '../storage/session-store.ts';
import { readableToken, validateCallback } from '../zklogin/callback.ts';
import { readEmailClaim, readIdTokenClaims } from '../zklogin/id-token-claims.ts';
import type { SignInDependencies } from './dependencies.ts';
import { createEarlyLogin } from './early-login.ts';

interface RenewalLogin {
  state: SignInState;
  session: SignInSession;
  /** The login's address, checked against the token and the salt. */
  address: string;
  login: { salt: string; publicKey: string };
  jwt: string;
  signal: AbortSignal;
}

// The address's own check, with only the Poseidon widths it needs: loaded on a callback
// page beside the lookup, never on the first page.
const addressCheck = lazyModule(() => import('../zklogin/address-check.ts'));

/** Ours: a renewal whose new session would end before the current one, or is over (its answer came too late). */
export const RENEWAL_TOO_LATE =
  'The sign-in came back too late to renew this session. You stay signed in as before until your session ends.';

/** The callback's two operations (the machine's), and the lookup a sign-out abandons. */
interface CallbackSteps extends Pick<SignInOperations, 'validateCallback' | 'fetchLogin'> {
  abandonLookup: () => void;
}

export function createCallback({
  client,
  sessions,
  vault,
  now,
}: Pick<SignInDependencies, 'client' | 'sessions' | 'vault' | 'now'>): CallbackSteps {
  const earlyLogin = createEarlyLogin(client.getLogin);
  const dropKey = async (nativeKeyId: string | undefined) => {
    // A key that cannot be deleted is only an orphan.
    if (nativeKeyId) await vault.delete(nativeKeyEntry(nativeKeyId)).catch(() => {});
  };

  /**
   * A renewal refused: the current session stays as it was, without the renewal, whose key
   * goes. Removed as storage holds it when written (compare-and-write), and only if it is
   * still this renewal: a step that wrote meanwhile (a proof) keeps its part.
   */
  const refuseRenewal = async (session: SignInSession, error: Error, signal: AbortSignal): Promise<never> => {
    const refused = session.renewal;
    await sessions
      .update(
        ({ state, session: stored }) => {
          if (!refused || stored.renewal?.nonce !== refused.nonce) return null;
          const { renewal: _dropped, ...current } = stored;
          return { state, session: current };
        },
        { signal },
      )
      .catch(() => {});
    await dropKey(refused?.nativeKeyId);
    throw error;
  };

  /**
   * Before the renewal's token goes anywhere: it must name the same person to the same app
   * as the session's (issuer, audience, subject), so that another identity's token never
   * reaches the login service; and its session must not end before the current one (nor be over).
   */
  const checkRenewal = async (session: SignInSession, jwt: string, signal: AbortSignal) => {
    const [next, current] = [readIdTokenClaims(jwt), readIdTokenClaims(session.jwt!)];
    if (next.iss !== current.iss || next.aud !== current.aud || next.sub !== current.sub) {
      await refuseRenewal(session, SignInError.of('RENEWAL_OTHER_IDENTITY'), signal);
    }
    const ends = session.renewal!.expiresAt;
    if (isExpired(ends, now()) || ends < session.expiresAt) await refuseRenewal(session, new Error(RENEWAL_TOO_LATE), signal);
  };

  /**
   * A renewal's login, checked: the same address (the same identity, with the same salt)
   * continues the account with the renewal's session, whose proof is made again when next
   * needed; another identity is refused, and the current session stays as it was.
   */
  const renew = async ({ state, session, address, login, jwt, signal }: RenewalLogin): Promise<SignedInSession> => {
    const { renewal } = session;
    // The same person, with the same salt, has the same address: a second line behind the claims.
    if (address !== state.address) await refuseRenewal(session, SignInError.of('RENEWAL_OTHER_IDENTITY'), signal);
    const renewedState: SignInState = { ...state, salt: login.salt, publicKey: login.publicKey };
    await writeOverFlow(
      (current) => current.session.jwt === session.jwt && current.session.renewal?.nonce === renewal!.nonce,
      { state: renewedState, session: { ...renewal!, jwt } },
      signal,
    );
    if (session.nativeKeyId !== renewal!.nativeKeyId) await dropKey(session.nativeKeyId);
    return {
      provider: state.provider,
      address,
      expiresAt: renewal!.expiresAt,
      publicKey: login.publicKey,
      email: readEmailClaim(jwt),
    };
  };

  /**
   * Writes the signed-in sign-in only over the flow its token was for, as storage holds it
   * when written (compare-and-write): a window sharing this storage that started another
   * flow meanwhile (the hosted wallet's) keeps its own, and this callback finds no start.
   */
  const writeOverFlow = async (isTheFlow: (current: StoredSignIn) => boolean, signedIn: StoredSignIn, signal: AbortSignal) => {
    const written = await sessions
      .update((current) => (isTheFlow(current) ? signedIn : null), { signal })
      .catch(SignInError.rethrowAs('STORAGE_WRITE_FAILED'));
    if (!written) throw SignInError.of('FLOW_NOT_STARTED');
  };

  /**
   * A started flow, unless it is over: the spec's time rule reads a session past its
   * expiresAt as logged out, so its callback finds no start, and its token goes nowhere.
   */
  const liveStart = (session: SignInSession | null) => (session && !isExpired(session.expiresAt, now()) ? session : null);

  return {
    /** A lookup under way for a callback whose check a sign-out stopped goes with it. */
    abandonLookup: earlyLogin.abandon,

    validateCallback: async ({ input }) => {
      const fragment = input.fragment.reveal();
      // The nonce compared without decrypting (OpenID Connect Core 3.2.2.11): it is no secret.
      // And its end: a flow that is over never sends its token anywhere.
      const started = sessions.readClearState();
      const live = started?.nonce && !started.address && !isExpired(started.expiresAt ?? 0, now());
      const token = live ? readableToken(fragment) : undefined;
      if (token && token.nonce === started!.nonce) earlyLogin.start(token.jwt);
      // The address check's code arrives meanwhile (fetchLogin needs it).
      if (token) void addressCheck.load().catch(() => {});
      try {
        const { state, session } = await readStored(sessions);
        // Only a started, unfinished flow accepts a callback: a replayed token after
        // sign-in finds a session that already has its jwt, and changes nothing. A renewal
        // under way ("Stay signed in") is such a flow, beside the account's session (one
        // that is over is refused by fetchLogin, which keeps the account).
        const flow = session?.jwt ? session.renewal : liveStart(session);
        const pending = state && flow ? { nonce: flow.nonce, provider: state.provider } : null;
        const { jwt } = validateCallback(fragment, pending);
        return { jwt: new Secret(jwt), provider: state!.provider, renewal: Boolean(session!.jwt) };
      } catch (error) {
        earlyLogin.abandon();
        throw error;
      }
    },

    fetchLogin: async ({ input, signal }) => {
      const jwt = input.jwt.reveal();
      // The lookup the callback's check started, if any: it has been under way meanwhile.
      const early = earlyLogin.take(jwt, signal);
      const { state, session } = await readStored(sessions).catch((error: unknown) => {
        early?.abort();
        throw error;
      });
      // The flow this token was checked against, still stored: a window sharing this storage
      // may have started another since the callback's check.
      const flow = session?.jwt ? session.renewal : liveStart(session);
      if (!state || !session || !flow || readIdTokenClaims(jwt).nonce !== flow.nonce) {
        early?.abort();
        throw SignInError.of('FLOW_NOT_STARTED');
      }
      if (session.jwt) await checkRenewal(session, jwt, signal);
      const [login, { loginAnswerMatches }] = await Promise.all([
        early?.answer ?? client.getLogin({ jwt }, { signal }),
        addressCheck.load(),
      ]);
      // The address is the token's and the salt's, or it is never shown nor stored.
      if (!loginAnswerMatches(readIdTokenClaims(jwt), login)) throw SignInError.of('LOGIN_ANSWER_NOT_OURS');
      // Kept and shown in its one canonical form (the check allows any case).
      const address = normalizedSuiAddress(login.address)!;
      if (session.jwt) return renew({ state, session, address, login, jwt, signal });
      const signedInState: SignInState = { provider: state.provider, salt: login.salt, address, publicKey: login.publicKey };
      // A sign-out meanwhile (here or in another tab) cancels the write: nothing comes back.
      await writeOverFlow(
        (current) => !current.session.jwt && current.session.nonce === flow.nonce,
        { state: signedInState, session: { ...session, jwt } },
        signal,
      );
      return {
        provider: state.provider,
        address,
        expiresAt: session.expiresAt,
        publicKey: login.publicKey,
        email: readEmailClaim(jwt),
      };
    },
  };
}
