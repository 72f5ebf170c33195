/**
 * A vault for structured-cloneable secrets (non-extractable CryptoKeys above all):
 * IndexedDB in the browser, memory elsewhere. A CryptoKey stored in IndexedDB keeps its
 * non-extractable flag, so script on the page can use the key but never read it.
 */
export interface KeyVault {
  get<T>(name: string): Promise<T | undefined>;
  put(name: string, value: unknown): Promise<void>;
  delete(name: string): Promise<void>;
  /** Deletes every entry (sign-out everywhere). */
  clear(): Promise<void>;
}

export function createMemoryVault(): KeyVault {
  const values = new Map<string, unknown>();
  return {
    get: async <T>(name: string) => values.get(name) as T | undefined,
    put: async (name, value) => void values.set(name, value),
    delete: async (name) => void values.delete(name),
    clear: async () => values.clear(),
  };
}

const STORE = 'keys';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** An IndexedDB-backed vault in the database `databaseName`, store `keys`. */
export function createIndexedDbVault(databaseName: string, indexedDb: IDBFactory = indexedDB): KeyVault {
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDb.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab deleting or upgrading the database must not wedge this one.
        db.onversionchange = () => {
          db.close();
          opening = undefined;
        };
        resolve(db);
      };
      request.onerror = () => {
        opening = undefined;
        reject(request.error);
      };
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return promised(act(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    get: async <T>(name: string) => (await run('readonly', (store) => store.get(name))) as T | undefined,
    put: async (name, value) => void (await run('readwrite', (store) => store.put(value, name))),
    delete: async (name) => void (await run('readwrite', (store) => store.delete(name))),
    clear: async () => void (await run('readwrite', (store) => store.clear())),
  };
}

/** IndexedDB when the environment has it, memory otherwise. */
export function createDefaultVault(databaseName: string): KeyVault {
  return typeof indexedDB === 'undefined' ? createMemoryVault() : createIndexedDbVault(databaseName);
}
