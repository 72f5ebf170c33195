import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswMiddleware, type RecordedRequest } from './http-adapter.ts';

const seen: RecordedRequest[] = [];
const middleware = createMswMiddleware({
  basePath: '/v1/',
  handlers: () => [http.post('*/v1/zklogin/nonce', () => HttpResponse.json({ data: 'ok' }))],
  onRequest: (request) => void seen.push(request),
});
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the mock services over HTTP', () => {
  it('answer with the handlers and record each request with the wall-clock time it arrived', async () => {
    const before = Date.now();
    const response = await fetch(`${base}/v1/zklogin/nonce`, { method: 'POST', body: '{}' });
    const after = Date.now();
    expect(await response.json()).toEqual({ data: 'ok' });
    expect(seen).toMatchObject([{ method: 'POST', path: '/v1/zklogin/nonce' }]);
    expect(seen[0]!.at).toBeGreaterThanOrEqual(before);
    expect(seen[0]!.at).toBeLessThanOrEqual(after);
  });
});
