import { describe, expect, it, vi } from 'vitest';
import { createVaultEncryption } from './encryption.ts';
import { createMemoryVault } from './key-vault.ts';
import { storageKeys } from './keys.ts';
import { createSessionStore, type SignInSession } from './session-store.ts';
import { createDefaultStore, createMemoryStore, usableStorageArea, type KeyValueStore } from './store.ts';

const session: SignInSession = {
  expiresAt: 2_000_000_000_000,
  maxEpoch: 12,
  randomness: '1234',
  ephemeralKeyPair: 'suiprivkey1secret',
  nonce: 'nonce-1',
  jwt: 'header.payload.signature',
};

function setup(store: KeyValueStore = createMemoryStore(), appKey = 'app-key', vault = createMemoryVault()) {
  const keys = storageKeys(appKey);
  return { store, keys, sessions: createSessionStore(store, createVaultEncryption(vault, 'session-key'), keys) };
}

describe('storage keys', () => {
  it('are a prefix plus the application key', () => {
    expect(storageKeys('enoki_public_123')).toEqual({
      state: '@zklogin-sign-in/state/enoki_public_123',
      session: '@zklogin-sign-in/session/enoki_public_123',
      database: '@zklogin-sign-in/enoki_public_123',
    });
  });
});

describe('default store', () => {
  it('falls back to memory when there is no window', () => {
    expect(typeof window).toBe('undefined');
    const store = createDefaultStore();
    store.set('a', '1');
    expect(store.get('a')).toBe('1');
    store.delete('a');
    expect(store.get('a')).toBeNull();
  });

  it('a storage area with no window, or one the browser refuses, is none (never a throw)', () => {
    expect(usableStorageArea('browser')).toBeNull();
    const refusing = {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      sessionStorage: { length: 0 } as Storage,
    };
    vi.stubGlobal('window', refusing);
    try {
      expect(usableStorageArea('browser')).toBeNull();
      expect(usableStorageArea('tab')).toBe(refusing.sessionStorage);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('session store', () => {
  it('keeps the state in plain JSON and the session encrypted, with the state sealed beside it', async () => {
    const { store, keys, sessions } = setup();
    await sessions.save({ provider: 'google', address: '0x1' }, session);
    expect(JSON.parse(store.get(keys.state)!)).toEqual({ provider: 'google', address: '0x1' });
    const raw = store.get(keys.session)!;
    for (const secret of [session.jwt!, session.ephemeralKeyPair, session.randomness]) expect(raw).not.toContain(secret);
    expect(await sessions.read()).toEqual({ state: { provider: 'google', address: '0x1' }, session });
    expect(sessions.readClearState()).toEqual({ provider: 'google', address: '0x1' });
  });

  it('believes only the sealed copy: a plain entry that disagrees makes the whole read unreadable', async () => {
    const { store, keys, sessions } = setup();
    const state = { provider: 'google', salt: '7', address: `0x${'a'.repeat(64)}`, publicKey: 'AAE=' } as const;
    await sessions.save(state, session);
    for (const change of [
      { address: `0x${'b'.repeat(64)}` },
      { provider: 'twitch' },
      { publicKey: 'AAI=' },
      { salt: '8' },
      { nonce: 'nonce-9' },
    ]) {
      store.set(keys.state, JSON.stringify({ ...state, ...change }));
      expect(await sessions.read(), JSON.stringify(change)).toBeNull();
      expect(sessions.peek()).toBeUndefined();
      expect(sessions.holdsAnything()).toBe(true);
    }
    store.delete(keys.state);
    expect(await sessions.read()).toBeNull();
    // The same fields in another order, as another writer might put them, agree.
    store.set(
      keys.state,
      JSON.stringify({ publicKey: state.publicKey, address: state.address, salt: state.salt, provider: 'google' }),
    );
    expect(await sessions.read()).toEqual({ state, session });
  });

  it('reads the sealed session for clearing whatever the plain entry says', async () => {
    const { store, keys, sessions } = setup();
    await sessions.save({ provider: 'google', nonce: 'nonce-1' }, { ...session, nativeKeyId: 'key-1' });
    store.set(keys.state, JSON.stringify({ provider: 'facebook' }));
    expect(await sessions.read()).toBeNull();
    expect((await sessions.readSealedSession())?.nativeKeyId).toBe('key-1');
    store.delete(keys.session);
    expect(await sessions.readSealedSession()).toBeNull();
    expect(sessions.holdsAnything()).toBe(true);
    store.delete(keys.state);
    expect(sessions.holdsAnything()).toBe(false);
  });

  it('writes nothing once the step that saves has been cancelled', async () => {
    const { store, keys, sessions } = setup();
    const controller = new AbortController();
    let succeed!: () => void;
    const saved = sessions.save({ provider: 'google' }, session, {
      after: new Promise<void>((resolve) => (succeed = resolve)),
      signal: controller.signal,
    });
    controller.abort();
    succeed();
    await expect(saved).rejects.toThrow();
    expect([store.get(keys.state), store.get(keys.session)]).toEqual([null, null]);
  });

  it('reads corrupt, foreign or undecryptable data as nothing, without throwing', async () => {
    const { store, keys, sessions } = setup();
    await sessions.save({ provider: 'google' }, session);
    const original = store.get(keys.session)!;
    // The ciphertext's first character changed (to one it is not: 'A' would leave 1 in 64 untouched).
    const tampered = original.replace(/"payload":"(.)/, (_, first: string) => `"payload":"${first === 'A' ? 'B' : 'A'}`);
    for (const bad of ['garbage', '{"v":1,"salt":"","iv":"","payload":""}', tampered]) {
      store.set(keys.session, bad);
      expect(await sessions.read()).toBeNull();
    }
    store.set(keys.state, '{"provider":"myspace"}');
    expect(sessions.readClearState()).toBeNull();
    store.set(keys.state, 'not json');
    expect(sessions.readClearState()).toBeNull();
  });

  it('does not read a session written under another application key', async () => {
    const store = createMemoryStore();
    const vault = createMemoryVault();
    const first = setup(store, 'app-one', vault);
    await first.sessions.save({ provider: 'google' }, session);
    // Another app's data copied under our key: the additional data does not match.
    const second = setup(store, 'app-two', vault);
    store.set(second.keys.session, store.get(first.keys.session)!);
    expect(await second.sessions.read()).toBeNull();
  });

  it('reading the same sealed text again costs no decryption; any other text is decrypted and checked afresh', async () => {
    const store = createMemoryStore();
    const keys = storageKeys('app-key');
    const inner = createVaultEncryption(createMemoryVault(), 'session-key');
    let decryptions = 0;
    const counting = { ...inner, decrypt: (sealed: string, context: string) => (decryptions++, inner.decrypt(sealed, context)) };
    const sessions = createSessionStore(store, counting, keys);
    await sessions.save({ provider: 'google' }, session);
    expect((await sessions.read())?.session).toEqual(session);
    expect((await sessions.read())?.session).toEqual(session);
    expect(decryptions).toBe(0);
    // Another tab (or an attacker) writes something else: it is read for real.
    const other = createSessionStore(store, inner, keys);
    await other.save({ provider: 'google' }, { ...session, jwt: 'other.jwt.value' });
    expect((await sessions.read())?.session.jwt).toBe('other.jwt.value');
    expect(decryptions).toBe(1);
    store.set(
      keys.session,
      store.get(keys.session)!.replace(/"payload":"(.)/, (_, first: string) => `"payload":"${first === 'A' ? 'B' : 'A'}`),
    );
    expect(await sessions.read()).toBeNull();
    sessions.clear();
    expect(await sessions.read()).toBeNull();
  });

  it('a read that another window’s write overtakes while it decrypts gives what is stored now, never "unreadable"', async () => {
    const store = createMemoryStore();
    const keys = storageKeys('app-key');
    const inner = createVaultEncryption(createMemoryVault(), 'session-key');
    await createSessionStore(store, inner, keys).save({ provider: 'google', nonce: 'nonce-1' }, { ...session, jwt: undefined });
    // This window's first decryption waits until the other window has written its sign-in.
    let release = () => {};
    const overtaken = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const slow = {
      ...inner,
      decrypt: async (sealed: string, context: string) => {
        if (first) {
          first = false;
          await overtaken;
        }
        return inner.decrypt(sealed, context);
      },
    };
    const reading = createSessionStore(store, slow, keys).read();
    await createSessionStore(store, inner, keys).save(
      { provider: 'google', salt: 'salt', address: '0xabc', publicKey: 'key' },
      session,
    );
    release();
    expect(await reading).toEqual({ state: { provider: 'google', salt: 'salt', address: '0xabc', publicKey: 'key' }, session });
  });

  it('peeks at the session last read or written only while storage still holds exactly it', async () => {
    const store = createMemoryStore();
    const keys = storageKeys('app-key');
    const encryption = createVaultEncryption(createMemoryVault(), 'session-key');
    const sessions = createSessionStore(store, encryption, keys);
    expect(sessions.peek()).toBeUndefined();
    await sessions.save({ provider: 'google' }, session);
    expect(sessions.peek()?.session).toEqual(session);
    // Another tab writes: nothing to peek at until it is read (and decrypted) for real.
    await createSessionStore(store, encryption, keys).save({ provider: 'google' }, { ...session, jwt: 'other.jwt.value' });
    expect(sessions.peek()).toBeUndefined();
    expect((await sessions.read())?.session.jwt).toBe('other.jwt.value');
    expect(sessions.peek()?.session.jwt).toBe('other.jwt.value');
    // A page that has not read it yet (a reload) has nothing to peek at.
    expect(createSessionStore(store, encryption, keys).peek()).toBeUndefined();
    sessions.clear();
    expect(sessions.peek()).toBeUndefined();
  });

  it('rejects JSON that is not a session of ours', async () => {
    const { sessions } = setup();
    await sessions.save({ provider: 'google' }, { ...session, maxEpoch: 'twelve' } as unknown as SignInSession);
    expect(await sessions.read()).toBeNull();
  });

  it('writes state and session together: a failed write leaves both as they were', async () => {
    const inner = createMemoryStore();
    const { keys, sessions } = setup({
      get: inner.get,
      delete: inner.delete,
      set: (key, value) => {
        if (key.includes('/state/') && value.includes('0xNEW')) throw new Error('QuotaExceededError');
        inner.set(key, value);
      },
    });
    await sessions.save({ provider: 'google' }, session);
    const before = { state: inner.get(keys.state), session: inner.get(keys.session) };
    await expect(sessions.save({ provider: 'google', address: '0xNEW' }, { ...session, jwt: 'other' })).rejects.toThrow();
    expect({ state: inner.get(keys.state), session: inner.get(keys.session) }).toEqual(before);
  });

  it('with `after`, writes nothing until that step has succeeded, and nothing at all when it fails', async () => {
    const store = createMemoryStore();
    const keys = storageKeys('app-key');
    // The seal is the save's only step of its own: once it has given its text, a write
    // that did not wait for `after` would follow within the same task.
    const encryption = createVaultEncryption(createMemoryVault(), 'session-key');
    let sealed!: () => void;
    const sealing = new Promise<void>((resolve) => (sealed = resolve));
    const sessions = createSessionStore(
      store,
      {
        ...encryption,
        encrypt: (plaintext, context) => encryption.encrypt(plaintext, context).finally(sealed),
      },
      keys,
    );
    let succeed!: () => void;
    const saved = sessions.save({ provider: 'google' }, session, { after: new Promise<void>((resolve) => (succeed = resolve)) });
    await sealing;
    // The task's remaining steps run before the next one: then the save waits on `after` alone.
    await new Promise((resolve) => setImmediate(resolve));
    expect([store.get(keys.state), store.get(keys.session)]).toEqual([null, null]);
    succeed();
    await saved;
    expect((await sessions.read())?.session).toEqual(session);

    const failed = sessions.save(
      { provider: 'facebook' },
      { ...session, nonce: 'nonce-2' },
      { after: Promise.reject(new Error('key refused')) },
    );
    await expect(failed).rejects.toThrow('key refused');
    expect(sessions.readClearState()?.provider).toBe('google');
    expect((await sessions.read())?.session.nonce).toBe('nonce-1');
  });

  it('clear removes both entries', async () => {
    const { store, keys, sessions } = setup();
    await sessions.save({ provider: 'twitch' }, session);
    sessions.clear();
    expect(store.get(keys.state)).toBeNull();
    expect(store.get(keys.session)).toBeNull();
    expect(await sessions.read()).toBeNull();
  });
});
