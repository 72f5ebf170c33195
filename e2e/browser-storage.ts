/**
 * What the page keeps, read from inside it: sessionStorage, localStorage, and every
 * IndexedDB database with its entries. One helper for the journeys and the benchmark.
 *
 * Written by hand (no library): it must run inside the page through `page.evaluate`,
 * so it is one self-contained function with no imports. Every IndexedDB request has an
 * error handler, so a blocked or failing database rejects instead of hanging.
 */
import type { Page } from '@playwright/test';

/** A stored value as Node can receive it: CryptoKeys and bytes are described, not copied. */
export type DescribedValue = unknown;

export interface BrowserStorage {
  session: Record<string, string | null>;
  local: Record<string, string | null>;
  /** database name → `store/key` → the described value */
  databases: Record<string, Record<string, DescribedValue>>;
}

/** Runs in the page: reads every store. Self-contained on purpose (see the header). */
async function readInPage(): Promise<BrowserStorage> {
  const request = <T>(make: () => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const req = make();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
    });
  const describe = async (value: unknown): Promise<unknown> => {
    if (value instanceof CryptoKey) {
      // Whether the key at rest could be taken away: an export attempt, never its bytes.
      const format = value.type === 'private' ? 'pkcs8' : value.type === 'secret' ? 'raw' : 'spki';
      const exported = await crypto.subtle.exportKey(format, value).then(
        () => 'exported',
        () => 'refused',
      );
      return { type: value.type, extractable: value.extractable, algorithm: value.algorithm.name, exported };
    }
    if (value instanceof Uint8Array) return Array.from(value);
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await describe(item)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  };
  const databases: BrowserStorage['databases'] = {};
  for (const info of await indexedDB.databases()) {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(info.name!);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error(`Could not open ${info.name}`));
      open.onblocked = () => reject(new Error(`Opening ${info.name} was blocked`));
    });
    const entries: Record<string, unknown> = {};
    try {
      for (const name of Array.from(db.objectStoreNames)) {
        const store = () => db.transaction(name).objectStore(name);
        const [keys, values] = await Promise.all([request(() => store().getAllKeys()), request(() => store().getAll())]);
        for (const [index, key] of keys.entries()) entries[`${name}/${String(key)}`] = await describe(values[index]);
      }
    } finally {
      db.close();
    }
    databases[info.name!] = entries;
  }
  const copy = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)]));
  return { session: copy(sessionStorage), local: copy(localStorage), databases };
}

export function readStoredData(page: Page): Promise<BrowserStorage> {
  return page.evaluate(readInPage);
}

/** Every IndexedDB entry as `store/key`, per database. */
export function entryNames(storage: BrowserStorage): Record<string, string[]> {
  return Object.fromEntries(Object.entries(storage.databases).map(([name, entries]) => [name, Object.keys(entries)]));
}

/** How many entries the page keeps in all its stores. */
export function countEntries(storage: BrowserStorage): number {
  return (
    Object.keys(storage.session).length +
    Object.keys(storage.local).length +
    Object.values(storage.databases).reduce((sum, entries) => sum + Object.keys(entries).length, 0)
  );
}
