/**
 * The production headers: each header the host must send, the window policy for each
 * sign-in mode, the sample file the build writes, what `vite preview` sends, and the
 * README's list, which must say exactly what the build writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PreviewServer, ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_MARKER_FILE } from './build-marker.ts';
import { headersFile, productionHeaders, productionHeadersPlugin, WALLET_WINDOW_PAGE } from './production-headers.ts';

const MODES = ['redirect', 'popup'] as const;

describe('the production headers', () => {
  it.each([
    ['redirect', 'same-origin'],
    ['popup', 'same-origin-allow-popups'],
  ] as const)('a %s build: every header the host must send, and its window policy (%s)', (mode, opener) => {
    expect(productionHeaders(mode)).toEqual({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'Cross-Origin-Opener-Policy': opener,
      'Strict-Transport-Security': expect.stringMatching(/^max-age=\d{8,}; includeSubDomains$/),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it.each(MODES)(
    "the hosted wallet's window (%s build) gets every header but a window policy: it must keep its opener",
    (mode) => {
      const { 'Cross-Origin-Opener-Policy': policy, ...rest } = productionHeaders(mode);
      expect(policy).toBeDefined();
      expect(productionHeaders(mode, WALLET_WINDOW_PAGE)).toEqual(rest);
    },
  );

  it.each(MODES)("the example dApp's page (%s build) lets its own windows be: it opens the hosted wallet's", (mode) => {
    // At its file's address and at the extensionless one Netlify and Cloudflare Pages serve it at.
    for (const path of ['/dapp.html', '/dapp']) {
      expect(productionHeaders(mode, path)).toEqual({
        ...productionHeaders(mode),
        'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      });
    }
  });

  it.each(MODES)(
    'a %s build writes them as `_headers` (Netlify, Cloudflare Pages): one header a line, the policy by page',
    (mode) => {
      const files: { fileName: string; source: string }[] = [];
      const plugin = productionHeadersPlugin({ signInMode: mode });
      (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: (typeof files)[number]) => files.push(file) });
      expect(files.map((file) => file.fileName)).toEqual(['_headers']);
      const lines = files[0]!.source.split('\n').filter((line) => line && !line.startsWith('#'));
      const line = ([name, value]: [string, string]) => `  ${name}: ${value}`;
      const policy = (page: string) =>
        `  Cross-Origin-Opener-Policy: ${productionHeaders(mode, page)['Cross-Origin-Opener-Policy']}`;
      expect(lines).toEqual([
        '/*',
        ...Object.entries(productionHeaders(mode, WALLET_WINDOW_PAGE)).map(line),
        ...['/', '/index.html', '/dapp.html', '/dapp'].flatMap((page) => [page, policy(page)]),
      ]);
      expect(lines).not.toContain(WALLET_WINDOW_PAGE);
    },
  );
});

describe('vite preview sends the headers of the build it serves', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** The middleware the plugin adds to a preview of a build with `marker` (none: no marker). */
  function previewOf(marker?: object) {
    const root = mkdtempSync(join(tmpdir(), 'preview-headers-'));
    dirs.push(root);
    if (marker) {
      mkdirSync(join(root, 'dist', '.vite'), { recursive: true });
      writeFileSync(join(root, 'dist', BUILD_MARKER_FILE), JSON.stringify(marker));
    }
    const used: ((
      request: { url?: string },
      response: { setHeader: (name: string, value: string) => void },
      next: () => void,
    ) => void)[] = [];
    const server = {
      config: { root, build: { outDir: 'dist' } } as ResolvedConfig,
      middlewares: { use: (fn: never) => used.push(fn) },
    };
    (productionHeadersPlugin({ signInMode: 'redirect' }).configurePreviewServer as (server: PreviewServer) => void)(
      server as unknown as PreviewServer,
    );
    return used;
  }

  it("a popup build's, from its marker, whatever the preview's own settings", () => {
    const [middleware, ...rest] = previewOf({ builtIn: false, network: 'testnet', signInMode: 'popup' });
    expect(rest).toEqual([]);
    const sent: Record<string, string> = {};
    let passedOn = false;
    middleware!({ url: '/?devtools' }, { setHeader: (name, value) => void (sent[name] = value) }, () => void (passedOn = true));
    expect(sent).toEqual(productionHeaders('popup'));
    expect(passedOn).toBe(true);
  });

  it("the wallet's window without a window policy, whatever its query and fragment", () => {
    const [middleware] = previewOf({ builtIn: true, network: 'testnet', signInMode: 'redirect' });
    const sent: Record<string, string> = {};
    middleware!({ url: '/wallet.html?x=1' }, { setHeader: (name, value) => void (sent[name] = value) }, () => {});
    expect(sent).toEqual(productionHeaders('redirect', WALLET_WINDOW_PAGE));
    expect(sent).not.toHaveProperty('Cross-Origin-Opener-Policy');
  });

  it('none for a build without a marker', () => {
    expect(previewOf()).toEqual([]);
  });
});

describe("the README's Deploying section", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(
    readme.indexOf('\n## Deploying\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Deploying\n') + 1),
  );

  it('lists exactly the headers the build writes, for both sign-in modes', () => {
    expect(section.length).toBeGreaterThan(100);
    const listed = [...section.matchAll(/^- `([\w-]+): ([^`]+)`/gm)].map(([, name, value]) => `${name}: ${value}`);
    const written = MODES.flatMap((mode) => Object.entries(productionHeaders(mode)).map(([name, value]) => `${name}: ${value}`));
    expect(new Set(listed)).toEqual(new Set(written));
  });

  it("shows a redirect build's `_headers` as the build writes it", () => {
    expect(section).toContain(`\`\`\`text\n${headersFile('redirect')}\`\`\``);
  });
});
