/**
 * The error catalogue: one stable code per failure, with the spec's exact message where
 * the spec names one. The UI shows `message`; the machine branches on `code`.
 */
import { FLOW_NOT_STARTED_MESSAGE, SESSION_EXPIRED_MESSAGE } from './words.ts';
import { isProvider, type Provider } from './providers.ts';
import type { ProviderAnswer } from './sign-in.types.ts';

export const CATALOGUE = {
  FLOW_NOT_STARTED: FLOW_NOT_STARTED_MESSAGE,
  MISSING_ID_TOKEN: 'Missing ID Token',
  MISSING_JWT_DATA: 'Missing jwt data',
  AUD_IS_ARRAY: 'Not supported aud. Aud is an array, string was expected.',
  MISSING_PROOF_PARAMETERS: 'Missing required parameters for proof generation',
  PROOF_EXPIRED: 'Stored proof is expired.',
  NATIVE_SIGNER_NOT_FOUND: 'Native signer not found in store.',
  MISSING_KEYPAIR_DATA: 'Missing required data for keypair generation.',
  // Ours: the spec names no message for these.
  NONCE_MISMATCH:
    'This sign-in response was not issued for the sign-in you started (nonce mismatch), so it was refused. Please sign in again.',
  MALFORMED_ID_TOKEN: 'The ID token in the sign-in response is malformed, so it was refused.',
  SESSION_EXPIRED: SESSION_EXPIRED_MESSAGE,
  NONCE_ANSWER_NOT_OURS:
    "The login service answered with a nonce that was not made for this browser's sign-in key, so the sign-in was stopped before it reached the provider. Nothing was stored. Please try again later.",
  LOGIN_ANSWER_NOT_OURS:
    'The login service answered with an address that does not belong to this sign-in, so it was refused and nothing was stored. Please start over.',
  RENEWAL_OTHER_IDENTITY:
    'You signed in as someone else, so this session was not renewed. You stay signed in as before until your session ends.',
  RENEWAL_NOT_POSSIBLE: 'There is no session here to renew. Please sign in again.',
  KEY_CREATION_FAILED: 'This browser could not create a sign-in key. Please try again.',
  STORAGE_WRITE_FAILED:
    'This browser would not store your sign-in (storage may be full or blocked for this site). Free some space or allow storage, then try again.',
} as const;

/** Failures of this browser that may clear by themselves, unlike the refusals above. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set(['KEY_CREATION_FAILED', 'STORAGE_WRITE_FAILED']);

export type CatalogueCode = keyof typeof CATALOGUE | 'INVALID_PROVIDER';

/**
 * A failure of the sign-in flow with a stable code and the catalogue's message. Most are
 * refusals, which repeat themselves when asked again; the transient ones are this
 * browser's and may clear.
 */
export class SignInError extends Error {
  readonly code: CatalogueCode;
  /** What the identity provider said instead of a token, in its own words; never secret. */
  readonly providerAnswer?: ProviderAnswer;
  /** Whether asking again can help (core/failure.ts reads it). */
  readonly retryable: boolean;

  constructor(code: CatalogueCode, message: string, providerAnswer?: ProviderAnswer) {
    super(message);
    this.name = 'SignInError';
    this.code = code;
    this.providerAnswer = providerAnswer;
    this.retryable = TRANSIENT_CODES.has(code);
  }

  static of(code: keyof typeof CATALOGUE, providerAnswer?: ProviderAnswer): SignInError {
    return new SignInError(code, CATALOGUE[code], providerAnswer);
  }

  /** Rethrows a SignInError as it is, and anything else as the catalogue's `code`. */
  static rethrowAs(code: keyof typeof CATALOGUE) {
    return (error: unknown): never => {
      throw error instanceof SignInError ? error : Object.assign(SignInError.of(code), { cause: error });
    };
  }

  static invalidProvider(provider: string): SignInError {
    return new SignInError('INVALID_PROVIDER', `Invalid provider: ${provider}`);
  }
}

/** Throws the catalogue's `Invalid provider: {provider}` for anything we do not support. */
export function assertProvider(value: string): asserts value is Provider {
  if (!isProvider(value)) throw SignInError.invalidProvider(value);
}
