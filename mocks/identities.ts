/**
 * The test identities the mock identity provider offers. The same person has the same
 * subject at every provider here; the login service still derives a different address
 * per provider, because the issuer and audience differ.
 */
export interface TestIdentity {
  id: string;
  sub: string;
  name: string;
  email: string;
}

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { id: 'alice', sub: '104912345678901234567', name: 'Alice Example', email: 'alice@example.com' },
  { id: 'bob', sub: '208765432109876543210', name: 'Bob Example', email: 'bob@example.com' },
  { id: 'carol', sub: '301122334455667788990', name: 'Carol Example', email: 'carol@example.com' },
];

export const MOCK_PROVIDERS = ['google', 'facebook', 'twitch'] as const;
export type MockProvider = (typeof MOCK_PROVIDERS)[number];

export function isMockProvider(value: string): value is MockProvider {
  return (MOCK_PROVIDERS as readonly string[]).includes(value);
}
