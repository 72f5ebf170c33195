/**
 * A vault for structured-cloneable secrets (non-extractable CryptoKeys above all):
 * IndexedDB in the browser, memory elsewhere. A CryptoKey stored in IndexedDB keeps its
 * non-extractable flag, so script on the page can use the key but never read it.
 */
import { clear, createStore, del, get, set, update, type UseStore } from 'idb-keyval';

export interface KeyVault {
  get<T>(name: string): Promise<T | undefined>;
  /**
   * Reads an entry only when the vault already exists, and never creates it (undefined
   * when there is none yet): for looking ahead of a sign-in, when nothing may be written.
   */
  peek<T>(name: string): Promise<T | undefined>;
  put(name: string, value: unknown): Promise<void>;
  /**
   * Stores `value` unless the entry already holds a usable one (any value, without
   * `usable`), and gives back what the entry holds then, in one transaction: two tabs
   * that both find it missing never replace each other's, and a value of the wrong kind
   * (written by something else, or damaged) is replaced rather than kept for good.
   */
  putIfAbsent<T>(name: string, value: T, usable?: (held: unknown) => held is T): Promise<T>;
  delete(name: string): Promise<void>;
  /** Deletes every entry (sign-out everywhere). */
  clear(): Promise<void>;
}

const isPresent = <T>(held: unknown): held is T => held !== undefined;

export function createMemoryVault(): KeyVault {
  const values = new Map<string, unknown>();
  return {
    get: async <T>(name: string) => values.get(name) as T | undefined,
    peek: async <T>(name: string) => values.get(name) as T | undefined,
    put: async (name, value) => void values.set(name, value),
    putIfAbsent: async <T>(name: string, value: T, usable: (held: unknown) => held is T = isPresent) => {
      if (!usable(values.get(name))) values.set(name, value);
      return values.get(name) as T;
    },
    delete: async (name) => void values.delete(name),
    clear: async () => values.clear(),
  };
}

const STORE = 'keys';

/**
 * An IndexedDB-backed vault in the database `databaseName`, store `keys` (idb-keyval's
 * custom store). idb-keyval keeps a failed open for good, so after any failure the next
 * call opens the database afresh instead of failing forever.
 */
export function createIndexedDbVault(databaseName: string): KeyVault {
  let store: UseStore = createStore(databaseName, STORE);
  const guarded = async <T>(operation: (store: UseStore) => Promise<T>): Promise<T> => {
    try {
      return await operation(store);
    } catch (error) {
      store = createStore(databaseName, STORE);
      throw error;
    }
  };
  return {
    get: <T>(name: string) => guarded((s) => get<T>(name, s)),
    async peek<T>(name: string) {
      // Opening a database that does not exist would create it: ask for the names first.
      // (A browser without databases() is simply not looked into ahead.)
      if (typeof indexedDB.databases !== 'function') return undefined;
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === databaseName)) return undefined;
      return guarded((s) => get<T>(name, s));
    },
    put: (name, value) => guarded((s) => set(name, value, s)),
    putIfAbsent: <T>(name: string, value: T, usable: (held: unknown) => held is T = isPresent) =>
      guarded(async (s) => {
        let held = value;
        await update<unknown>(name, (current) => (held = usable(current) ? current : value), s);
        return held;
      }),
    delete: (name) => guarded((s) => del(name, s)),
    clear: () => guarded((s) => clear(s)),
  };
}

/** IndexedDB when the environment has it, memory otherwise. */
export function createDefaultVault(databaseName: string): KeyVault {
  return typeof indexedDB === 'undefined' ? createMemoryVault() : createIndexedDbVault(databaseName);
}
