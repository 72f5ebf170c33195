/**
 * Storage names: a prefix plus the application key, so that two apps on one origin,
 * or one app with two keys, never read each other's data; and the names of the entries
 * in the key vault (the IndexedDB database named here).
 */
export const STORAGE_PREFIX = '@zklogin-sign-in';

export interface StorageKeys {
  /** sessionStorage: the plain sign-in state (provider, salt, address, publicKey). */
  state: string;
  /** sessionStorage: the encrypted sign-in session. */
  session: string;
  /** IndexedDB database holding the non-extractable keys. */
  database: string;
}

export function storageKeys(appKey: string): StorageKeys {
  return {
    state: `${STORAGE_PREFIX}/state/${appKey}`,
    session: `${STORAGE_PREFIX}/session/${appKey}`,
    database: `${STORAGE_PREFIX}/${appKey}`,
  };
}

/** Names of the entries in the key vault (the database above). */
export const VAULT_ENTRIES = {
  /** The HKDF master key that session encryption keys are derived from. */
  sessionKey: 'session-key',
} as const;

/**
 * The vault entry of one flow's native (WebCrypto) ephemeral key. One entry per flow, so
 * that a sign-in started in another tab never replaces this tab's key.
 */
export const nativeKeyEntry = (id: string) => `ephemeral-key/${id}`;
