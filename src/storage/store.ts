/**
 * A small synchronous key-value store: the browser's sessionStorage, or memory when
 * there is no window (tests, server rendering) or sessionStorage is unusable.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
}

/** A store kept in memory, for environments with no window. */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}

/** Wraps a Web Storage object (sessionStorage). */
export function createWebStorageStore(storage: Storage): KeyValueStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    delete: (key) => storage.removeItem(key),
  };
}

/** sessionStorage when a window has a usable one, memory otherwise. */
export function createDefaultStore(): KeyValueStore {
  try {
    if (typeof window !== 'undefined' && window.sessionStorage) {
      // Some privacy modes expose sessionStorage but throw on use.
      const probe = '__zklogin_probe__';
      window.sessionStorage.setItem(probe, probe);
      window.sessionStorage.removeItem(probe);
      return createWebStorageStore(window.sessionStorage);
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStore();
}
