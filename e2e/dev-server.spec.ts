/**
 * The development server, started afresh with an empty dependency cache: the first visit
 * to each page finds its dependencies already pre-bundled, so it never reloads itself
 * (Vite re-bundles and reloads a page whose imports it finds only after its first bundle:
 * dapp.html's, visited after the app's page, before both pages were crawled at start).
 *
 * A reload that did not come cannot be waited for, so the test checks its cause: once the
 * server has handled every module the pages asked for (their lazy code included), the
 * dependencies it knows are still the ones its start-up scan found. A dependency found
 * later is what makes Vite re-bundle and reload. (Stricter than the reload itself: one the
 * scan missed but the first page's crawl found in time costs no reload, and fails here
 * too, since the next page's may not be in time.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { countNavigations, expect, expectState, test } from './fixtures.ts';

let server: ViteDevServer;
let cacheDir: string;
let origin: string;
/** Every reload the server told a page to make. */
const reloads: unknown[] = [];

const optimizer = () => server.environments.client.depsOptimizer!;
/** The dependencies the server has pre-bundled, or found and will. */
const knownDependencies = () => {
  const { optimized, discovered } = optimizer().metadata;
  return [...new Set([...Object.keys(optimized), ...Object.keys(discovered)])].sort();
};

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
  const hot = server.environments.client.hot;
  const send = hot.send.bind(hot);
  hot.send = ((payload: unknown, ...rest: unknown[]) => {
    if ((payload as { type?: unknown }).type === 'full-reload') reloads.push(payload);
    return (send as (...args: unknown[]) => void)(payload, ...rest);
  }) as typeof send;
});

/**
 * Waits until the page has asked for all of its code, lazy parts included, and the server
 * has handled it: the app loads those parts in idle callbacks, so one queued after them
 * runs once they have been asked for; the browser's requests then all end, and the server
 * has no module left to transform.
 */
async function pageCodeLoaded(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  // A cold dev server transforms every module on first request: slow on a busy machine.
  await expect.poll(() => pending.size, { timeout: 60_000 }).toBe(0);
  await server.waitForRequestsIdle();
}
const pending = new Set<Request>();

test.afterAll(async () => {
  await server?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

test('on a fresh dev server, the app first and then dapp.html: neither page reloads itself on its first visit', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const navigations = countNavigations(page);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  await optimizer().scanProcessing;
  const scanned = knownDependencies();
  expect(scanned.length).toBeGreaterThan(0);

  await page.goto(`${origin}/`);
  await expectState(page, 'idle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  // The app's own later imports (the sign-in code, the wallets) are asked for while the browser is idle.
  await pageCodeLoaded(page);
  expect(knownDependencies()).toEqual(scanned);
  await page.goto(`${origin}/dapp.html`);
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('button', { name: /Sign in with Google/ })).toBeVisible();
  await pageCodeLoaded(page);
  expect(knownDependencies()).toEqual(scanned);
  expect(reloads).toEqual([]);
  expect(navigations).toEqual([`${origin}/`, `${origin}/dapp.html`]);
});
