/**
 * The build and the dev server read the same settings as the page, and stop on a bad one
 * with a line that names it: never a stack trace. (The build's refusal to make a built-in
 * build it was not asked for is checked end to end, with real builds: e2e/build-modes.spec.ts.)
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
    [
      ['build'],
      { VITE_BUILT_IN: 'true', VITE_ENOKI_API_URL: 'notaurl' },
      ['VITE_ENOKI_API_URL must be an http(s) URL, got "notaurl".'],
    ],
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

/** vite.config.ts's configuration for `command`, with these settings. */
async function viteConfig(env: Record<string, string>, command: 'build' | 'serve' = 'build') {
  for (const [name, value] of Object.entries({ VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: '', VITE_INSPECT: '', ...env }))
    vi.stubEnv(name, value);
  try {
    const { default: config } = await import('../vite.config.ts');
    return await (config as (env: { mode: string; command: 'build' | 'serve' }) => Promise<UserConfig> | UserConfig)({
      mode: command === 'build' ? 'production' : 'development',
      command,
    });
  } finally {
    vi.unstubAllEnvs();
  }
}

describe("the build's constants for the page", () => {
  // One value is read on its own (the boot's footer and banner): it must say what the whole
  // configuration says, in built-in mode and in real mode.
  it.each([
    ['built-in mode', { VITE_BUILT_IN: 'true' }, { builtIn: true }],
    [
      'real mode',
      { VITE_ENOKI_API_KEY: 'enoki_public_x', VITE_GOOGLE_CLIENT_ID: 'g' },
      { builtIn: false, enokiApiKey: 'enoki_public_x' },
    ],
  ])("%s: __SIGN_IN_CONFIG__.builtIn is the configuration's own", async (_, env, expected) => {
    const define = (await viteConfig(env)).define as Record<string, string>;
    const whole = JSON.parse(define.__SIGN_IN_CONFIG__!) as { enokiApiKey: string; builtIn: boolean };
    expect(JSON.parse(define['__SIGN_IN_CONFIG__.builtIn']!)).toBe(whole.builtIn);
    expect(whole).toMatchObject(expected);
  });

  // The inspector posts the machine's context to stately.ai: a build carries it only when asked.
  it.each([
    ['the dev server', 'serve', {}, true],
    ['the dev server with VITE_INSPECT=true', 'serve', { VITE_INSPECT: 'true' }, true],
    ['a build', 'build', { VITE_ENOKI_API_KEY: 'k' }, false],
    ['a built-in build', 'build', { VITE_BUILT_IN: 'true' }, false],
    ['a build with VITE_INSPECT=false', 'build', { VITE_ENOKI_API_KEY: 'k', VITE_INSPECT: 'false' }, false],
    ['a build with VITE_INSPECT=true', 'build', { VITE_ENOKI_API_KEY: 'k', VITE_INSPECT: 'true' }, true],
  ] as const)('__INSPECTOR__ in %s: %s', async (_, command, env, expected) => {
    const define = (await viteConfig(env, command)).define as Record<string, string>;
    expect(JSON.parse(define.__INSPECTOR__!)).toBe(expected);
  });
});
