/**
 * Verify before trusting, with the real actors against the mock login service: no token
 * goes anywhere before its nonce is checked, the login service's answers are checked
 * against what the browser knows, and only sealed storage is believed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CATALOGUE } from '../core/errors.ts';
import { createTestLoginService, TEST_API_KEY } from '../../../../mocks/testing.ts';
import { nativeKeyEntry, storageKeys, VAULT_ENTRIES } from '../storage/keys.ts';
import { createMemoryVault } from '../storage/key-vault.ts';
import { createMemoryStore } from '../storage/store.ts';
import { actorTestHarness, config, readSession, storedValues } from '../../../../test-support/operations-harness.ts';
import { createDependencies } from './dependencies.ts';
import { operationActors } from '../core/operations.ts';
import { createSignInOperations } from './sign-in-runtime.ts';

const service = createTestLoginService();
beforeAll(() => service.server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => service.server.close());
afterEach(() => service.lies.clear());
const { browserTab, startFlow, signIn } = actorTestHarness(service);
const KEYS = storageKeys(TEST_API_KEY);

/** Every request that reaches the login service from now on, as `METHOD /path`. */
function loginServiceRequests() {
  const seen: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/v1/')) seen.push(`${request.method} ${pathname}`);
  };
  service.server.events.on('request:start', record);
  return { seen, stop: () => service.server.events.removeListener('request:start', record) };
}

describe('no token leaves before its nonce is checked', () => {
  it.each(['google', 'twitch'])(
    '%s: a token whose nonce is not this flow’s reaches no login service, not even early',
    async (provider) => {
      const tab = browserTab();
      const url = await startFlow(tab, provider);
      // A real token for another sign-in: another tab's flow, with its own nonce.
      const other = await startFlow(browserTab(), provider);
      expect(other.searchParams.get('nonce')).not.toBe(url.searchParams.get('nonce'));
      const foreign = await service.mint(other.searchParams.get('nonce')!, {
        provider: provider as 'google',
        clientId: url.searchParams.get('client_id')!,
      });
      const before = storedValues(tab);
      const requests = loginServiceRequests();
      const fetches = vi.spyOn(globalThis, 'fetch');
      try {
        const page = tab.page(`#id_token=${foreign}`);
        const refused = await waitFor(page, (s) => s.matches('idle') && s.context.failure !== null);
        expect(refused.context.failure?.code).toBe('NONCE_MISMATCH');
        // Every fetch counted, also one that would have been aborted before it arrived.
        expect(fetches.mock.calls).toEqual([]);
        expect(requests.seen).toEqual([]);
        expect(storedValues(tab)).toEqual(before);
      } finally {
        fetches.mockRestore();
        requests.stop();
      }
    },
  );

  it('the flow’s nonce and end wait in the plain entry (no secrets) until its callback is taken', async () => {
    const tab = browserTab();
    const url = await startFlow(tab);
    const { expiresAt } = await readSession(tab);
    expect(JSON.parse(tab.store.get(KEYS.state)!)).toEqual({
      provider: 'google',
      nonce: url.searchParams.get('nonce'),
      expiresAt,
    });
    await signIn(tab);
    const signedIn = JSON.parse(tab.store.get(KEYS.state)!);
    expect(signedIn).not.toHaveProperty('nonce');
    expect(signedIn).not.toHaveProperty('expiresAt');
  });
});

