/**
 * Fault injection for tests: MSW handler overrides for one login-service or Sui node call, put in
 * front of the shared handlers and removed again. Never edits the shared handlers.
 */
import { http, HttpResponse, delay } from 'msw';
import { fail } from './login-service/handlers.ts';

export const CALLS = {
  nonce: { method: 'post', path: '*/v1/zklogin/nonce' },
  login: { method: 'get', path: '*/v1/zklogin' },
  proof: { method: 'post', path: '*/v1/zklogin/zkp' },
  /** Every request to the Sui node (GraphQL), and the faucet. */
  node: { method: 'post', path: '*/graphql' },
  faucet: { method: 'post', path: '*/v2/gas' },
} as const;
export type Call = keyof typeof CALLS;

export const FAULTS = [
  'http-400',
  'http-401',
  'http-403',
  'http-429',
  'http-500',
  'http-503',
  'network-error',
  'timeout',
  'empty-body',
  'non-json',
  'wrong-shape',
] as const;
export type Fault = (typeof FAULTS)[number];

const STATUS_CODES: Record<string, string> = {
  '400': 'bad_request',
  '401': 'invalid_api_key',
  '403': 'forbidden',
  '429': 'rate_limited',
  '500': 'internal_error',
  '503': 'unavailable',
};

function faultResponse(fault: Fault): Promise<Response> | Response {
  if (fault.startsWith('http-')) {
    const status = Number(fault.slice(5));
    const response = fail(status, STATUS_CODES[status]!, `Injected failure: HTTP ${status}.`);
    if (status === 429 || status === 503) response.headers.set('Retry-After', '1');
    return response;
  }
  switch (fault) {
    case 'network-error':
      return HttpResponse.error();
    case 'timeout':
      return delay('infinite').then(() => new Response(null));
    case 'empty-body':
      return new HttpResponse(null, { status: 200 });
    case 'non-json':
      return new HttpResponse('<html>Gateway says hello</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    case 'wrong-shape':
      return HttpResponse.json({ data: { unexpected: true } });
    default:
      throw new Error(`Unknown fault ${String(fault)}`);
  }
}

/**
 * An override that injects `fault` into `call` the first `times` times (default: until
 * reset); after that it passes the request on to the shared handlers.
 */
export function faultHandler(call: Call, fault: Fault, times?: number) {
  const { method, path } = CALLS[call];
  let injected = 0;
  return http[method](path, () => {
    if (times !== undefined && injected >= times) return undefined;
    injected += 1;
    return faultResponse(fault);
  });
}
