/**
 * Test helpers over the mocks: the shared login-service handlers in an MSW node server,
 * and tokens from the mock identity provider, for Vitest.
 */
import { setupServer } from 'msw/node';
import { TEST_IDENTITIES, type MockProvider } from './identities.ts';
import { createSigningKeys } from './idp/signing-keys.ts';
import { mintIdToken } from './idp/tokens.ts';
import { createLoginServiceHandlers } from './login-service/handlers.ts';

export const TEST_API_URL = 'https://login-service.test';
export const TEST_API_KEY = 'enoki_public_test_key';
export const TEST_ISSUER_BASE = 'https://idp.test/idp';

export function createTestLoginService(options: { network?: string; now?: () => number } = {}) {
  const keys = createSigningKeys();
  const server = setupServer(...createLoginServiceHandlers({ apiKey: TEST_API_KEY, keys, ...options }));
  return {
    keys,
    server,
    /** An id_token as the mock provider would issue it after the visitor chose `identity`. */
    mint(
      nonce: string,
      overrides: { provider?: MockProvider; identity?: string; clientId?: string; claims?: Record<string, unknown> } = {},
    ) {
      const provider = overrides.provider ?? 'google';
      const identity = TEST_IDENTITIES.find((candidate) => candidate.id === (overrides.identity ?? 'alice'))!;
      return mintIdToken(keys, {
        provider,
        issuer: `${TEST_ISSUER_BASE}/${provider}`,
        clientId: overrides.clientId ?? `client-${provider}`,
        nonce,
        identity,
        claims: overrides.claims,
      });
    },
  };
}
