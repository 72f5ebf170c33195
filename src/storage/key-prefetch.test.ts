/**
 * The session key read early, against IndexedDB (fake-indexeddb) as the vault writes it:
 * the same key the vault gives, used for the first decryption without asking the vault,
 * and nothing created or broken where there is no database yet.
 */
import { describe, expect, it, vi } from 'vitest';
import { createVaultEncryption } from './encryption.ts';
import { prefetchSessionKey, takePrefetchedSessionKey } from './key-prefetch.ts';
import { createIndexedDbVault, type KeyVault } from './key-vault.ts';
import { VAULT_ENTRIES } from './keys.ts';

const CONTEXT = '@zklogin-sign-in/session/app-key';
const databaseName = () => `prefetch-${crypto.randomUUID()}`;

describe('the session key, prefetched', () => {
  it('is the key the vault stored, and the first decryption needs no vault read', async () => {
    const name = databaseName();
    const sealed = await createVaultEncryption(createIndexedDbVault(name), VAULT_ENTRIES.sessionKey).encrypt(
      '{"jwt":"x"}',
      CONTEXT,
    );

    prefetchSessionKey(name);
    const prefetched = takePrefetchedSessionKey();
    const key = await prefetched;
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key?.extractable).toBe(false);
    expect(await createIndexedDbVault(name).get(VAULT_ENTRIES.sessionKey)).toBeInstanceOf(CryptoKey);

    const vault = createIndexedDbVault(name);
    const get = vi.spyOn(vault, 'get');
    const encryption = createVaultEncryption(vault, VAULT_ENTRIES.sessionKey, prefetched);
    expect(await encryption.decrypt(sealed, CONTEXT)).toBe('{"jwt":"x"}');
    expect(get).not.toHaveBeenCalled();
  });

  it('is taken once: a second taker, or a page that never prefetched, asks the vault', async () => {
    expect(takePrefetchedSessionKey()).toBeUndefined();
    prefetchSessionKey(databaseName());
    expect(takePrefetchedSessionKey()).toBeInstanceOf(Promise);
    expect(takePrefetchedSessionKey()).toBeUndefined();
  });

  it('finds nothing where there is no database yet, creates none, and the vault then makes it as usual', async () => {
    const name = databaseName();
    prefetchSessionKey(name);
    expect(await takePrefetchedSessionKey()).toBeUndefined();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    const vault = createIndexedDbVault(name);
    await vault.put('x', 1);
    expect(await vault.get('x')).toBe(1);
  });

  it('finds nothing in a database without the vault’s store', async () => {
    const name = databaseName();
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('other');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    prefetchSessionKey(name);
    expect(await takePrefetchedSessionKey()).toBeUndefined();
  });
});

describe('session encryption with a prefetched key', () => {
  const memoryVault = (key?: CryptoKey): KeyVault & { reads: number } => {
    const vault = {
      reads: 0,
      get: async <T>() => {
        vault.reads++;
        return key as T | undefined;
      },
      put: async () => {},
      delete: async () => {},
      clear: async () => {},
    };
    return vault;
  };

  it('asks the vault when the prefetch found nothing', async () => {
    const name = databaseName();
    const sealed = await createVaultEncryption(createIndexedDbVault(name), VAULT_ENTRIES.sessionKey).encrypt('hello', CONTEXT);
    const vault = createIndexedDbVault(name);
    const get = vi.spyOn(vault, 'get');
    const encryption = createVaultEncryption(vault, VAULT_ENTRIES.sessionKey, Promise.resolve(undefined));
    expect(await encryption.decrypt(sealed, CONTEXT)).toBe('hello');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('drops a prefetch not yet used when told the key may have changed (forget)', async () => {
    const vault = memoryVault(undefined);
    const stale = await crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'HKDF', false, ['deriveKey']);
    const encryption = createVaultEncryption(vault, VAULT_ENTRIES.sessionKey, Promise.resolve(stale));
    encryption.forget();
    await expect(
      encryption.decrypt(JSON.stringify({ v: 1, salt: 'AA==', iv: 'AA==', payload: 'AA==' }), CONTEXT),
    ).rejects.toThrow('No session key');
    expect(vault.reads).toBe(1);
  });
});
