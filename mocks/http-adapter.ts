/**
 * Serves MSW handlers over real HTTP (Node's http / connect middleware), so the one
 * handler module backs Vitest, `npm start`, `vite preview` and the Playwright mock server.
 * Adds CORS the way a public API does, so a cross-origin app sees real preflights.
 *
 * Written by hand rather than with @mswjs/http-middleware (0.10.3, the newest): that package
 * calls `handleRequest` from msw, which msw 3 no longer exports, so it fails at the first
 * request; it also needs Express (`req.get`, `req.protocol`), while this runs on Vite's
 * connect server and a bare node:http server, and it takes a fixed list of handlers, while
 * fault injection swaps them per request. msw 3's public `getResponse` does the matching.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'msw';
import { getResponse } from 'msw';
import type { Middleware } from './idp/identity-provider.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** When it arrived (ms since the epoch), to check retry spacing. */
  at: number;
}

export interface MswMiddlewareOptions {
  /** Only paths under this prefix are offered to the handlers. */
  basePath: string;
  /** The handlers to try, asked on every request (so that overrides can change them). */
  handlers: () => readonly RequestHandler[];
  onRequest?: (request: RecordedRequest) => void;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Request-Id, zklogin-jwt, x-sui-client-protocol-version',
  'Access-Control-Expose-Headers': 'Retry-After',
  'Access-Control-Max-Age': '600',
};

async function toRequest(req: IncomingMessage): Promise<Request> {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  const chunks: Buffer[] = [];
  if (req.method !== 'GET' && req.method !== 'HEAD') for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, {
    method: req.method,
    headers,
    body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
}

async function writeResponse(res: ServerResponse, response: Response) {
  const headers: Record<string, string> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, response.statusText, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export function createMswMiddleware(options: MswMiddlewareOptions): Middleware {
  return (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!path.startsWith(options.basePath)) return next();
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    const handle = async () => {
      const request = await toRequest(req);
      options.onRequest?.({
        method: request.method,
        path,
        headers: Object.fromEntries(request.headers),
        at: Date.now(),
      });
      const response = await getResponse([...options.handlers()], request);
      if (!response) {
        return writeResponse(
          res,
          Response.json({ errors: [{ code: 'not_found', message: `No route for ${request.method} ${path}` }] }, { status: 404 }),
        );
      }
      if (response.type === 'error') {
        // HttpResponse.error(): a network failure. Drop the connection as a real one would.
        req.socket.destroy();
        return;
      }
      return writeResponse(res, response);
    };
    handle().catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain', ...CORS_HEADERS });
      res.end(`Mock login service failed: ${String(error)}`);
    });
  };
}
