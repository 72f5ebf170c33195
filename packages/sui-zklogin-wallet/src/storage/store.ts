/**
 * A small synchronous key-value store: the browser's sessionStorage (a tab's session, the
 * spec's), localStorage (the hosted wallet's session, for every window of its origin), or
 * memory when there is no window (tests, server rendering) or the storage is unusable.
 */
import type { SessionScope } from '../config.ts';
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

/** Wraps a Web Storage object (sessionStorage or localStorage). */
export function createWebStorageStore(storage: Storage): KeyValueStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    delete: (key) => storage.removeItem(key),
  };
}

/** The Web Storage area of `scope`: a tab's sessionStorage, or the origin's localStorage. */
export const storageArea = (scope: SessionScope): Storage => (scope === 'browser' ? window.localStorage : window.sessionStorage);

/** The Web Storage area of `scope` when the page may use it; null with no window, or where a privacy mode refuses it. */
export function usableStorageArea(scope: SessionScope): Storage | null {
  try {
    return storageArea(scope);
  } catch {
    return null;
  }
}

/** The storage of `scope` when a window has a usable one, memory otherwise. */
export function createDefaultStore(scope: SessionScope = 'tab'): KeyValueStore {
  try {
    if (typeof window !== 'undefined') {
      const storage = storageArea(scope);
      // Some privacy modes expose the storage but throw on use.
      const probe = '__zklogin_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return createWebStorageStore(storage);
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStore();
}
