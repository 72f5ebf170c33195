/**
 * The development server, started afresh with an empty dependency cache: the first visit
 * to each page finds its dependencies already pre-bundled, so it never reloads itself
 * (Vite re-bundles and reloads a page whose imports it finds only after its first bundle:
 * dapp.html's, visited after the app's page, before both pages were crawled at start).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { countNavigations, expect, expectState, test } from './fixtures.ts';

let server: ViteDevServer;
let cacheDir: string;
let origin: string;

test.beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'vite-cache-'));
  server = await createServer({
    logLevel: 'silent',
    cacheDir,
    // Hot reload on (the default): a re-bundle reloads the page through it, as the issue saw.
    server: { port: 0, strictPort: false, watch: null },
  });
  await server.listen();
  origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
});

test.afterAll(async () => {
  await server?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

test('on a fresh dev server, the app first and then dapp.html: neither page reloads itself on its first visit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const navigations = countNavigations(page);
  await page.goto(`${origin}/`);
  await expectState(page, 'idle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  // The app's own later imports (the sign-in code, the wallets) arrive while the browser is idle.
  await page.waitForLoadState('networkidle');
  await page.goto(`${origin}/dapp.html`);
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('button', { name: /Sign in with Google/ })).toBeVisible();
  // A re-bundle found late would have reloaded the page by now (its modules have all been asked for).
  await page.waitForLoadState('networkidle');
  expect(navigations).toEqual([`${origin}/`, `${origin}/dapp.html`]);
});
