/**
 * The mock login service: MSW handlers in one module, used by Vitest (setupServer), by
 * `npm start` and `vite preview` (served over HTTP by mocks/http-adapter.ts), and by the
 * Playwright mock server. It behaves like Enoki v1 where the app can tell:
 * - every request needs `Authorization: Bearer <key>`, `Content-Type: application/json`
 *   and a `Request-Id`; answers are `{ data }`, failures `{ errors: [{ code, message }] }`;
 * - nonces are computed for real with generateNonce and remembered;
 * - a token is accepted only if the mock identity provider signed it and it carries a
 *   nonce this service issued; the proof's nonce must match its inputs;
 * - salt is deterministic per identity, address is jwtToAddress(jwt, salt, false).
 * It can also be told to lie (`lies`), as a compromised or intercepted service would, so
 * that the tests can show the browser refusing what it can check itself.
 */
import { http, HttpResponse } from 'msw';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { publicKeyFromSuiBytes } from '@mysten/sui/verify';
import { generateNonce, generateRandomness, jwtToAddress, toZkLoginPublicIdentifier, genAddressSeed } from '@mysten/sui/zklogin';
import type { SigningKeys } from '../idp/signing-keys.ts';
import { providerOfIssuer, verifyIdToken } from '../idp/tokens.ts';
import { createNonceRegistry } from './nonce-registry.ts';
import { buildMockProof, saltFor } from './proof.ts';

export const MOCK_GENESIS = Date.UTC(2023, 4, 3);
/** Sui's epochs last about a day; a service may be set up with shorter ones. */
export const EPOCH_MS = 24 * 60 * 60 * 1000;
/** Epochs a session lasts without additionalEpochs: about two days, as Enoki's. */
const DEFAULT_EPOCHS = 2;
const NETWORKS = ['mainnet', 'testnet', 'devnet'];

/**
 * How the service may lie, each where the browser can tell:
 * - `nonce-for-another-key`: create nonce answers a nonce made for a key of its own (with
 *   the maxEpoch and randomness it answers), which the provider would bind a token to;
 * - `address-not-from-token`: get login answers the address (and public key) of another
 *   salt than the one it answers;
 * - `public-key-not-from-token`: get login answers the right address with the public key
 *   of another address seed;
 * - `proof-does-not-verify`: the proof answers every field right, but its points do not
 *   prove the inputs (A and C swapped): only the Groth16 check tells.
 */
export const LIES = [
  'nonce-for-another-key',
  'address-not-from-token',
  'public-key-not-from-token',
  'proof-does-not-verify',
] as const;
export type Lie = (typeof LIES)[number];

export interface LoginServiceMockOptions {
  apiKey: string;
  /** The network the key is enabled for (Enoki answers 403 for another one). */
  network?: string;
  keys: SigningKeys;
  now?: () => number;
  saltSecret?: string;
  /** How long an epoch lasts (default a day): sessions last two epochs. */
  epochMs?: number;
  /** The lies the service tells at the moment (read on every request). */
  lies?: () => ReadonlySet<Lie>;
}

export const fail = (status: number, code: string, message: string) =>
  HttpResponse.json({ errors: [{ code, message, data: null }] }, { status });

const ok = (data: unknown) => HttpResponse.json({ data });

