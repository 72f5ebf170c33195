/**
 * The built-in services in one place: the mock identity provider, the mock login service
 * (sharing signing keys), and the mock Sui node and faucet (sharing the login service's
 * epoch clock), as one connect-style middleware. Used by the Vite plugin (npm start,
 * vite preview) and by the standalone server (Playwright, real mode). Below basePath:
 *   <loginServicePath>/v1/…   the login service
 *   /idp/<provider>/…         the identity providers
 *   /sui/graphql              the Sui node (GraphQL)
 *   /sui/faucet/v2/gas        the faucet (also /v2/gas at the root: see sui-node/handlers.ts)
 */
import { delay, http, type RequestHandler } from 'msw';
import { createIdentityProvider, type Middleware } from './idp/identity-provider.ts';
import { createSigningKeys, type SigningKeys } from './idp/signing-keys.ts';
import { createMswMiddleware, type RecordedRequest } from './http-adapter.ts';
import { createLoginServiceHandlers, type Lie } from './login-service/handlers.ts';
import { createSuiNode, type SuiNode } from './sui-node/handlers.ts';
import type { VerifyingKey } from '../packages/sui-zklogin-wallet/src/groth16.ts';
import { BUILT_IN_VERIFYING_KEY } from '../packages/sui-zklogin-wallet/src/verifying-keys.ts';

export interface MockServicesOptions {
  /** Path prefix of everything, e.g. '/__mock' on the app's own server, '' standalone. */
  basePath: string;
  /** Where the login service lives below basePath, e.g. '/enoki' (its paths are then /enoki/v1/...). */
  loginServicePath: string;
  apiKey: string;
  network?: string;
  /** Added to every login-service call, to model the network (the benchmark uses 100 ms). */
  latencyMs?: number;
  /** Added to the proof call on top, to model a real prover. */
  proofDelayMs?: number;
  /** How long an epoch lasts (default a day); sessions last two epochs. */
  epochMs?: number;
  /** Groth16 keys the node accepts zkLogin proofs under, beside built-in mode's own. */
  zkLoginVerifyingKeys?: readonly VerifyingKey[];
}

export interface MockServices {
  middleware: Middleware;
  keys: SigningKeys;
  /** Login-service requests seen, newest last. */
  requests: RecordedRequest[];
  /** The mock Sui node: its ledger, for tests that look at balances. */
  sui: SuiNode;
  /** Sui node and faucet requests seen, newest last. */
  suiRequests: RecordedRequest[];
  /** Authorization requests seen by the identity provider, newest last. */
  authorizations: { provider: string; query: Record<string, string> }[];
  /** Puts handlers in front of the shared ones (fault injection), until reset. */
  use(...overrides: RequestHandler[]): void;
  /** Makes the login service tell `lie` from now on, until reset. */
  lie(lie: Lie): void;
  /** Back to the shared handlers, telling no lie. */
  reset(): void;
  /** Changes the prover's extra delay from now on (the benchmark's realistic-prover run). */
  setProofDelay(ms: number): void;
}

const MAX_LOG = 500;
const bounded = <T>(list: T[], item: T) => {
  list.push(item);
  if (list.length > MAX_LOG) list.shift();
};

export function createMockServices(options: MockServicesOptions): MockServices {
  const keys = createSigningKeys();
  const lies = new Set<Lie>();
  const shared = createLoginServiceHandlers({
    apiKey: options.apiKey,
    network: options.network,
    keys,
    epochMs: options.epochMs,
    lies: () => lies,
  });
  // Delays wait, then fall through to the real handlers (a resolver returning nothing).
  const latency: RequestHandler[] = [];
  if (options.latencyMs) latency.push(http.all('*/v1/*', () => delay(options.latencyMs).then(() => undefined)));
  let proofDelayMs = options.proofDelayMs ?? 0;
  latency.push(http.post('*/v1/zklogin/zkp', () => (proofDelayMs ? delay(proofDelayMs).then(() => undefined) : undefined)));
  let overrides: RequestHandler[] = [];
  const requests: RecordedRequest[] = [];
  const authorizations: MockServices['authorizations'] = [];

  const identityProvider = createIdentityProvider({
    keys,
    basePath: options.basePath,
    onAuthorize: (provider, query) => bounded(authorizations, { provider, query }),
  });
  const sui = createSuiNode({
    epochMs: options.epochMs,
    zkLogin: { verifyingKeys: [BUILT_IN_VERIFYING_KEY, ...(options.zkLoginVerifyingKeys ?? [])] },
  });
  const suiRequests: RecordedRequest[] = [];
  const suiNode = (basePath: string) =>
    createMswMiddleware({
      basePath,
      handlers: () => [...overrides, ...sui.handlers],
      onRequest: (request) => bounded(suiRequests, request),
    });
  const suiUnderBase = suiNode(`${options.basePath}/sui/`);
  const faucetAtRoot = suiNode('/v2/gas');
  const loginService = createMswMiddleware({
    basePath: `${options.basePath}${options.loginServicePath}/v1/`,
    handlers: () => [...latency, ...overrides, ...shared],
    onRequest: (request) => bounded(requests, request),
  });

  return {
    middleware: (req, res, next) =>
      identityProvider(req, res, () => loginService(req, res, () => suiUnderBase(req, res, () => faucetAtRoot(req, res, next)))),
    keys,
    requests,
    sui,
    suiRequests,
    authorizations,
    use: (...handlers) => void (overrides = [...handlers, ...overrides]),
    lie: (lie) => void lies.add(lie),
    reset: () => {
      overrides = [];
      lies.clear();
    },
    setProofDelay: (ms) => void (proofDelayMs = ms),
  };
}
