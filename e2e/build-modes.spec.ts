/**
 * Which mode a build is, with real builds: `vite build` makes a built-in build (whose mock
 * identity provider signs a token for anyone) only when asked (VITE_BUILT_IN=true), says
 * so in its marker, and carries no inspector unless asked (VITE_INSPECT=true); `vite
 * preview` mounts the mocks only in front of a built-in build, and sends each build's
 * production headers. The builds need no browser: each runs `vite build` into a directory
 * of its own. The page's own notice of built-in mode is checked in a browser at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test as build, expect } from '@playwright/test';
import { readBuildMarker } from '../vite-plugins/build-marker.ts';
import { productionHeaders } from '../vite-plugins/production-headers.ts';
import { expectState, test } from './fixtures.ts';

// The bin is not among vite's exports: find it beside its package.json.
const VITE = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
/** The servers of playwright.config.ts. */
const SERVERS = { builtIn: 'http://localhost:4173', realMode: 'http://localhost:4174', popupMode: 'http://localhost:4176' };

const outDirs: string[] = [];
build.afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `vite build` into a fresh directory with these settings (undefined: not in its environment at all). */
function viteBuild(settings: Record<string, string | undefined>) {
  const outDir = mkdtempSync(join(tmpdir(), 'build-modes-'));
  outDirs.push(outDir);
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VITE_')) delete env[name];
  Object.assign(env, settings);
  const result = spawnSync(process.execPath, [VITE, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const assets = existsSync(join(outDir, 'assets')) ? readdirSync(join(outDir, 'assets')) : [];
  return { status: result.status, output: `${result.stdout}${result.stderr}`, outDir, assets };
}

/** A refused build: exit 1, the settings' paragraph, no stack trace, nothing written. */
function expectRefused(result: ReturnType<typeof viteBuild>, ...names: string[]) {
  expect(result.status).toBe(1);
  expect(result.output).toContain('This app is not configured correctly. Fix these settings:');
  for (const name of names) expect(result.output).toContain(name);
  expect(result.output).not.toMatch(/^\s+at /m);
  expect(existsSync(join(result.outDir, 'index.html'))).toBe(false);
}

build.describe('vite build', () => {
  build('without VITE_ENOKI_API_KEY: refused, naming VITE_ENOKI_API_KEY and VITE_BUILT_IN', () => {
    expectRefused(viteBuild({}), 'VITE_ENOKI_API_KEY', 'VITE_BUILT_IN=true');
  });

  build('with a blank VITE_ENOKI_API_KEY: refused the same', () => {
    expectRefused(viteBuild({ VITE_ENOKI_API_KEY: '  ' }), 'VITE_ENOKI_API_KEY', 'VITE_BUILT_IN=true');
  });

  build('with VITE_BUILT_IN=true and a key: refused, naming both', () => {
    expectRefused(
      viteBuild({ VITE_BUILT_IN: 'true', VITE_ENOKI_API_KEY: 'k' }),
      'VITE_BUILT_IN=true',
      'VITE_ENOKI_API_KEY is set',
    );
  });

  build('with VITE_BUILT_IN=true: a built-in build, marked so, with its headers and no inspector', () => {
    build.setTimeout(120_000);
    const result = viteBuild({ VITE_BUILT_IN: 'true' });
    expect(result.status, result.output).toBe(0);
    expect(readBuildMarker(result.outDir)).toEqual({ builtIn: true, network: 'testnet', signInMode: 'redirect' });
    expect(readFileSync(join(result.outDir, '_headers'), 'utf8')).toContain('  Cross-Origin-Opener-Policy: same-origin\n');
    expect(result.assets.filter((file) => file.startsWith('inspector-'))).toEqual([]);
  });

  build('with a key and VITE_INSPECT=true: a real-mode build, marked so, that carries the inspector', () => {
    build.setTimeout(120_000);
    const result = viteBuild({ VITE_ENOKI_API_KEY: 'k', VITE_INSPECT: 'true', VITE_SIGN_IN_MODE: 'popup' });
    expect(result.status, result.output).toBe(0);
    expect(readBuildMarker(result.outDir)).toEqual({ builtIn: false, network: 'testnet', signInMode: 'popup' });
    expect(readFileSync(join(result.outDir, '_headers'), 'utf8')).toContain(
      '  Cross-Origin-Opener-Policy: same-origin-allow-popups\n',
    );
    // One for each page of the app: its own, and the hosted wallet's window (a pass of its own).
    expect(result.assets.filter((file) => /^inspector-[\w-]+\.js$/.test(file))).toHaveLength(2);
  });
});

build.describe('vite preview', () => {
  build('a real-mode build, previewed from a shell without a key: no mocks (404 under /__mock/)', async ({ request }) => {
    // The real-mode server's build (dist-real), previewed with VITE_ENOKI_API_KEY unset.
    expect(readBuildMarker('dist-real')?.builtIn).toBe(false);
    for (const path of ['/__mock/idp/google/authorize', '/__mock/enoki/v1/app', '/__mock/sui/graphql', '/__mock/']) {
      expect((await request.get(`${SERVERS.realMode}${path}`)).status(), path).toBe(404);
    }
    expect((await request.get(`${SERVERS.realMode}/`)).status()).toBe(200);
    // In front of a built-in build, the same paths are the mocks'.
    expect((await request.get(`${SERVERS.builtIn}/__mock/idp/google/authorize`)).status()).toBe(400);
  });

  build("sends each build's production headers, by its sign-in mode", async ({ request }) => {
    for (const [server, mode] of [
      [SERVERS.builtIn, 'redirect'],
      [SERVERS.realMode, 'redirect'],
      [SERVERS.popupMode, 'popup'],
    ] as const) {
      const headers = (await request.get(`${server}/`)).headers();
      for (const [name, value] of Object.entries(productionHeaders(mode)))
        expect(headers[name.toLowerCase()], `${server} ${name}`).toBe(value);
    }
  });
});

test.describe("built-in mode's notice", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`a built-in page says it is a demo at its top, in view at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${SERVERS.builtIn}/`);
      await expectState(page, 'idle');
      const banner = page.getByRole('banner').getByText(/^Demo · built-in mode/);
      await expect(banner).toBeInViewport({ ratio: 1 });
      // Above the card, where a visitor looks first.
      const [bannerBox, cardBox] = [await banner.boundingBox(), await page.getByRole('main').boundingBox()];
      expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(cardBox!.y);
    });
  }

  test('a real-mode page says nothing of it', async ({ page }) => {
    await page.goto(`${SERVERS.realMode}/`);
    await expectState(page, 'idle');
    await expect(page.getByText(/built-in mode/i)).toHaveCount(0);
  });
});
