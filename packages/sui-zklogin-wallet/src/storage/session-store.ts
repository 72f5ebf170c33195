/**
 * The two stored entities of the spec: the plain sign-in state and the encrypted sign-in
 * session. Reads never throw: anything missing, corrupt, foreign or undecryptable reads
 * as "nothing stored". Writes of both entities succeed together or leave both untouched.
 *
 * Only sealed storage is believed. The state is sealed too, beside the session, and the
 * plain entry is what the spec keeps in the clear: a read gives the sealed copy, and a
 * plain entry that disagrees with it (another address written in, say) makes the whole
 * read unreadable. The plain entry is read on its own only for what may be known before
 * anything is decrypted: whether anything is stored, and a started flow's nonce and end (no
 * secrets: the provider saw the nonce in the request, and the end is the nonce's), so that a
 * callback's token is checked against them before it goes anywhere.
 */
import * as v from 'valibot';
import { PROVIDERS } from '../core/providers.ts';
// The session stores the proof exactly as the login service answered it.
import { ProofAnswer } from '../login-service/schemas.ts';
import type { Encryption } from './encryption.ts';
import type { StorageKeys } from './keys.ts';
import type { KeyValueStore } from './store.ts';

/** Marks a session whose ephemeral key is a native WebCrypto key in the key vault. */
export const NATIVE_KEY_MARKER = '@@native';

const SignInStateSchema = v.object({
  provider: v.picklist(PROVIDERS),
  /** A started flow's nonce, until its callback is taken (the same as the sealed session's). */
  nonce: v.optional(v.string()),
  /** That flow's end, with its nonce (the same as the sealed session's expiresAt): no secret either. */
  expiresAt: v.optional(v.number()),
  salt: v.optional(v.string()),
  address: v.optional(v.string()),
  publicKey: v.optional(v.string()),
});

/** A started flow: its key and its nonce's parts, as the login service answered them. */
const FLOW_FIELDS = {
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
};

/**
 * A renewal under way ("Stay signed in"): the next session's flow, kept beside the current
 * session until the same identity comes back with a token for this nonce.
 */
const RenewalSchema = v.object(FLOW_FIELDS);

const SignInSessionSchema = v.object({
  ...FLOW_FIELDS,
  jwt: v.optional(v.string()),
  proof: v.optional(ProofAnswer),
  renewal: v.optional(RenewalSchema),
});

/** What the sealed entry holds: the session, and the state it was written with. */
const SealedSignInSchema = v.object({ state: SignInStateSchema, session: SignInSessionSchema });

export type SignInState = v.InferOutput<typeof SignInStateSchema>;
export type SignInSession = v.InferOutput<typeof SignInSessionSchema>;
/** A sign-in as storage holds it, believed: both from the sealed entry, the plain one agreeing. */
export type StoredSignIn = v.InferOutput<typeof SealedSignInSchema>;

