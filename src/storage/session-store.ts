/**
 * The two stored entities of the spec: the plain sign-in state and the encrypted sign-in
 * session. Reads never throw: anything missing, corrupt, foreign or undecryptable reads
 * as "nothing stored". Writes of both entities succeed together or leave both untouched.
 */
import * as v from 'valibot';
import { PROVIDERS } from '../../machines/providers.ts';
// The session stores the proof exactly as the login service answered it.
import { ProofAnswer } from '../login-service/schemas.ts';
import type { Encryption } from './encryption.ts';
import type { StorageKeys } from './keys.ts';
import type { KeyValueStore } from './store.ts';

/** Marks a session whose ephemeral key is a native WebCrypto key in the key vault. */
export const NATIVE_KEY_MARKER = '@@native';

const SignInStateSchema = v.object({
  provider: v.picklist(PROVIDERS),
  salt: v.optional(v.string()),
  address: v.optional(v.string()),
  publicKey: v.optional(v.string()),
});

const SignInSessionSchema = v.object({
  expiresAt: v.number(),
  maxEpoch: v.number(),
  randomness: v.string(),
  /** A Sui private key (suiprivkey...) or NATIVE_KEY_MARKER. */
  ephemeralKeyPair: v.string(),
  /** The ephemeral public key as sent to the login service (public, kept to skip re-deriving it). */
  ephemeralPublicKey: v.optional(v.string()),
  /** With NATIVE_KEY_MARKER: which vault entry holds the key (see nativeKeyEntry). */
  nativeKeyId: v.optional(v.string()),
  /** The nonce this flow sent to the provider; a callback's token must carry it. */
  nonce: v.string(),
  jwt: v.optional(v.string()),
  proof: v.optional(ProofAnswer),
});

export type SignInState = v.InferOutput<typeof SignInStateSchema>;
export type SignInSession = v.InferOutput<typeof SignInSessionSchema>;

export interface SessionStore {
  readState(): SignInState | null;
  readSession(): Promise<SignInSession | null>;
  /**
   * The session as last read or written, when storage still holds exactly what it was
   * sealed to; undefined when it would have to be decrypted (use readSession). Lets a
   * step that needs the session go on in the same task.
   */
  peekSession(): SignInSession | undefined;
  /**
   * Writes state and session together: on any failure both keep their old values. With
   * `after`, a step that must succeed before anything is written (it runs meanwhile).
   */
  save(state: SignInState, session: SignInSession, options?: { after?: Promise<unknown> }): Promise<void>;
  /** Removes both entries. */
  clear(): void;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createSessionStore(store: KeyValueStore, encryption: Encryption, keys: StorageKeys): SessionStore {
  // The last session read or written, with the sealed text it came from: reading the
  // same sealed text again (the callback's checks, then its login request) costs
  // nothing. Any other text in storage is decrypted and checked afresh.
  let last: { sealed: string; session: SignInSession } | undefined;
  const cachedFor = (sealed: string | null) => (sealed !== null && last?.sealed === sealed ? last.session : undefined);
  return {
    readState() {
      const parsed = v.safeParse(SignInStateSchema, parseJson(store.get(keys.state)));
      return parsed.success ? parsed.output : null;
    },

    peekSession() {
      return cachedFor(store.get(keys.session));
    },

    async readSession() {
      const sealed = store.get(keys.session);
      if (sealed === null) return null;
      const cached = cachedFor(sealed);
      if (cached) return cached;
      try {
        const plaintext = await encryption.decrypt(sealed, keys.session);
        const parsed = v.safeParse(SignInSessionSchema, parseJson(plaintext));
        if (!parsed.success) return null;
        last = { sealed, session: parsed.output };
        return parsed.output;
      } catch {
        return null;
      }
    },

    async save(state, session, options = {}) {
      // Encrypt first (the only async step, beside `after`), then write both entries back to back.
      const [sealed] = await Promise.all([encryption.encrypt(JSON.stringify(session), keys.session), options.after]);
      const before = { state: store.get(keys.state), session: store.get(keys.session) };
      try {
        store.set(keys.session, sealed);
        store.set(keys.state, JSON.stringify(state));
        // What a read would give back (or nothing, for a session a read would refuse).
        const checked = v.safeParse(SignInSessionSchema, JSON.parse(JSON.stringify(session)));
        last = checked.success ? { sealed, session: checked.output } : undefined;
      } catch (error) {
        restore(store, keys.state, before.state);
        restore(store, keys.session, before.session);
        throw error;
      }
    },

    clear() {
      last = undefined;
      store.delete(keys.state);
      store.delete(keys.session);
    },
  };
}

function restore(store: KeyValueStore, key: string, value: string | null) {
  if (value === null) store.delete(key);
  else store.set(key, value);
}
