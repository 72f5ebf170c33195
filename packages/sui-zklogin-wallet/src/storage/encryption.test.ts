import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '@mysten/utils';
import { createVaultEncryption } from './encryption.ts';
import { createIndexedDbVault, createMemoryVault } from './key-vault.ts';

const CONTEXT = '@zklogin-sign-in/session/app-key';

function tamper(sealed: string, field: 'payload' | 'iv' | 'salt', change: (bytes: Uint8Array) => Uint8Array): string {
  const parsed = JSON.parse(sealed) as Record<string, string>;
  parsed[field] = toBase64(change(fromBase64(parsed[field]!)));
  return JSON.stringify(parsed);
}

describe('session encryption', () => {
  it('round-trips, with a fresh salt and IV on every write', async () => {
    const encryption = createVaultEncryption(createMemoryVault(), 'session-key');
    const first = await encryption.encrypt('{"jwt":"secret"}', CONTEXT);
    const second = await encryption.encrypt('{"jwt":"secret"}', CONTEXT);
    expect(await encryption.decrypt(first, CONTEXT)).toBe('{"jwt":"secret"}');
    expect(first).not.toContain('secret');
    const a = JSON.parse(first) as Record<string, string>;
    const b = JSON.parse(second) as Record<string, string>;
    expect(a.salt).not.toBe(b.salt);
    expect(a.iv).not.toBe(b.iv);
    expect(fromBase64(a.salt!)).toHaveLength(16);
    expect(fromBase64(a.iv!)).toHaveLength(12);
  });

  it('refuses tampered ciphertext: flipped bit, truncation, wrong IV, wrong salt', async () => {
    const encryption = createVaultEncryption(createMemoryVault(), 'session-key');
    const sealed = await encryption.encrypt('hello', CONTEXT);
    const flipped = tamper(sealed, 'payload', (bytes) => bytes.map((byte, i) => (i === 0 ? byte ^ 1 : byte)));
    const truncated = tamper(sealed, 'payload', (bytes) => bytes.slice(0, bytes.length - 3));
    const wrongIv = tamper(sealed, 'iv', (bytes) => bytes.map((byte) => byte ^ 0xff));
    const wrongSalt = tamper(sealed, 'salt', (bytes) => bytes.map((byte) => byte ^ 0xff));
    const otherVersion = JSON.stringify({ ...JSON.parse(sealed), v: 2 });
    const numberIv = JSON.stringify({ ...JSON.parse(sealed), iv: 12 });
    for (const bad of [flipped, truncated, wrongIv, wrongSalt, otherVersion, numberIv, '{"v":1}', 'not json', 'null']) {
      await expect(encryption.decrypt(bad, CONTEXT)).rejects.toThrow();
    }
  });

  it('binds the data to its storage key: another application key cannot open it', async () => {
    const encryption = createVaultEncryption(createMemoryVault(), 'session-key');
    const sealed = await encryption.encrypt('hello', CONTEXT);
    await expect(encryption.decrypt(sealed, '@zklogin-sign-in/session/other-app')).rejects.toThrow();
  });

  it('cannot be opened with another master key, nor after sign-out empties the vault', async () => {
    const vault = createMemoryVault();
    const sealed = await createVaultEncryption(vault, 'session-key').encrypt('hello', CONTEXT);
    await expect(createVaultEncryption(createMemoryVault(), 'session-key').decrypt(sealed, CONTEXT)).rejects.toThrow();
    const encryption = createVaultEncryption(vault, 'session-key');
    expect(await encryption.decrypt(sealed, CONTEXT)).toBe('hello');
    // What sign-out does: the vault is emptied and this page's cached key dropped.
    await vault.clear();
    encryption.forget();
    await expect(encryption.decrypt(sealed, CONTEXT)).rejects.toThrow();
  });

  it('keeps a non-extractable master key in IndexedDB, shared by a later page', async () => {
    const vault = createIndexedDbVault(`test-db-${crypto.randomUUID()}`);
    const sealed = await createVaultEncryption(vault, 'session-key').encrypt('hello', CONTEXT);
    const master = await vault.get<CryptoKey>('session-key');
    expect(master?.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', master!)).rejects.toThrow();
    // A new page (new encryption object) opens the data with the stored key.
    expect(await createVaultEncryption(vault, 'session-key').decrypt(sealed, CONTEXT)).toBe('hello');
  });

  it('prepare writes nothing: no database is created, and the key made ahead is stored by the first write', async () => {
    const name = `test-db-${crypto.randomUUID()}`;
    const vault = createIndexedDbVault(name);
    const encryption = createVaultEncryption(vault, 'session-key');
    await encryption.prepare();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(name);
    const sealed = await encryption.encrypt('hello', CONTEXT);
    expect((await vault.get<CryptoKey>('session-key'))?.extractable).toBe(false);
    expect(await createVaultEncryption(vault, 'session-key').decrypt(sealed, CONTEXT)).toBe('hello');
  });

  it('prepare reads a stored master key ahead; the first write confirms it in one transaction, and stores it again if another tab emptied the vault', async () => {
    const vault = createMemoryVault();
    const sealed = await createVaultEncryption(vault, 'session-key').encrypt('first', CONTEXT);
    const encryption = createVaultEncryption(vault, 'session-key');
    const calls: string[] = [];
    const { get, peek, putIfAbsent } = vault;
    Object.assign(vault, {
      get: (name: string) => (calls.push('get'), get(name)),
      peek: (name: string) => (calls.push('peek'), peek(name)),
      put: fail,
      putIfAbsent: <T>(name: string, value: T) => (calls.push('putIfAbsent'), putIfAbsent(name, value)),
    });
    await encryption.prepare();
    expect(await encryption.decrypt(sealed, CONTEXT)).toBe('first');
    // Another tab signs out everywhere: the vault is emptied.
    await vault.clear();
    const again = await encryption.encrypt('second', CONTEXT);
    await encryption.encrypt('third', CONTEXT);
    expect(calls).toEqual(['peek', 'putIfAbsent']);
    // The session written after the other tab's sign-out can still be opened by a later page.
    expect(await createVaultEncryption(vault, 'session-key').decrypt(again, CONTEXT)).toBe('second');
  });

  it('a master key another tab stored after this page prepared is the one used', async () => {
    const vault = createMemoryVault();
    const encryption = createVaultEncryption(vault, 'session-key');
    await encryption.prepare();
    // The other tab writes first, with its own key.
    const theirs = await createVaultEncryption(vault, 'session-key').encrypt('theirs', CONTEXT);
    const ours = await encryption.encrypt('ours', CONTEXT);
    const anotherPage = createVaultEncryption(vault, 'session-key');
    expect(await anotherPage.decrypt(theirs, CONTEXT)).toBe('theirs');
    expect(await anotherPage.decrypt(ours, CONTEXT)).toBe('ours');
  });

  it('a master key entry of the wrong kind opens nothing and is replaced by the next write, never a lasting failure', async () => {
    for (const wrong of [
      'a string',
      { algorithm: 'HKDF' },
      await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
    ]) {
      const vault = createMemoryVault();
      const sealedBefore = await createVaultEncryption(vault, 'session-key').encrypt('old', CONTEXT);
      await vault.put('session-key', wrong);
      const encryption = createVaultEncryption(vault, 'session-key');
      await expect(encryption.decrypt(sealedBefore, CONTEXT)).rejects.toThrow();
      await encryption.prepare();
      const sealed = await encryption.encrypt('hello', CONTEXT);
      expect(await createVaultEncryption(vault, 'session-key').decrypt(sealed, CONTEXT)).toBe('hello');
      expect(await vault.get('session-key')).toBeInstanceOf(CryptoKey);
    }
  });

  it('a master key that says it can be exported is no key: nothing opens with it, and the next write replaces it', async () => {
    const master = await crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'HKDF', false, ['deriveKey']);
    const vault = createMemoryVault();
    await vault.put('session-key', master);
    const sealedBefore = await createVaultEncryption(vault, 'session-key').encrypt('old', CONTEXT);
    // WebCrypto makes no extractable HKDF key; one in the vault (planted by a script, or an
    // older version's) is refused all the same. A stand-in: the same key, saying it is extractable.
    const extractable: CryptoKey = Object.create(master, {
      algorithm: { value: master.algorithm },
      usages: { value: master.usages },
      extractable: { value: true },
    });
    expect(extractable).toBeInstanceOf(CryptoKey);
    await vault.put('session-key', extractable);
    const encryption = createVaultEncryption(vault, 'session-key');
    await expect(encryption.decrypt(sealedBefore, CONTEXT)).rejects.toThrow('No session key');
    await encryption.prepare();
    await expect(encryption.decrypt(sealedBefore, CONTEXT)).rejects.toThrow('No session key');
    const sealed = await encryption.encrypt('hello', CONTEXT);
    const stored = await vault.get<CryptoKey>('session-key');
    expect(stored).not.toBe(extractable);
    expect(stored?.extractable).toBe(false);
    expect(await createVaultEncryption(vault, 'session-key').decrypt(sealed, CONTEXT)).toBe('hello');
  });

  it('a prepare whose look fails changes nothing, and the write goes on', async () => {
    const vault = createMemoryVault();
    const encryption = createVaultEncryption(
      { ...vault, peek: () => Promise.reject(new Error('refused by the test')) },
      'session-key',
    );
    await expect(encryption.prepare()).resolves.toBeUndefined();
    expect(await vault.get('session-key')).toBeUndefined();
    const sealed = await encryption.encrypt('hello', CONTEXT);
    expect(await createVaultEncryption(vault, 'session-key').decrypt(sealed, CONTEXT)).toBe('hello');
  });
});

function fail(): never {
  throw new Error('the vault was used');
}