describe("the login service's answers are checked", () => {
  it('a nonce made for another key: stopped before the provider, our message, nothing stored; a click goes on once it answers true', async () => {
    service.lies.add('nonce-for-another-key');
    const tab = browserTab();
    const page = tab.page();
    await waitFor(page, (s) => s.matches('idle'));
    // The warm start meets the lie first, silently; the click then meets it itself.
    page.send({ type: 'user.intent' });
    await waitFor(page, (s) => s.matches({ idle: 'cold' }));
    page.send({ type: 'user.signIn', provider: 'google' });
    const stopped = await waitFor(page, (s) => s.matches('idle') && s.context.failure !== null);
    expect(stopped.context.failure?.message).toBe(CATALOGUE.NONCE_ANSWER_NOT_OURS);
    expect(tab.navigations).toEqual([]);
    expect(storedValues(tab)).toEqual([null, null]);
    expect(await tab.vault.get(VAULT_ENTRIES.sessionKey)).toBeUndefined();

    service.lies.clear();
    page.send({ type: 'user.signIn', provider: 'google' });
    await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
    expect(tab.navigations).toHaveLength(1);
  });

  it.each(['address-not-from-token', 'public-key-not-from-token'] as const)(
    'get login that answers %s: refused with our message, the address never shown nor stored',
    async (lie) => {
      const tab = browserTab();
      const url = await startFlow(tab);
      const jwt = await service.mint(url.searchParams.get('nonce')!, { clientId: url.searchParams.get('client_id')! });
      const pending = storedValues(tab);
      service.lies.add(lie);
      const page = tab.page(`#id_token=${jwt}`);
      const addresses: (string | null)[] = [];
      page.subscribe((snapshot) => void addresses.push(snapshot.context.address));
      const failed = await waitFor(page, (s) => s.matches('failed'));
      expect(failed.context.failure?.message).toBe(CATALOGUE.LOGIN_ANSWER_NOT_OURS);
      expect(addresses.every((address) => address === null)).toBe(true);
      expect(storedValues(tab)).toEqual(pending);
    },
  );
});

describe('only sealed storage is believed', () => {
  it('a plain entry that names another address reads as unreadable: signed out, with the notice, the other address never shown', async () => {
    const tab = browserTab();
    const { page } = await signIn(tab);
    const state = JSON.parse(tab.store.get(KEYS.state)!) as Record<string, string>;
    const elsewhere = `0x${'e'.repeat(64)}`;
    tab.store.set(KEYS.state, JSON.stringify({ ...state, address: elsewhere }));
    expect(page.getSnapshot().context.address).not.toBe(elsewhere);

    const reloaded = tab.page();
    const addresses: (string | null)[] = [];
    reloaded.subscribe((snapshot) => void addresses.push(snapshot.context.address));
    const out = await waitFor(reloaded, (s) => s.matches({ 'logged-out': 'done' }));
    expect(out.context.notice).toBe('Your stored session could not be read, so you have been signed out.');
    expect(addresses).not.toContain(elsewhere);
    expect(storedValues(tab)).toEqual([null, null]);
  });

  it('a master key of the wrong kind in the vault is replaced by the next sign-in, never a lasting failure', async () => {
    const tab = browserTab();
    await tab.vault.put(VAULT_ENTRIES.sessionKey, 'not a key');
    const { page } = await signIn(tab);
    expect(page.getSnapshot().matches({ account: { session: 'signed-in' } })).toBe(true);
    expect(await tab.vault.get(VAULT_ENTRIES.sessionKey)).toBeInstanceOf(CryptoKey);
  });
});

describe('what a flow leaves behind', () => {
  it('a flow replaced by a new one in the same tab takes its native key with it', async () => {
    const tab = browserTab();
    await startFlow(tab);
    const first = (await readSession(tab)).nativeKeyId!;
    expect(await tab.vault.get(nativeKeyEntry(first))).toBeDefined();
    await startFlow(tab, 'twitch');
    const second = (await readSession(tab)).nativeKeyId!;
    expect(second).not.toBe(first);
    expect(await tab.vault.get(nativeKeyEntry(first))).toBeUndefined();
    expect(await tab.vault.get(nativeKeyEntry(second))).toBeDefined();
  });

  it('a sign-out everywhere tells the other tabs even when clearing the keys fails', async () => {
    const announced: string[] = [];
    const vault = { ...createMemoryVault(), clear: () => Promise.reject(new Error('refused by the test')) };
    const deps = createDependencies(config(), {
      store: createMemoryStore(),
      vault,
      tabs: { announceSignOut: () => void announced.push('signed-out'), onSignOut: () => () => {} },
    });
    const actor = createActor(operationActors(createSignInOperations(deps)).clearSession, {
      input: { everywhere: true, ended: null },
    });
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failed).toMatchObject({ message: 'refused by the test' });
    expect(announced).toEqual(['signed-out']);
  });
});
