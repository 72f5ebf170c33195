/**
 * The benchmark's web server: a production host's cache rule (hashed assets kept, the
 * HTML asked for again), or `vite preview`'s (every file asked for again), over real
 * HTTP on a build-shaped folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl, IMMUTABLE, REVALIDATE, startStaticServer } from './static-server.ts';

describe('cacheControl', () => {
  it('keeps hashed assets for a year and asks again for everything else', () => {
    expect(cacheControl('/assets/index-DseGkBFq.js', false)).toBe(IMMUTABLE);
    expect(cacheControl('/index.html', false)).toBe(REVALIDATE);
    expect(cacheControl('/favicon.svg', false)).toBe(REVALIDATE);
  });

  it('asks again for every file with --revalidate-assets, as vite preview does', () => {
    expect(cacheControl('/assets/index-DseGkBFq.js', true)).toBe(REVALIDATE);
    expect(cacheControl('/index.html', true)).toBe(REVALIDATE);
  });
});

describe.each([false, true])('the server (revalidateAssets: %s)', (revalidateAssets) => {
  let dir: string;
  let origin: string;
  let close: () => void;
  const script = `export const text = ${JSON.stringify('a'.repeat(4000))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-server-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
    const server = await startStaticServer({ dir, port: 0, revalidateAssets });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true });
  });

  it('serves the page with no-cache and an ETag, and answers its ETag with 304', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await page.text()).toContain('<title>app</title>');
    const again = await fetch(`${origin}/`, { headers: { 'If-None-Match': page.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('serves a hashed script gzipped, with the rule of its mode', async () => {
    const response = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(revalidateAssets ? REVALIDATE : IMMUTABLE);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(script);
  });

  it('answers an unknown path with the page, as an SPA host does', async () => {
    const response = await fetch(`${origin}/some/route`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
  });
});
