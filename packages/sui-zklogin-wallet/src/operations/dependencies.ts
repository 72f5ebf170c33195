/**
 * What the actors need, built once at the app edge. Tests build the same object with
 * in-memory stores and a client pointed at MSW.
 */
import { createTabChannel, type TabChannel } from '../storage/tab-channel.ts';
import type { WalletConfig } from '../config.ts';
import type { LoginServiceClient } from '../login-service/client.ts';
import { createLoginServiceClient } from '../login-service/client.ts';
import { createVaultEncryption, type Encryption } from '../storage/encryption.ts';
import { createDefaultVault, type KeyVault } from '../storage/key-vault.ts';
import { storageKeys, VAULT_ENTRIES } from '../storage/keys.ts';
import { createSessionStore, type SessionStore } from '../storage/session-store.ts';
import { createDefaultStore, type KeyValueStore } from '../storage/store.ts';

export interface SignInDependencies {
  config: WalletConfig;
  client: LoginServiceClient;
  sessions: SessionStore;
  vault: KeyVault;
  encryption: Encryption;
  tabs: TabChannel;
  now: () => number;
}

/** The real dependencies: the session's storage (config.sessionScope), IndexedDB, the configured login service. */
export function createDependencies(
  config: WalletConfig,
  overrides: { store?: KeyValueStore; vault?: KeyVault; tabs?: TabChannel; now?: () => number } = {},
): SignInDependencies {
  const keys = storageKeys(config.enokiApiKey);
  const vault = overrides.vault ?? createDefaultVault(keys.database);
  const encryption = createVaultEncryption(vault, VAULT_ENTRIES.sessionKey);
  return {
    config,
    client: createLoginServiceClient({
      baseUrl: config.enokiApiUrl,
      apiKey: config.enokiApiKey,
      timeoutMs: config.requestTimeoutMs,
    }),
    sessions: createSessionStore(overrides.store ?? createDefaultStore(config.sessionScope), encryption, keys),
    vault,
    encryption,
    tabs: overrides.tabs ?? createTabChannel(keys.database),
    now: overrides.now ?? Date.now,
  };
}
