/**
 * The mock server's `--zklogin-verifying-key`: a file that is not a usable Groth16 key stops
 * the server at once, saying why; a usable one (another mock login service's setup) starts
 * it. That the node then accepts proofs under that key is sui-node.test.ts's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { trustedSetup } from './login-service/trusted-setup.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mock-server-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the server with `content` as the key file; resolves with how it ended, or with its first line once it listens. */
function startWith(content: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const file = join(dir, `${crypto.randomUUID()}.json`);
  writeFileSync(file, content);
  return new Promise((resolve) => {
    const server = spawn(process.execPath, [SERVER, '--port', '0', '--zklogin-verifying-key', file]);
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      // Listening: it took the key. Stopped here; the exit below reports it.
      if (stdout.includes('\n')) server.kill();
    });
    server.stderr.on('data', (chunk) => (stderr += String(chunk)));
    server.on('exit', (code) => resolve({ code, stderr: stderr.trim(), stdout: stdout.trim() }));
  });
}

// Each case starts a Node process that loads the mocks: a bound for a loaded machine, not a speed.
const PROCESS_TIMEOUT_MS = 60_000;

describe('--zklogin-verifying-key', () => {
  it(
    'stops the server, saying why, for a file that is not JSON, not a key, or a key whose point is off its curve',
    async () => {
      const key = trustedSetup('a test prover').verifyingKey();
      const [x, y] = key.alpha_g1;
      const offCurve = { ...key, alpha_g1: [x, (BigInt(y) + 1n).toString()] };
      const [notJson, notAKey, offItsCurve] = await Promise.all(
        ['not json', '{"alpha_g1": []}', JSON.stringify(offCurve)].map(startWith),
      );
      expect(notJson).toMatchObject({ code: 2, stderr: expect.stringMatching(/could not be read as JSON/) });
      expect(notAKey).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/is not a Groth16 verifying key \(it needs alpha_g1, beta_g2, gamma_g2, delta_g2, ic_g1\)/),
      });
      expect(offItsCurve).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/is not a usable verifying key: the key point alpha is not a point of the curve/),
      });
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'starts with a usable key',
    async () => {
      const started = await startWith(JSON.stringify(trustedSetup('a test prover').verifyingKey()));
      expect(started.stderr).toBe('');
      expect(started.stdout).toMatch(/^Mock identity provider, login service and Sui node on http:\/\/127\.0\.0\.1:0/);
    },
    PROCESS_TIMEOUT_MS,
  );
});