export interface SessionStore {
  /**
   * The plain state entry as it stands, unchecked: only for whether anything is stored
   * and for a started flow's nonce and end. Never shown, never used to act on an account.
   */
  readClearState(): SignInState | null;
  /**
   * The sealed session with its state; null when there is none, when it cannot be
   * opened, or when the plain entry disagrees with it.
   */
  read(): Promise<StoredSignIn | null>;
  /**
   * The sign-in as last read or written, when storage still holds exactly what it was
   * sealed to (and the plain entry beside it); undefined when it would have to be
   * decrypted (use read). Lets a step that needs it go on in the same task.
   */
  peek(): StoredSignIn | undefined;
  /**
   * The sealed session whatever the plain entry says, or null: only to find what a
   * sign-in that is ending or being replaced leaves to delete (its native key).
   */
  readSealedSession(): Promise<SignInSession | null>;
  /** Whether either entry is there at all, read or not (nothing is decrypted). */
  holdsAnything(): boolean;
  /**
   * Writes state and session together: on any failure both keep their old values. With
   * `after`, a step that must succeed before anything is written (it runs meanwhile);
   * with `signal`, nothing is written once it has aborted (the step was cancelled).
   */
  save(state: SignInState, session: SignInSession, options?: { after?: Promise<unknown>; signal?: AbortSignal }): Promise<void>;
  /**
   * Changes the stored sign-in as it stands when written: `change` gets what storage holds
   * and gives what to write, or null to write nothing. Two steps that each add their part
   * (a proof, a renewal under way) while the other is in flight both keep theirs: a write
   * finds storage changed since its read, reads again and changes that. Resolves to what
   * was written, or null.
   */
  update(
    change: (stored: StoredSignIn) => StoredSignIn | null,
    options?: { after?: Promise<unknown>; signal?: AbortSignal },
  ): Promise<StoredSignIn | null>;
  /** The sealed entry as it stands, nothing decrypted: what `clear` may be told to find still there. */
  entry(): string | null;
  /**
   * Removes both entries. Given `unchangedFrom` (an earlier `entry()`), only if the sealed entry
   * is still that one: false, and nothing removed, when it changed meanwhile (another window wrote).
   */
  clear(unchangedFrom?: string | null): boolean;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The plain entry's text for `state`: the same JSON a read compares with. */
const clearText = (state: SignInState) => JSON.stringify(canonicalState(state));

/** The state's fields in one order, without absent ones: two equal states give one text. */
function canonicalState(state: SignInState): SignInState {
  const { provider, nonce, expiresAt, salt, address, publicKey } = state;
  return Object.fromEntries(
    Object.entries({ provider, nonce, expiresAt, salt, address, publicKey }).filter(([, value]) => value !== undefined),
  ) as SignInState;
}

/** The stored sign-in as far as it is believed (sealed, the plain entry agreeing); nulls otherwise. */
export async function readStored(sessions: SessionStore): Promise<{ state: SignInState | null; session: SignInSession | null }> {
  const stored = await sessions.read();
  return { state: stored?.state ?? null, session: stored?.session ?? null };
}

export function createSessionStore(store: KeyValueStore, encryption: Encryption, keys: StorageKeys): SessionStore {
  // The last sign-in read or written, with the sealed text and the plain text it came
  // from: reading the same texts again (the callback's checks, then its login request)
  // costs nothing. Anything else in storage is decrypted and checked afresh.
  let last: { sealed: string; clear: string; stored: StoredSignIn } | undefined;
  const cachedFor = (sealed: string | null, clear: string | null) =>
    sealed !== null && last?.sealed === sealed && last.clear === clear ? last.stored : undefined;
  /** The sealed entry's contents, or null for anything that does not open and parse. */
  const open = async (sealed: string | null): Promise<StoredSignIn | null> => {
    if (sealed === null) return null;
    try {
      const parsed = v.safeParse(SealedSignInSchema, parseJson(await encryption.decrypt(sealed, keys.session)));
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  };
  const readClearState = () => {
    const parsed = v.safeParse(SignInStateSchema, parseJson(store.get(keys.state)));
    return parsed.success ? parsed.output : null;
  };
  /**
   * Encrypts first (the only async step, beside `after`), then writes both entries back to
   * back. With `unchangedFrom`, writes only if the session entry still holds that text
   * (checked and written in one task, so nothing comes between): false if not.
   */
  const write = async (
    state: SignInState,
    session: SignInSession,
    options: { after?: Promise<unknown>; signal?: AbortSignal; unchangedFrom?: string | null },
  ): Promise<boolean> => {
    const canonical = canonicalState(state);
    const [sealed] = await Promise.all([
      encryption.encrypt(JSON.stringify({ state: canonical, session }), keys.session),
      options.after,
    ]);
    options.signal?.throwIfAborted();
    const before = { state: store.get(keys.state), session: store.get(keys.session) };
    if (options.unchangedFrom !== undefined && before.session !== options.unchangedFrom) return false;
    const clear = clearText(canonical);
    try {
      store.set(keys.session, sealed);
      store.set(keys.state, clear);
      // What a read would give back (or nothing, for a sign-in a read would refuse).
      const checked = v.safeParse(SealedSignInSchema, JSON.parse(JSON.stringify({ state: canonical, session })));
      last = checked.success ? { sealed, clear, stored: checked.output } : undefined;
    } catch (error) {
      restore(store, keys.state, before.state);
      restore(store, keys.session, before.session);
      throw error;
    }
    return true;
  };

  return {
    readClearState,

    peek() {
      return cachedFor(store.get(keys.session), store.get(keys.state));
    },

    async read() {
      for (;;) {
        const sealed = store.get(keys.session);
        const clear = store.get(keys.state);
        const opened = cachedFor(sealed, clear) ?? (await open(sealed));
        // Another window (sharing this storage) wrote while this one decrypted: the old
        // sealed entry beside the new plain one would read as tampered. Read what is there now.
        if (store.get(keys.session) !== sealed || store.get(keys.state) !== clear) continue;
        // The plain entry must say exactly what was sealed with the session.
        const plain = readClearState();
        if (!opened || !plain || clearText(plain) !== clearText(opened.state)) return null;
        last = { sealed: sealed!, clear: clear!, stored: opened };
        return opened;
      }
    },

    async readSealedSession() {
      const sealed = store.get(keys.session);
      return (cachedFor(sealed, store.get(keys.state)) ?? (await open(sealed)))?.session ?? null;
    },

    holdsAnything() {
      return store.get(keys.state) !== null || store.get(keys.session) !== null;
    },

    save: async (state, session, options = {}) => void (await write(state, session, options)),

    async update(change, options = {}) {
      for (;;) {
        const read = store.get(keys.session);
        const stored = await this.read();
        const next = stored && change(stored);
        if (!next) return null;
        if (await write(next.state, next.session, { ...options, unchangedFrom: read })) return next;
        // Storage changed while this write was sealed (another step wrote): read it again.
      }
    },

    entry: () => store.get(keys.session),

    clear(unchangedFrom) {
      if (unchangedFrom !== undefined && store.get(keys.session) !== unchangedFrom) return false;
      last = undefined;
      store.delete(keys.state);
      store.delete(keys.session);
      return true;
    },
  };
}

function restore(store: KeyValueStore, key: string, value: string | null) {
  if (value === null) store.delete(key);
  else store.set(key, value);
}
