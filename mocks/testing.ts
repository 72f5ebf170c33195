/**
 * Test helpers over the mocks: the shared login-service handlers (and the mock Sui node,
 * which the signed-in page reads its balance from) in an MSW node server, tokens from
 * the mock identity provider, and zkLogin accounts that sign, for Vitest.
 */
import { Signer, type Keypair, type PublicKey } from '@mysten/sui/cryptography';
import { Ed25519Keypair, Ed25519PublicKey } from '@mysten/sui/keypairs/ed25519';
import { Secp256r1PublicKey } from '@mysten/sui/keypairs/secp256r1';
import { getZkLoginSignature, jwtToAddress } from '@mysten/sui/zklogin';
import { setupServer } from 'msw/node';
import type { EphemeralSigner } from '../packages/sui-zklogin-wallet/src/zklogin/zklogin-signature.ts';
import { TEST_IDENTITIES, type MockProvider } from './identities.ts';
import { createSigningKeys, type SigningKeys } from './idp/signing-keys.ts';
import { mintIdToken, providerOfIssuer } from './idp/tokens.ts';
import { createLoginServiceHandlers, type Lie } from './login-service/handlers.ts';
import { buildMockProof } from './login-service/proof.ts';
import { createSuiNode } from './sui-node/handlers.ts';
import type { Jwk } from '../packages/sui-zklogin-wallet/src/verify.ts';

export const TEST_API_URL = 'https://login-service.test';
export const TEST_API_KEY = 'enoki_public_test_key';
export const TEST_ISSUER_BASE = 'https://idp.test/idp';

/** The issuers' keys straight from the mock provider's keys, in process (no provider is served in Vitest). */
export function inProcessIssuers(keys: SigningKeys): (iss: string) => Promise<readonly Jwk[]> {
  return async (iss) => {
    const provider = providerOfIssuer(iss);
    if (!provider) throw new Error(`${iss} is not a mock provider`);
    const { kid, n, e, kty } = (await keys.forProvider(provider)).publicJwk;
    return kid && n ? [{ kid, n, e, kty }] : [];
  };
}

export function createTestLoginService(options: { network?: string; now?: () => number } = {}) {
  const keys = createSigningKeys();
  const issuers = inProcessIssuers(keys);
  const node = createSuiNode({ zkLogin: { issuers } });
  const lies = new Set<Lie>();
  const server = setupServer(
    ...createLoginServiceHandlers({ apiKey: TEST_API_KEY, keys, ...options, lies: () => lies }),
    ...node.handlers,
  );
  return {
    keys,
    /** The provider's published keys (its JWK set), as a verifier fetches them. */
    jwks: (provider: MockProvider = 'google') => issuers(`${TEST_ISSUER_BASE}/${provider}`),
    server,
    /** The lies the service tells from now on (clear it to stop). */
    lies,
    /** The Sui node the page reads from (any URL ending in /graphql). */
    node,
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

/** The mock provider's keys that createZkLoginAccount's tokens are signed with. */
const accountKeys = createSigningKeys();
/** The client (audience) and salt of createZkLoginAccount's accounts, unless told another salt. */
export const ACCOUNT_CLIENT_ID = 'client-google';
const ACCOUNT_SALT = '12345678901234567890';
/** Their issuers' keys, for a node that checks those accounts' proofs (createSuiNode's `zkLogin.issuers`). */
export const ACCOUNT_ISSUERS = inProcessIssuers(accountKeys);

/** What createZkLoginAccount may be told; each part has its default. */
export interface ZkLoginAccountOptions<K extends Keypair> {
  /** The setup's prover: built-in mode's by default. */
  prove?: Parameters<typeof buildMockProof>[4];
  /** The ephemeral key: a new Ed25519 key by default (a zkLogin signature may carry a Secp256k1 or Secp256r1 one too). */
  ephemeral?: K;
  /** The provider's signing keys, and the issuer its tokens name: ACCOUNT_ISSUERS's keys, and the mock Google's issuer, by default. */
  keys?: SigningKeys;
  issuer?: string;
  salt?: string;
}

/**
 * A zkLogin account as the mock login service makes one: a token, a salt, a real proof (under
 * built-in mode's key, or under the setup whose prover is `prove`), an ephemeral key; `sign`
 * wraps the ephemeral key's signature into a zkLogin signature. A node built with
 * ACCOUNT_ISSUERS verifies the default account in full.
 */
export async function createZkLoginAccount<K extends Keypair = Ed25519Keypair>(
  maxEpoch: number,
  {
    prove,
    keys = accountKeys,
    issuer = `${TEST_ISSUER_BASE}/google`,
    salt = ACCOUNT_SALT,
    ephemeral: given,
  }: ZkLoginAccountOptions<K> = {},
) {
  const ephemeral = given ?? Ed25519Keypair.generate();
  const identity = TEST_IDENTITIES[0]!;
  const jwt = await mintIdToken(keys, { provider: 'google', issuer, clientId: ACCOUNT_CLIENT_ID, nonce: 'a-nonce', identity });
  const { publicJwk } = await keys.forProvider('google');
  const proof = buildMockProof(
    jwt,
    { sub: identity.sub, aud: ACCOUNT_CLIENT_ID },
    salt,
    {
      ephemeralPublicKey: ephemeral.getPublicKey().toSuiBytes(),
      maxEpoch,
      modulus: publicJwk.n ?? '',
    },
    prove,
  );
  const address = jwtToAddress(jwt, salt, false);
  /** `inputs`: the proof and its inputs as signed (the account's own by default; a test may alter them). */
  const sign = async (userSignature: string, inputs = proof) => getZkLoginSignature({ inputs, maxEpoch, userSignature });
  return { address, ephemeral, proof, sign };
}

/**
 * The app's ephemeral signer as an @mysten/sui Signer, so that the SDK's own intent,
 * digest and encoding wrap its signatures: a test of the key's signing alone.
 */
export function asSuiSigner(ephemeral: EphemeralSigner): Signer {
  const publicKey: PublicKey =
    ephemeral.flag === 0x00 ? new Ed25519PublicKey(ephemeral.publicKey) : new Secp256r1PublicKey(ephemeral.publicKey);
  return new (class extends Signer {
    sign = async (digest: Uint8Array) => new Uint8Array(await ephemeral.sign(digest));
    getKeyScheme = (): 'ED25519' | 'Secp256r1' => (ephemeral.flag === 0x00 ? 'ED25519' : 'Secp256r1');
    getPublicKey = () => publicKey;
  })();
}
