/**
 * What the page keeps: sessionStorage, localStorage, and every IndexedDB database with its
 * entries. One helper for the journeys and the benchmark.
 *
 * IndexedDB is read through the DevTools protocol, as DevTools' own Application panel does:
 * the page's code and its database connections are left alone (no second connection that
 * could block an upgrade), and no test opens the app's database by hand. Stored CryptoKeys
 * are described in the page (type, extractable, whether an export is refused), never copied.
 */
import type { CDPSession, Page } from '@playwright/test';

export interface BrowserStorage {
  session: Record<string, string | null>;
  local: Record<string, string | null>;
  /** database name → `store/key` → the stored value, described (CryptoKeys, bytes) */
  databases: Record<string, Record<string, unknown>>;
}

/** Runs in the page on one stored value (`this`): plain data back, keys described. */
const DESCRIBE = `async function () {
  const describe = async (value) => {
    if (value instanceof CryptoKey) {
      const format = value.type === 'private' ? 'pkcs8' : value.type === 'secret' ? 'raw' : 'spki';
      const exported = await crypto.subtle.exportKey(format, value).then(() => 'exported', () => 'refused');
      return { type: value.type, extractable: value.extractable, algorithm: value.algorithm.name, exported };
    }
    if (value instanceof Uint8Array) return Array.from(value);
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await describe(item)]));
      return Object.fromEntries(entries);
    }
    return value;
  };
  return describe(this);
}`;

interface RemoteObject {
  type: string;
  value?: unknown;
  objectId?: string;
  description?: string;
}

async function describeRemote(cdp: CDPSession, object: RemoteObject): Promise<unknown> {
  if (!object.objectId) return object.value;
  const { result } = (await cdp.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: DESCRIBE,
    awaitPromise: true,
    returnByValue: true,
  })) as { result: RemoteObject };
  return result.value;
}

async function readIndexedDb(page: Page): Promise<BrowserStorage['databases']> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const securityOrigin = new URL(page.url()).origin;
    const { databaseNames } = (await cdp.send('IndexedDB.requestDatabaseNames', { securityOrigin })) as {
      databaseNames: string[];
    };
    const databases: BrowserStorage['databases'] = {};
    for (const databaseName of databaseNames) {
      const { databaseWithObjectStores } = (await cdp.send('IndexedDB.requestDatabase', { securityOrigin, databaseName })) as {
        databaseWithObjectStores: { objectStores: { name: string }[] };
      };
      const entries: Record<string, unknown> = {};
      for (const { name: objectStoreName } of databaseWithObjectStores.objectStores) {
        const { objectStoreDataEntries } = (await cdp.send('IndexedDB.requestData', {
          securityOrigin,
          databaseName,
          objectStoreName,
          skipCount: 0,
          pageSize: 1000,
        })) as { objectStoreDataEntries: { primaryKey: RemoteObject; value: RemoteObject }[] };
        for (const { primaryKey, value } of objectStoreDataEntries) {
          entries[`${objectStoreName}/${String(await describeRemote(cdp, primaryKey))}`] = await describeRemote(cdp, value);
        }
      }
      databases[databaseName] = entries;
    }
    return databases;
  } finally {
    await cdp.detach();
  }
}

export async function readStoredData(page: Page): Promise<BrowserStorage> {
  const webStorage = await page.evaluate(() => {
    const copy = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)]));
    return { session: copy(sessionStorage), local: copy(localStorage) };
  });
  return { ...webStorage, databases: await readIndexedDb(page) };
}

/** Deletes the entries of one object store whose keys start with `prefix` ('' = all). */
export async function deleteStoredEntries(page: Page, databaseName: string, objectStoreName: string, prefix = '') {
  const cdp = await page.context().newCDPSession(page);
  try {
    const securityOrigin = new URL(page.url()).origin;
    if (prefix === '') await cdp.send('IndexedDB.clearObjectStore', { securityOrigin, databaseName, objectStoreName });
    else {
      const keyRange = {
        lower: { type: 'string' as const, string: prefix },
        upper: { type: 'string' as const, string: `${prefix}\uffff` },
        lowerOpen: false,
        upperOpen: false,
      };
      await cdp.send('IndexedDB.deleteObjectStoreEntries', { securityOrigin, databaseName, objectStoreName, keyRange });
    }
  } finally {
    await cdp.detach();
  }
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
