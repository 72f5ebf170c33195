/**
 * The mock identity provider, mock login service and mock Sui node as a standalone HTTP server, for
 * Playwright and for trying real mode locally:
 *
 *   node mocks/server.ts --port 5199 --api-key some-key [--network testnet] [--latency 100] [--proof-delay 0]
 *     [--epoch-ms 1800000]   (shorter epochs: sessions last two of them)
 *     [--zklogin-verifying-key key.json]   (the node also accepts proofs under this Groth16 key,
 *       in the shape of verifying-keys.json's entries: another login service's prover, tested here)
 *
 * Login service: http://127.0.0.1:<port>/v1/... ; identity providers:
 * http://127.0.0.1:<port>/idp/<provider>/authorize; Sui node: http://127.0.0.1:<port>/sui/graphql;
 * faucet: http://127.0.0.1:<port>/sui/faucet (its requests arrive at /v2/gas). Test control (never in the app):
 *   GET/DELETE /__control/requests        login-service requests seen
 *   GET        /__control/authorizations  authorization requests seen
 *   POST       /__control/faults          {"call":"nonce|login|proof|node|faucet","fault":"http-500",…,"times":1}
 *   POST       /__control/lies            {"lie":"nonce-for-another-key|address-not-from-token|public-key-not-from-token|proof-does-not-verify"}
 *   DELETE     /__control/faults          back to the shared handlers, telling no lie
 *   POST       /__control/proof-delay     {"ms":3000}: the prover's extra delay from now on
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { CALLS, FAULTS, faultHandler, type Call, type Fault } from './faults.ts';
import { LIES, type Lie } from './login-service/handlers.ts';
import { createMockServices, type MockServices } from './mock-services.ts';
import { prepareVerifyingKey, type VerifyingKey } from '../packages/sui-zklogin-wallet/src/verify.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5199' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string', default: 'enoki_public_mock_server' },
    network: { type: 'string', default: 'testnet' },
    latency: { type: 'string', default: '0' },
    'proof-delay': { type: 'string', default: '0' },
    'epoch-ms': { type: 'string' },
    'zklogin-verifying-key': { type: 'string' },
  },
});

/** The key file's key, or the process ends saying what is wrong with it. */
function verifyingKeyFrom(file: string): VerifyingKey {
  let key: unknown;
  try {
    key = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`--zklogin-verifying-key: ${file} could not be read as JSON: ${(error as Error).message}`);
    process.exit(2);
  }
  const fields = ['alpha_g1', 'beta_g2', 'gamma_g2', 'delta_g2', 'ic_g1'];
  if (typeof key !== 'object' || key === null || !fields.every((field) => field in key)) {
    console.error(`--zklogin-verifying-key: ${file} is not a Groth16 verifying key (it needs ${fields.join(', ')}).`);
    process.exit(2);
  }
  // As the verifier reads it: every point on its curve (and in its group), every number canonical.
  try {
    prepareVerifyingKey(key as VerifyingKey);
  } catch (error) {
    console.error(`--zklogin-verifying-key: ${file} is not a usable verifying key: ${(error as Error).message}`);
    process.exit(2);
  }
  return key as VerifyingKey;
}

const services = createMockServices({
  basePath: '',
  loginServicePath: '',
  apiKey: values['api-key']!,
  network: values.network,
  latencyMs: Number(values.latency),
  proofDelayMs: Number(values['proof-delay']),
  ...(values['epoch-ms'] ? { epochMs: Number(values['epoch-ms']) } : {}),
  ...(values['zklogin-verifying-key'] ? { zkLoginVerifyingKeys: [verifyingKeyFrom(values['zklogin-verifying-key'])] } : {}),
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

async function control(req: IncomingMessage, res: ServerResponse, mocks: MockServices, path: string) {
  if (path === '/__control/requests') {
    if (req.method === 'DELETE') mocks.requests.length = 0;
    return json(res, 200, mocks.requests);
  }
  if (path === '/__control/authorizations') return json(res, 200, mocks.authorizations);
  if (path === '/__control/faults' && req.method === 'DELETE') {
    mocks.reset();
    return json(res, 200, { ok: true });
  }
  if (path === '/__control/faults' && req.method === 'POST') {
    const { call, fault, times } = await readJson(req);
    if (!(typeof call === 'string' && call in CALLS) || !FAULTS.includes(fault as Fault)) {
      return json(res, 400, { error: `call must be one of ${Object.keys(CALLS)}, fault one of ${FAULTS}` });
    }
    mocks.use(faultHandler(call as Call, fault as Fault, typeof times === 'number' ? times : undefined));
    return json(res, 200, { ok: true });
  }
  if (path === '/__control/lies' && req.method === 'POST') {
    const { lie } = await readJson(req);
    if (!LIES.includes(lie as Lie)) return json(res, 400, { error: `lie must be one of ${LIES}` });
    mocks.lie(lie as Lie);
    return json(res, 200, { ok: true });
  }
  if (path === '/__control/proof-delay' && req.method === 'POST') {
    const { ms } = await readJson(req);
    if (typeof ms !== 'number' || !(ms >= 0)) return json(res, 400, { error: 'ms must be a number of milliseconds' });
    mocks.setProofDelay(ms);
    return json(res, 200, { ok: true });
  }
  return json(res, 404, { error: 'unknown control route' });
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/health') return json(res, 200, { ok: true });
  if (path.startsWith('/__control/')) {
    control(req, res, services, path).catch((error: unknown) => json(res, 500, { error: String(error) }));
    return;
  }
  services.middleware(req, res, () => json(res, 404, { error: `No mock at ${path}` }));
});

// A client that keeps its connection open (Playwright's request context does) may send its
// next request on it just as the server closes it for idleness (Node's default is 5 s): the
// request then fails with ECONNRESET (seen once in CI, on a control request). The server
// keeps idle connections longer than a test's pauses between requests.
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(Number(values.port), values.host, () => {
  console.log(`Mock identity provider, login service and Sui node on http://${values.host}:${values.port}`);
});
