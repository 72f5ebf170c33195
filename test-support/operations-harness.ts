/**
 * The actor tests' browser: tabs whose storage and key vault survive "reloads" (each page a
 * new machine over the real actors), against the mock login service in MSW. Shared by the
 * actor test files; not part of the app.
 */
import { createActor, waitFor } from 'xstate';
import { signInMachine } from '../packages/sui-zklogin-wallet/src/core/sign-in.machine.ts';
import { Secret } from '../packages/sui-zklogin-wallet/src/core/secret.ts';
import { TEST_API_KEY, TEST_API_URL, type createTestLoginService } from '../mocks/testing.ts';
import { parseConfig } from '../src/config.ts';
import { type WalletConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { createVaultEncryption } from '../packages/sui-zklogin-wallet/src/storage/encryption.ts';
import { createMemoryVault, type KeyVault } from '../packages/sui-zklogin-wallet/src/storage/key-vault.ts';
import { storageKeys, VAULT_ENTRIES } from '../packages/sui-zklogin-wallet/src/storage/keys.ts';
import { createSessionStore } from '../packages/sui-zklogin-wallet/src/storage/session-store.ts';
import { createMemoryStore, type KeyValueStore } from '../packages/sui-zklogin-wallet/src/storage/store.ts';
import { createDependencies } from '../packages/sui-zklogin-wallet/src/operations/dependencies.ts';
import { operationActors } from '../packages/sui-zklogin-wallet/src/core/operations.ts';
import { createSignInOperations } from '../packages/sui-zklogin-wallet/src/operations/sign-in-runtime.ts';

export function config(overrides: Record<string, string> = {}): WalletConfig {
  const result = parseConfig(
    {
      VITE_ENOKI_API_KEY: TEST_API_KEY,
      VITE_ENOKI_API_URL: TEST_API_URL,
      VITE_GOOGLE_CLIENT_ID: 'client-google',
      VITE_TWITCH_CLIENT_ID: 'client-twitch',
      ...overrides,
    },
    'https://app.test/',
  );
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
}

export type BrowserTab = ReturnType<ReturnType<typeof actorTestHarness>['browserTab']>;

export function actorTestHarness(service: ReturnType<typeof createTestLoginService>) {
  /** One browser tab: storage and vault survive "reloads" (new pages = new actors). */
  function browserTab(appConfig = config(), now = () => Date.now()) {
    const store: KeyValueStore = createMemoryStore();
    const vault: KeyVault = createMemoryVault();
    const navigations: string[] = [];
    const page = (fragment?: string) => {
      const machine = signInMachine.provide({
        actors: operationActors(createSignInOperations(createDependencies(appConfig, { store, vault, now }))),
        actions: { navigate: (_, { url }) => void navigations.push(url), clearFragment: () => {} },
      });
      return createActor(machine, { input: { fragment: fragment ? new Secret(fragment) : null } }).start();
    };
    return { store, vault, navigations, page };
  }

  /** Starts a sign-in on a new page of `tab`, up to the provider; the provider's URL. */
  async function startFlow(tab: BrowserTab, provider = 'google') {
    const page = tab.page();
    await waitFor(page, (s) => s.matches('idle'));
    page.send({ type: 'user.signIn', provider });
    await waitFor(page, (s) => s.matches({ redirecting: 'navigating' }));
    return new URL(tab.navigations.at(-1)!);
  }

  async function signIn(tab: BrowserTab, provider = 'google', identity = 'alice') {
    const url = await startFlow(tab, provider);
    const jwt = await service.mint(url.searchParams.get('nonce')!, {
      provider: provider as 'google',
      identity,
      clientId: url.searchParams.get('client_id')!,
    });
    const second = tab.page(`#id_token=${jwt}`);
    await waitFor(second, (s) => !s.hasTag('busy'));
    return { page: second, jwt, url };
  }

  return { browserTab, startFlow, signIn };
}

/** The tab's session as the app would read it. */
export async function readSession(tab: BrowserTab) {
  const sessions = createSessionStore(
    tab.store,
    createVaultEncryption(tab.vault, VAULT_ENTRIES.sessionKey),
    storageKeys(TEST_API_KEY),
  );
  return (await sessions.read())!.session;
}

/** The tab's two stored entries (state, then session), as text. */
export const storedValues = (tab: BrowserTab, appConfig = config()) =>
  [`@zklogin-sign-in/state/${appConfig.enokiApiKey}`, `@zklogin-sign-in/session/${appConfig.enokiApiKey}`].map((key) =>
    tab.store.get(key),
  );
