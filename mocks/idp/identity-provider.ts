/**
 * The mock identity provider: a real HTTP endpoint (the MSW service worker never sees
 * full-page navigations). One issuer per provider under `<base>/idp/<provider>`:
 *
 *   GET  …/authorize   checks the implicit-flow query, shows a page to choose a test identity
 *   POST …/authorize   signs an RS256 id_token with the request's nonce, redirects to
 *                      redirect_uri#id_token=…(&state=…), or #error=access_denied on cancel
 *   GET  …/.well-known/openid-configuration, …/jwks
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMockProvider, TEST_IDENTITIES, type MockProvider } from '../identities.ts';
import { renderChooser, renderError } from './pages.ts';
import type { SigningKeys } from './signing-keys.ts';
import { mintIdToken } from './tokens.ts';

/** The query of an authorization request, as sent by the app. */
export interface AuthorizationQuery {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  nonce: string;
  state?: string;
  force_verify?: string;
}

export interface IdentityProviderOptions {
  keys: SigningKeys;
  /** Path prefix the provider is mounted under, e.g. '/__mock' (default ''). */
  basePath?: string;
  /** Called with every authorization request, for tests that check what the app sent. */
  onAuthorize?: (provider: MockProvider, query: Record<string, string>) => void;
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const ROUTE = /^\/idp\/([a-z]+)\/(authorize|jwks|\.well-known\/openid-configuration)$/;

function originOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? 'localhost'}`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Why a query is refused, or undefined when it is a valid implicit id_token request. */
export function checkAuthorizationQuery(query: URLSearchParams): string | undefined {
  const required = ['client_id', 'redirect_uri', 'response_type', 'scope', 'nonce'];
  const missing = required.filter((name) => !query.get(name));
  if (missing.length > 0) return `Missing parameter(s): ${missing.join(', ')}.`;
  if (query.get('response_type') !== 'id_token') return 'Unsupported response_type: only id_token is allowed.';
  if (!query.get('scope')!.split(' ').includes('openid')) return 'The scope must include openid.';
  try {
    const redirect = new URL(query.get('redirect_uri')!);
    if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error();
    if (redirect.hash) return 'redirect_uri must not contain a fragment.';
  } catch {
    return 'redirect_uri is not a valid URL.';
  }
  return undefined;
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(body);
}

export function createIdentityProvider(options: IdentityProviderOptions): Middleware {
  const basePath = options.basePath ?? '';

  const authorize = async (req: IncomingMessage, res: ServerResponse, provider: MockProvider, issuer: string) => {
    const url = new URL(req.url ?? '/', originOf(req));
    const query = req.method === 'POST' ? await readForm(req) : url.searchParams;
    const problem = checkAuthorizationQuery(query);
    if (problem) return send(res, 400, 'text/html; charset=utf-8', renderError(provider, problem));
    if (req.method === 'GET') {
      options.onAuthorize?.(provider, Object.fromEntries(query));
      return send(res, 200, 'text/html; charset=utf-8', renderChooser(provider, query, TEST_IDENTITIES));
    }
    const answer = new URLSearchParams();
    const identity = TEST_IDENTITIES.find((candidate) => candidate.id === query.get('identity'));
    if (!identity) {
      answer.set('error', 'access_denied');
      answer.set('error_description', 'The user cancelled the sign-in.');
    } else {
      const jwt = await mintIdToken(options.keys, {
        provider,
        issuer,
        clientId: query.get('client_id')!,
        nonce: query.get('nonce')!,
        identity,
      });
      answer.set('id_token', jwt);
    }
    const state = query.get('state');
    if (state) answer.set('state', state);
    res.writeHead(303, {
      Location: `${query.get('redirect_uri')}#${answer}`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
    res.end();
  };

  return (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!path.startsWith(`${basePath}/idp/`)) return next();
    const match = ROUTE.exec(path.slice(basePath.length));
    if (!match || !isMockProvider(match[1])) return send(res, 404, 'text/plain', 'Unknown identity provider route');
    const provider = match[1];
    const issuer = `${originOf(req)}${basePath}/idp/${provider}`;
    const route = match[2];
    const handle = async () => {
      if (route === 'authorize') return authorize(req, res, provider, issuer);
      if (route === 'jwks') {
        const { publicJwk } = await options.keys.forProvider(provider);
        return send(res, 200, 'application/json', JSON.stringify({ keys: [publicJwk] }));
      }
      const configuration = {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
      };
      return send(res, 200, 'application/json', JSON.stringify(configuration));
    };
    handle().catch((error: unknown) => send(res, 500, 'text/plain', `Mock identity provider failed: ${String(error)}`));
  };
}
