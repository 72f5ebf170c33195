/**
 * Storage names: a prefix plus the application key, so that two apps on one origin,
 * or one app with two keys, never read each other's data.
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
