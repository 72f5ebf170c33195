/**
 * Session encryption: AES-GCM with a key derived (HKDF-SHA-256) from a fresh random salt
 * on every write, from a master key that is random, non-extractable, and kept in the key
 * vault (IndexedDB). Unlike a key stretched from the public application key, nothing in
 * the page's bundle or URL lets anyone rebuild it, and it costs no PBKDF2 run: a write or
 * read is one HKDF derivation and one AES-GCM operation (well under a millisecond).
 */
import { fromBase64, toBase64 } from '@mysten/utils';
import * as v from 'valibot';
import type { KeyVault } from './key-vault.ts';

export interface Encryption {
  /** Seals `plaintext`; `context` (the storage key) is bound as additional data. */
  encrypt(plaintext: string, context: string): Promise<string>;
  /** Opens what `encrypt` sealed with the same context; throws on any tampering. */
  decrypt(sealed: string, context: string): Promise<string>;
  /**
   * Readies the master key for a first write, writing nothing: the stored one when the
   * vault already holds it, a new one in memory otherwise. Never fails (the write tries
   * again).
   */
  prepare(): Promise<void>;
  /** Drops this page's cached master key, so the next use reads the vault again. */
  forget(): void;
}

const FORMAT_VERSION = 1;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const HKDF_INFO = new TextEncoder().encode('zklogin-sign-in/session/v1');

/** What a write stores: the format version, and salt, IV and ciphertext in base64. */
const SealedSchema = v.object({
  v: v.literal(FORMAT_VERSION),
  salt: v.string(),
  iv: v.string(),
  payload: v.string(),
});
type Sealed = v.InferOutput<typeof SealedSchema>;

/** Throws on anything that is not a sealed session of this format. */
function parseSealed(text: string): Sealed {
  return v.parse(SealedSchema, JSON.parse(text));
}

/**
 * Whether a value from the vault is a master key this code can use: an HKDF key that
 * cannot be exported. Anything else under its name is treated as no key: a value of
 * another kind (written by something else, or damaged), and a key that says it can be
 * exported (WebCrypto makes no such HKDF key, so this code never stored it: a script or an
 * older version did, and may hold its bytes). A read cannot open what it sealed (the
 * session reads as unreadable), and the next write replaces it, so it never becomes a
 * failure of every later sign-in.
 */
const isMasterKey = (held: unknown): held is CryptoKey =>
  typeof CryptoKey !== 'undefined' &&
  held instanceof CryptoKey &&
  held.algorithm.name === 'HKDF' &&
  held.usages.includes('deriveKey') &&
  !held.extractable;

async function createMasterKey(): Promise<CryptoKey> {
  const material = crypto.getRandomValues(new Uint8Array(32));
  const key = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveKey']);
  material.fill(0);
  return key;
}

function deriveKey(master: CryptoKey, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: HKDF_INFO },
    master,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encryption whose master key lives in `vault` under `entryName`. */
export function createVaultEncryption(vault: KeyVault, entryName: string): Encryption {
  // The master key is loaded (or made) once per page and then reused.
  let cached: CryptoKey | undefined;
  // Whether `cached` came from the vault by a read or a write of this page's own, rather
  // than from a look ahead (prepare): a key looked up at the intent is confirmed by the
  // first write, since another tab may have emptied the vault in between.
  let confirmed = false;
  // A new master key made ahead of a first write (prepare), in memory until that write.
  let madeAhead: Promise<CryptoKey> | undefined;

  const existingKey = async (): Promise<CryptoKey | undefined> => {
    if (!cached) {
      const held = await vault.get<unknown>(entryName);
      cached = isMasterKey(held) ? held : undefined;
      confirmed = true;
    }
    return cached;
  };
  const keyForWriting = async (): Promise<CryptoKey> => {
    if (cached && confirmed) return cached;
    const candidate = cached ?? madeAhead ?? createMasterKey();
    madeAhead = undefined;
    // One transaction reads and, when missing, stores: the vault opens (or is created)
    // once, a key another tab stored meanwhile is the one used, and a key looked up
    // ahead that the vault has lost since is stored again.
    cached = await vault.putIfAbsent(entryName, await candidate, isMasterKey);
    confirmed = true;
    return cached;
  };

  return {
    async encrypt(plaintext, context) {
      const master = await keyForWriting();
      const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const key = await deriveKey(master, salt);
      const payload = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
        key,
        new TextEncoder().encode(plaintext),
      );
      const sealed: Sealed = {
        v: FORMAT_VERSION,
        salt: toBase64(salt),
        iv: toBase64(iv),
        payload: toBase64(new Uint8Array(payload)),
      };
      return JSON.stringify(sealed);
    },

    async decrypt(text, context) {
      const sealed = parseSealed(text);
      const master = await existingKey();
      if (!master) throw new Error('No session key: the session was sealed by a key that no longer exists');
      const key = await deriveKey(master, fromBase64(sealed.salt));
      const plaintext = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(context) },
        key,
        fromBase64(sealed.payload),
      );
      return new TextDecoder().decode(plaintext);
    },

    async prepare() {
      if (cached) return;
      try {
        const held = await vault.peek<unknown>(entryName);
        const stored = isMasterKey(held) ? held : undefined;
        if (!cached && stored) {
          cached = stored;
          confirmed = false;
        }
        if (!cached) {
          madeAhead ??= createMasterKey();
          await madeAhead;
        }
      } catch {
        // A look ahead that fails changes nothing: the write reads and makes again.
        madeAhead = undefined;
      }
    },

    forget() {
      // Another tab may have destroyed the key: never seal new data with a stale one.
      cached = undefined;
      confirmed = false;
    },
  };
}
