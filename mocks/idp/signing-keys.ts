/**
 * The mock identity provider's RS256 signing keys, one per provider, made once per
 * process. The mock login service verifies tokens with the same keys, in process.
 */
import { exportJWK, generateKeyPair, type CryptoKey as JoseKey, type JWK } from 'jose';
import type { MockProvider } from '../identities.ts';

export interface ProviderKey {
  kid: string;
  privateKey: JoseKey;
  publicKey: JoseKey;
  publicJwk: JWK;
}

export interface SigningKeys {
  forProvider(provider: MockProvider): Promise<ProviderKey>;
}

export function createSigningKeys(): SigningKeys {
  const keys = new Map<MockProvider, Promise<ProviderKey>>();
  const make = async (provider: MockProvider): Promise<ProviderKey> => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `mock-${provider}-${crypto.randomUUID().slice(0, 8)}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return { kid, privateKey, publicKey, publicJwk };
  };
  return {
    forProvider(provider) {
      let key = keys.get(provider);
      if (!key) keys.set(provider, (key = make(provider)));
      return key;
    },
  };
}
