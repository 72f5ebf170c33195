/**
 * The session's master key, read from the key database as the page starts, before React
 * and the sign-in code are evaluated (src/early-load.ts calls it where a session is
 * stored). A restore could only ask the vault once the sign-in code had run, some 30 ms
 * later on the bench's machine, and then waited 4 to 13 ms for IndexedDB; now the read
 * overlaps the scripts' evaluation.
 *
 * Plain IndexedDB rather than the vault's idb-keyval: this runs on the first page, where
 * idb-keyval would add its bytes, and it only ever reads one entry of the store the vault
 * writes (idb-keyval's layout: object store `keys`, the entry's name as its key). It never
 * creates the database, and any failure only means the vault is asked as before.
 */
import { VAULT_ENTRIES } from './keys.ts';

/** The vault's object store (key-vault.ts). */
const STORE = 'keys';

let prefetched: Promise<CryptoKey | undefined> | undefined;

function readSessionKey(databaseName: string): Promise<CryptoKey | undefined> {
  return new Promise((resolve) => {
    const request = indexedDB.open(databaseName);
    // No database yet: abort, so that the vault creates it with its store as usual.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      try {
        const read = database.transaction(STORE, 'readonly').objectStore(STORE).get(VAULT_ENTRIES.sessionKey);
        read.onsuccess = () => resolve(read.result instanceof CryptoKey ? read.result : undefined);
        read.onerror = () => resolve(undefined);
      } catch {
        // No such store: a database this app did not make.
        resolve(undefined);
      } finally {
        // Open briefly more: the vault's first open of it is then quicker.
        setTimeout(() => database.close(), 5_000);
      }
    };
  });
}

/** Starts reading the session's master key from `databaseName`; never rejects. */
export function prefetchSessionKey(databaseName: string): void {
  try {
    prefetched = readSessionKey(databaseName);
  } catch {
    // No IndexedDB here: the vault will say so in its own time.
  }
}

/**
 * The prefetched key's read, once: the first taker gets it, and later ones (or a page that
 * never prefetched) get undefined and ask the vault.
 */
export function takePrefetchedSessionKey(): Promise<CryptoKey | undefined> | undefined {
  const taken = prefetched;
  prefetched = undefined;
  return taken;
}