export function createLoginServiceHandlers(options: LoginServiceMockOptions) {
  const now = options.now ?? Date.now;
  const epochMs = options.epochMs ?? EPOCH_MS;
  const network = options.network ?? 'testnet';
  const saltSecret = options.saltSecret ?? 'mock-login-service-salt';
  const nonces = createNonceRegistry();
  const lying = (lie: Lie) => options.lies?.().has(lie) ?? false;

  /** The checks every Enoki request goes through; a Response when one fails. */
  const checkHeaders = (request: Request): Response | undefined => {
    if (request.headers.get('authorization') !== `Bearer ${options.apiKey}`) {
      return fail(401, 'invalid_api_key', 'Invalid API key.');
    }
    if (!request.headers.get('content-type')?.startsWith('application/json')) {
      return fail(400, 'invalid_content_type', 'Content-Type must be application/json.');
    }
    if (!request.headers.get('request-id')) return fail(400, 'missing_request_id', 'The Request-Id header is required.');
    return undefined;
  };

  const readBody = async (request: Request): Promise<Record<string, unknown> | undefined> => {
    try {
      const body: unknown = await request.json();
      return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };

  /** Verifies the zklogin-jwt header; a Response when the token is refused. */
  const verifiedToken = async (request: Request) => {
    const jwt = request.headers.get('zklogin-jwt');
    if (!jwt) return { refusal: fail(400, 'missing_jwt', 'The zklogin-jwt header is required.') };
    try {
      const claims = await verifyIdToken(options.keys, jwt);
      const issued = nonces.get(claims.nonce, now());
      if (!issued) return { refusal: fail(401, 'invalid_nonce', "The token's nonce was not issued by this service.") };
      return { jwt, claims, issued };
    } catch (error) {
      return { refusal: fail(401, 'invalid_jwt', `Invalid JWT: ${(error as Error).message}.`) };
    }
  };

  const checkNetwork = (value: unknown): Response | undefined => {
    if (typeof value !== 'string' || !NETWORKS.includes(value)) {
      return fail(400, 'invalid_network', 'network must be mainnet, testnet or devnet.');
    }
    if (value !== network) return fail(403, 'network_mismatch', `This API key is not enabled for ${value}.`);
    return undefined;
  };

  const parsePublicKey = (value: unknown) => {
    try {
      return typeof value === 'string' ? publicKeyFromSuiBytes(value) : undefined;
    } catch {
      return undefined;
    }
  };

  return [
    http.post('*/v1/zklogin/nonce', async ({ request }) => {
      const refusal = checkHeaders(request);
      if (refusal) return refusal;
      const body = await readBody(request);
      if (!body) return fail(400, 'invalid_body', 'The body must be a JSON object.');
      const networkRefusal = checkNetwork(body.network);
      if (networkRefusal) return networkRefusal;
      const publicKey = parsePublicKey(body.ephemeralPublicKey);
      if (!publicKey) return fail(400, 'invalid_public_key', 'ephemeralPublicKey is not a Sui public key.');
      const additional = body.additionalEpochs ?? 0;
      if (typeof additional !== 'number' || !Number.isInteger(additional) || additional < 0 || additional > 30) {
        return fail(400, 'invalid_additional_epochs', 'additionalEpochs must be an integer from 0 to 30.');
      }
      const epoch = Math.floor((now() - MOCK_GENESIS) / epochMs);
      const maxEpoch = epoch + DEFAULT_EPOCHS + additional;
      const randomness = generateRandomness();
      const committedKey = lying('nonce-for-another-key') ? Ed25519Keypair.generate().getPublicKey() : publicKey;
      const nonce = generateNonce(committedKey, maxEpoch, randomness);
      const estimatedExpiration = now() + (maxEpoch - epoch) * epochMs;
      nonces.add(nonce, {
        ephemeralPublicKey: body.ephemeralPublicKey as string,
        maxEpoch,
        randomness,
        expiresAt: estimatedExpiration,
      });
      return ok({ nonce, randomness, epoch, maxEpoch, estimatedExpiration });
    }),

    http.get('*/v1/zklogin', async ({ request }) => {
      const refusal = checkHeaders(request);
      if (refusal) return refusal;
      const token = await verifiedToken(request);
      if (token.refusal) return token.refusal;
      const { jwt, claims } = token;
      const salt = await saltFor(saltSecret, claims);
      // A lie keeps the salt it answers and derives from another one.
      const otherSalt = String(BigInt(salt) + 1n);
      const addressSalt = lying('address-not-from-token') ? otherSalt : salt;
      const keySalt = lying('address-not-from-token') || lying('public-key-not-from-token') ? otherSalt : salt;
      const addressSeed = genAddressSeed(BigInt(keySalt), 'sub', claims.sub, claims.aud);
      const publicKey = toZkLoginPublicIdentifier(addressSeed, claims.iss, { legacyAddress: false });
      return ok({ address: jwtToAddress(jwt, addressSalt, false), publicKey: publicKey.toBase64(), salt });
    }),

    http.post('*/v1/zklogin/zkp', async ({ request }) => {
      const refusal = checkHeaders(request);
      if (refusal) return refusal;
      const token = await verifiedToken(request);
      if (token.refusal) return token.refusal;
      const body = await readBody(request);
      if (!body) return fail(400, 'invalid_body', 'The body must be a JSON object.');
      const networkRefusal = checkNetwork(body.network);
      if (networkRefusal) return networkRefusal;
      const publicKey = parsePublicKey(body.ephemeralPublicKey);
      if (!publicKey || typeof body.maxEpoch !== 'number' || typeof body.randomness !== 'string') {
        return fail(400, 'invalid_body', 'ephemeralPublicKey, maxEpoch and randomness are required.');
      }
      // The prover's check: the token's nonce must commit to exactly these inputs.
      if (generateNonce(publicKey, body.maxEpoch, body.randomness) !== token.claims.nonce) {
        return fail(400, 'nonce_mismatch', "The token's nonce does not match ephemeralPublicKey, maxEpoch and randomness.");
      }
      const salt = await saltFor(saltSecret, token.claims);
      // The modulus of the key that signed the token (verifiedToken checked it with this one).
      const provider = providerOfIssuer(token.claims.iss);
      const modulus = provider && (await options.keys.forProvider(provider)).publicJwk.n;
      if (!modulus) return fail(500, 'no_signing_key', "The token's signing key could not be found.");
      const proof = buildMockProof(token.jwt, token.claims, salt, {
        ephemeralPublicKey: publicKey.toSuiBytes(),
        maxEpoch: body.maxEpoch,
        modulus,
      });
      // A lie: points A and C swapped, both still on the curve, so only the pairing tells.
      const { a, c } = proof.proofPoints;
      return ok(lying('proof-does-not-verify') ? { ...proof, proofPoints: { ...proof.proofPoints, a: c, c: a } } : proof);
    }),
  ];
}
