/**
 * The build and the dev server read the same settings as the page, and stop on a bad one
 * with a line that names it: never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The bin is not among vite's exports: find it beside its package.json.
const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

function runVite(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [vite, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a malformed setting stops vite', () => {
  it.each([
    [['build'], { VITE_ENOKI_API_URL: 'notaurl' }, ['VITE_ENOKI_API_URL must be an http(s) URL, got "notaurl".']],
    [
      ['build'],
      { VITE_ENOKI_API_KEY: 'k', VITE_SUI_NETWORK: 'moon', VITE_LOGIN_SERVICE_TIMEOUT_MS: 'soon' },
      [
        'VITE_SUI_NETWORK must be one of mainnet, testnet, devnet, got "moon".',
        'VITE_LOGIN_SERVICE_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "soon".',
      ],
    ],
    [
      ['--port', '5191', '--strictPort'],
      { VITE_TWITCH_AUTH_URL: 'ftp://twitch' },
      ['VITE_TWITCH_AUTH_URL must be an http(s) URL, got "ftp://twitch".'],
    ],
  ])('vite %s with %o: exit 1, one line per bad setting, no stack trace', (args, env, lines) => {
    const { status, output } = runVite(args, env);
    expect(status).toBe(1);
    for (const line of lines) expect(output).toContain(`  ${line}\n`);
    expect(output.match(/must be/g)).toHaveLength(lines.length);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('Error');
  });
});
