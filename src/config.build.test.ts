/**
 * The build and the dev server read the same settings as the page, and stop on a bad one
 * with a line that names it: never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { UserConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';

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

describe("the build's constants for the page", () => {
  // Two values are read on their own (the early key-database open, the boot's footer): each
  // must say what the whole configuration says, in built-in mode and in real mode.
  it.each([
    ['built-in mode', {}, { builtIn: true }],
    [
      'real mode',
      { VITE_ENOKI_API_KEY: 'enoki_public_x', VITE_GOOGLE_CLIENT_ID: 'g' },
      { builtIn: false, enokiApiKey: 'enoki_public_x' },
    ],
  ])("%s: __SIGN_IN_CONFIG__.enokiApiKey and .builtIn are the configuration's own", async (_, env, expected) => {
    for (const [name, value] of Object.entries({ VITE_ENOKI_API_KEY: '', ...env })) vi.stubEnv(name, value);
    try {
      const { default: config } = await import('../vite.config.ts');
      const resolved = await (config as (env: { mode: string; command: 'build' }) => Promise<UserConfig> | UserConfig)({
        mode: 'production',
        command: 'build',
      });
      const define = resolved.define as Record<string, string>;
      const whole = JSON.parse(define.__SIGN_IN_CONFIG__!) as { enokiApiKey: string; builtIn: boolean };
      expect(JSON.parse(define['__SIGN_IN_CONFIG__.enokiApiKey']!)).toBe(whole.enokiApiKey);
      expect(JSON.parse(define['__SIGN_IN_CONFIG__.builtIn']!)).toBe(whole.builtIn);
      expect(whole).toMatchObject(expected);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
