import { describe, expect, it } from 'vitest';
import { createIndexedDbVault, createMemoryVault } from './key-vault.ts';

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name);

describe('the IndexedDB key vault (idb-keyval custom store)', () => {
  it('keeps structured values, including non-extractable CryptoKeys, and deletes them', async () => {
    const vault = createIndexedDbVault(`vault-${crypto.randomUUID()}`);
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
    await vault.put('a', { key, n: 1 });
    await vault.put('b', 'two');
    const stored = await vault.get<{ key: CryptoKey; n: number }>('a');
    expect(stored?.n).toBe(1);
    expect(stored?.key.extractable).toBe(false);
    await vault.delete('a');
    expect(await vault.get('a')).toBeUndefined();
    expect(await vault.get('b')).toBe('two');
    await vault.clear();
    expect(await vault.get('b')).toBeUndefined();
  });

  it('opens the database afresh after a failure instead of failing for good', async () => {
    const vault = createIndexedDbVault(`vault-${crypto.randomUUID()}`);
    const real = globalThis.indexedDB;
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      // An open request that fails, as a browser's blocked or broken database answers.
      value: {
        open: () => {
          const request = { error: new DOMException('blocked by the test', 'UnknownError') } as {
            error: DOMException;
            onerror?: () => void;
          };
          setTimeout(() => request.onerror?.());
          return request;
        },
      },
    });
    try {
      await expect(vault.put('x', 1)).rejects.toThrow('blocked by the test');
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: real });
    }
    await vault.put('x', 1);
    expect(await vault.get('x')).toBe(1);
  });

  it('peek reads a vault only if it exists: looking never creates the database', async () => {
    const name = `vault-${crypto.randomUUID()}`;
    expect(await createIndexedDbVault(name).peek('a')).toBeUndefined();
    expect(await databaseNames()).not.toContain(name);
    await createIndexedDbVault(name).put('a', 1);
    expect(await createIndexedDbVault(name).peek('a')).toBe(1);
    expect(await createIndexedDbVault(name).peek('b')).toBeUndefined();
  });

  it('putIfAbsent stores a missing entry only, and gives back what the entry holds', async () => {
    for (const vault of [createIndexedDbVault(`vault-${crypto.randomUUID()}`), createMemoryVault()]) {
      expect(await vault.putIfAbsent('k', 'first')).toBe('first');
      expect(await vault.putIfAbsent('k', 'second')).toBe('first');
      expect(await vault.get('k')).toBe('first');
    }
  });

  it('putIfAbsent replaces an entry that is not usable, and keeps one that is', async () => {
    const isText = (held: unknown): held is string => typeof held === 'string';
    for (const vault of [createIndexedDbVault(`vault-${crypto.randomUUID()}`), createMemoryVault()]) {
      await vault.put('k', 42);
      expect(await vault.putIfAbsent('k', 'first', isText)).toBe('first');
      expect(await vault.putIfAbsent('k', 'second', isText)).toBe('first');
      expect(await vault.get('k')).toBe('first');
    }
  });

  it('putIfAbsent from two vaults on one database (two tabs) agrees on one value', async () => {
    const name = `vault-${crypto.randomUUID()}`;
    const [a, b] = await Promise.all([
      createIndexedDbVault(name).putIfAbsent('k', 'from a'),
      createIndexedDbVault(name).putIfAbsent('k', 'from b'),
    ]);
    expect(a).toBe(b);
    expect(await createIndexedDbVault(name).get('k')).toBe(a);
  });
});
