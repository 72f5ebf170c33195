import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { generateNonce, jwtToAddress } from '@mysten/sui/zklogin';
import { http, HttpResponse, delay } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestLoginService, TEST_API_KEY, TEST_API_URL } from '../../../../mocks/testing.ts';
import { createLoginServiceClient, parseRetryAfter } from './client.ts';
import { LoginServiceError } from './errors.ts';

const service = createTestLoginService();
// The client's own deadline (15 s) for every answered request: the mock proves for real, and a
// cold first proof on a loaded machine takes a good part of a second.
const client = createLoginServiceClient({ baseUrl: TEST_API_URL, apiKey: TEST_API_KEY });
const seen: Request[] = [];
service.server.events.on('request:start', ({ request }) => void seen.push(request.clone()));

beforeAll(() => service.server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  service.server.resetHandlers();
  seen.length = 0;
});
afterAll(() => service.server.close());

const ephemeral = new Ed25519Keypair();
const ephemeralPublicKey = ephemeral.getPublicKey().toSuiPublicKey();

async function caught(promise: Promise<unknown>): Promise<LoginServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LoginServiceError);
  return error as LoginServiceError;
}

describe('login service client (Enoki v1) against the mock', () => {
  it('creates a nonce: POST v1/zklogin/nonce with bearer key, JSON and a Request-Id', async () => {
    const answer = await client.createNonce({ network: 'testnet', ephemeralPublicKey });
    expect(answer.nonce).toBe(generateNonce(ephemeral.getPublicKey(), answer.maxEpoch, answer.randomness));
    expect(answer.maxEpoch).toBe(answer.epoch + 2);
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`${TEST_API_URL}/v1/zklogin/nonce`);
    expect(request!.headers.get('authorization')).toBe(`Bearer ${TEST_API_KEY}`);
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.headers.get('request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request!.json()).toEqual({ network: 'testnet', ephemeralPublicKey });
  });

  it('gets the login with the jwt in zklogin-jwt, never in the URL', async () => {
    const { nonce } = await client.createNonce({ network: 'testnet', ephemeralPublicKey });
    const jwt = await service.mint(nonce);
    const login = await client.getLogin({ jwt });
    expect(login.address).toBe(jwtToAddress(jwt, login.salt, false));
    const request = seen.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`${TEST_API_URL}/v1/zklogin`);
    expect(request.headers.get('zklogin-jwt')).toBe(jwt);
    // The same identity always gets the same salt and address.
    expect(
      await client.getLogin({
        jwt: await service.mint((await client.createNonce({ network: 'testnet', ephemeralPublicKey })).nonce),
      }),
    ).toEqual(login);
  });

  it('creates a proof: POST v1/zklogin/zkp with the jwt header and the proof inputs', async () => {
    const nonce = await client.createNonce({ network: 'testnet', ephemeralPublicKey });
    const jwt = await service.mint(nonce.nonce);
    const proof = await client.createProof({
      jwt,
      network: 'testnet',
      ephemeralPublicKey,
      maxEpoch: nonce.maxEpoch,
      randomness: nonce.randomness,
    });
    expect(proof.headerBase64).toBe(jwt.split('.')[0]);
    const request = seen.at(-1)!;
    expect(request.url).toBe(`${TEST_API_URL}/v1/zklogin/zkp`);
    expect(request.headers.get('zklogin-jwt')).toBe(jwt);
    expect(await request.json()).toEqual({
      network: 'testnet',
      ephemeralPublicKey,
      maxEpoch: nonce.maxEpoch,
      randomness: nonce.randomness,
    });
  });

  it('the mock refuses tokens with a nonce it never issued, and a wrong key', async () => {
    const jwt = await service.mint('never-issued');
    expect((await caught(client.getLogin({ jwt }))).status).toBe(401);
    const wrongKey = createLoginServiceClient({ baseUrl: TEST_API_URL, apiKey: 'wrong' });
    const error = await caught(wrongKey.createNonce({ network: 'testnet', ephemeralPublicKey }));
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_api_key',
      message: 'The login service answered with an error (HTTP 401): Invalid API key.',
    });
  });

  it('reports the service error envelope: status, code and the service message', async () => {
    const error = await caught(client.createNonce({ network: 'devnet', ephemeralPublicKey }));
    expect(error).toMatchObject({ status: 403, code: 'network_mismatch' });
    expect(error.message).toContain('This API key is not enabled for devnet.');
  });

  it('reports an HTTP failure without a body clearly, after retrying a 503 as Retry-After asks', async () => {
    const waits: number[] = [];
    const patient = createLoginServiceClient({
      baseUrl: TEST_API_URL,
      apiKey: TEST_API_KEY,
      sleep: async (ms) => void waits.push(ms),
    });
    service.server.use(
      http.post(
        '*/v1/zklogin/nonce',
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '7' } }),
      ),
    );
    const error = await caught(patient.createNonce({ network: 'testnet', ephemeralPublicKey }));
    expect(error).toMatchObject({ status: 503, code: 'http_503', retryAfter: 7 });
    expect(error.message).toBe('The login service answered with HTTP 503 Service Unavailable. Please try again.');
    expect(waits).toEqual([7000, 7000]);
    expect(seen).toHaveLength(3);
  });

  it('backs off exponentially on 429 without Retry-After, and succeeds once the service recovers', async () => {
    const waits: number[] = [];
    const patient = createLoginServiceClient({
      baseUrl: TEST_API_URL,
      apiKey: TEST_API_KEY,
      sleep: async (ms) => void waits.push(ms),
    });
    let calls = 0;
    service.server.use(
      http.post('*/v1/zklogin/nonce', () =>
        ++calls <= 2
          ? HttpResponse.json({ errors: [{ code: 'rate_limited', message: 'Slow down.' }] }, { status: 429 })
          : undefined,
      ),
    );
    const answer = await patient.createNonce({ network: 'testnet', ephemeralPublicKey });
    expect(answer.nonce).toBeTruthy();
    expect(waits).toEqual([500, 1000]);
  });

  it('honours the last Retry-After on the next call too, waiting only for what is left of it', async () => {
    let clock = 1_000_000;
    const waits: number[] = [];
    const patient = createLoginServiceClient({
      baseUrl: TEST_API_URL,
      apiKey: TEST_API_KEY,
      maxRetries: 0,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    service.server.use(
      http.post('*/v1/zklogin/nonce', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '3' } }), {
        once: true,
      }),
    );
    await caught(patient.createNonce({ network: 'testnet', ephemeralPublicKey }));
    clock += 1_000;
    const answer = await patient.createNonce({ network: 'testnet', ephemeralPublicKey });
    expect(answer.nonce).toBeTruthy();
    expect(waits).toEqual([2_000]);
    // Once the service has been given its time, calls go straight out again.
    await patient.createNonce({ network: 'testnet', ephemeralPublicKey });
    expect(waits).toEqual([2_000]);
  });

  it('does not retry other failures, nor wait for a Retry-After longer than its limit', async () => {
    const waits: number[] = [];
    const patient = createLoginServiceClient({
      baseUrl: TEST_API_URL,
      apiKey: TEST_API_KEY,
      sleep: async (ms) => void waits.push(ms),
    });
    service.server.use(
      http.post('*/v1/zklogin/nonce', () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '60' } })),
    );
    await caught(patient.createNonce({ network: 'testnet', ephemeralPublicKey }));
    service.server.use(http.get('*/v1/zklogin', () => new HttpResponse(null, { status: 500 })));
    await caught(patient.getLogin({ jwt: 'x' }));
    expect(waits).toEqual([]);
  });

  it.each([
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
    ['non-JSON', () => new HttpResponse('<html>proxy</html>', { status: 200 })],
    ['JSON of the wrong shape', () => HttpResponse.json({ data: { nonce: 5 } })],
    [
      'a body without envelope',
      () => HttpResponse.json({ nonce: 'n', randomness: 'r', epoch: 1, maxEpoch: 3, estimatedExpiration: 1 }),
    ],
  ])('refuses a malformed answer: %s', async (_, respond) => {
    service.server.use(http.post('*/v1/zklogin/nonce', respond));
    const error = await caught(client.createNonce({ network: 'testnet', ephemeralPublicKey }));
    expect(error).toMatchObject({ code: 'malformed_response' });
    expect(error.message).toBe('The login service sent an answer this app does not understand. Please try again.');
  });

  it('reports a network error', async () => {
    service.server.use(http.get('*/v1/zklogin', () => HttpResponse.error()));
    const error = await caught(client.getLogin({ jwt: 'x' }));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('times out a request that hangs', async () => {
    service.server.use(http.post('*/v1/zklogin/zkp', () => delay('infinite')));
    // A short deadline, for a request never answered: a slow machine only makes it later.
    const hurried = createLoginServiceClient({ baseUrl: TEST_API_URL, apiKey: TEST_API_KEY, timeoutMs: 300 });
    const error = await caught(
      hurried.createProof({ jwt: 'x', network: 'testnet', ephemeralPublicKey, maxEpoch: 1, randomness: '1' }),
    );
    expect(error).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('is cancelled by the caller (sign out)', async () => {
    service.server.use(http.post('*/v1/zklogin/nonce', () => delay('infinite')));
    const controller = new AbortController();
    const pending = caught(client.createNonce({ network: 'testnet', ephemeralPublicKey }, { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'aborted' });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0))).toBe(10);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
