/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';
import { builtInMocks } from './mocks/vite-plugin.ts';
import { configTemplate, connectSources, isBuiltIn, readSettings, type Settings } from './src/config.ts';
import { buildMarker } from './vite-plugins/build-marker.ts';
import { preloadLazyChunks } from './vite-plugins/preload-lazy-chunks.ts';
import { contentSecurityPolicy } from './vite-plugins/content-security-policy.ts';
import { productionHeadersPlugin } from './vite-plugins/production-headers.ts';

// Headers for every page the dev and preview servers send. The token must never leak
// through a Referer, whatever page the visitor goes to next. The preview also sends the
// production headers of the build it serves (vite-plugins/production-headers.ts).
const SECURITY_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The same settings the page reads (src/config.ts). A bad value stops the dev server and
 * the build at once, with one line per setting that names it and its form: never a stack trace.
 * `vite build` also stops when it was not told which mode to make (no key, no VITE_BUILT_IN).
 */
function settingsOrExit(mode: string, build: boolean): Settings {
  const result = readSettings(loadEnv(mode, process.cwd(), 'VITE_'), { build });
  if (result.ok) return result.settings;
  const lines = result.errors.map((error) => `  ${error}`).join('\n');
  process.stderr.write(
    `\nThis app is not configured correctly. Fix these settings:\n${lines}\nSee .env.example for every setting and its default.\n\n`,
  );
  process.exit(1);
}

/** The page being built in a pass of its own (by otherPages, from the app's build): its HTML file's name. */
const PAGE_BUILD = 'ZKLOGIN_PAGE_BUILD';
/** The pages built apart from the app's own (index.html). */
const OTHER_PAGES = ['dapp.html', 'wallet.html'];

/**
 * The example dApp (dapp.html) and the hosted wallet's window (wallet.html, the app again,
 * served without a window policy: docs/hosted-wallet.md) are pages of the same `vite build`,
 * each built once the app's own bundle is written, into the same directory, with no chunk
 * shared with the app: the dApp ships what a dApp adopting the wallets would ship, and the
 * app's first page carries none of either's code and stays in two files. (As more inputs of
 * one bundle, the pages' shared code became shared chunks that the app's first page loaded
 * too: 2 KB more for the dApp; five files and 1.2 KB more for the wallet's window.) The dev
 * server serves them as they are.
 */
/**
 * The hosted wallet's window is a fresh page at every request, so every function on the
 * request's path (the machine, the dialog, the signer, the channel) runs for the first time
 * when the visitor presses Approve, and V8 compiles each one then, lazily, on the main thread.
 * Its chunks carry V8's explicit compile hint, so that Chromium compiles all their functions
 * as they load, off the main thread while they stream. Measured with the bench's hosted
 * section (7 runs, same machine): Approve → answer at the dApp 21.0 → 14.8 ms, and the
 * window's page → approval shown did not grow. Other browsers ignore the comment. Added after
 * minification (`postBanner`): the minifier drops comments. Not on the app's own pages: there
 * a visitor's clicks come long after the code loaded, and the first page would compile
 * code it may never run.
 */
/** The package's public entries (its package.json `exports`), each to its source. */
const PACKAGE_ENTRIES = [
  {
    find: /^sui-zklogin-wallet$/,
    replacement: fileURLToPath(new URL('./packages/sui-zklogin-wallet/src/hosted/register.ts', import.meta.url)),
  },
  {
    find: /^sui-zklogin-wallet\/embedded$/,
    replacement: fileURLToPath(new URL('./packages/sui-zklogin-wallet/src/embedded.ts', import.meta.url)),
  },
  {
    find: /^sui-zklogin-wallet\/verify$/,
    replacement: fileURLToPath(new URL('./packages/sui-zklogin-wallet/src/verify.ts', import.meta.url)),
  },
];

const WALLET_WINDOW_OUTPUT = { postBanner: '//# allFunctionsCalledOnLoad' };

function otherPages(mode: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'other-pages',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    async closeBundle() {
      if (process.env[PAGE_BUILD]) return;
      try {
        for (const page of OTHER_PAGES) {
          process.env[PAGE_BUILD] = page;
          await build({ mode, logLevel: 'warn', build: { outDir, emptyOutDir: false } });
        }
      } finally {
        delete process.env[PAGE_BUILD];
      }
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const settings = settingsOrExit(mode, command === 'build');
  const network = settings.VITE_SUI_NETWORK ?? 'testnet';
  const signInMode = settings.VITE_SIGN_IN_MODE ?? 'redirect';
  return {
    plugins: [
      react(),
      builtInMocks({ devServer: isBuiltIn(settings) && mode !== 'test', network }),
      contentSecurityPolicy({ connectSources: connectSources(settings) }),
      // What the build is, for `vite preview` to read (it mounts the mocks in front of a
      // built-in build only), and the headers a host must send with it.
      buildMarker({ builtIn: isBuiltIn(settings), network, signInMode }),
      productionHeadersPlugin({ signInMode }),
      otherPages(mode),
      // The hosted wallet's window needs these at once: fetched beside its entry, not after it.
      // Linked whoever opens it (a window no site opened, a sign-in window coming back, which
      // stops at once): a fetch it does not use there, against a request that would wait.
      preloadLazyChunks('wallet.html', [
        'src/hosted/window-page.ts',
        'packages/sui-zklogin-wallet/src/operations/sign-in-runtime.ts',
        'packages/sui-zklogin-wallet/src/wallet/approval-dialog.ts',
      ]),
    ],
    // The configuration from the checked settings, for the page (src/main.tsx): it never
    // parses them again, and only resolves what depends on its own address.
    define: {
      __SIGN_IN_CONFIG__: JSON.stringify(configTemplate(settings)),
      // Read where the page is put together (src/page.tsx, src/ui/App.tsx): a real-mode
      // build drops built-in mode's footer and banner.
      '__SIGN_IN_CONFIG__.builtIn': JSON.stringify(isBuiltIn(settings)),
      // The Stately inspector posts the machine's context to another site: only the dev
      // server and a build that asks for it (VITE_INSPECT=true) carry it. Elsewhere the
      // boot's import of it is dropped, and ?inspect does nothing (src/boot.ts).
      __INSPECTOR__: JSON.stringify(command === 'serve' || settings.VITE_INSPECT === true),
    },
    // The app and the example dApp import the package by its public entries, as any dApp
    // does; in this repository those names are its sources (tsconfig.json's `paths` says the
    // same to the typecheck), so that nothing waits for its build or reads a stale one.
    resolve: { alias: PACKAGE_ENTRIES },
    server: { headers: SECURITY_HEADERS, port: 5173 },
    // Both pages' imports are pre-bundled when the dev server starts. The build's input is
    // one page at a time (below), which the optimizer would otherwise crawl alone: the first
    // visit to dapp.html then found new dependencies, re-bundled them and reloaded the page.
    optimizeDeps: { entries: ['index.html', 'wallet.html', 'dapp.html'] },
    preview: { headers: SECURITY_HEADERS, port: 4173 },
    // The statechart panel's chunk (elkjs) is large on purpose and loads only when opened.
    // No modulepreload polyfill: every browser with Ed25519 in WebCrypto preloads natively.
    // A lazy chunk is asked for with a modulepreload link as well as import(): Chromium
    // starts an import()'s download only once the running script has finished, and the
    // boot asks for the account's screens before React has even been evaluated
    // (src/early-load.ts). Vite links a chunk itself only when it has dependencies.
    build: {
      target: 'es2022',
      sourcemap: true,
      chunkSizeWarningLimit: 1600,
      // The app's own page here; the example dApp and the wallet's window are built after it (otherPages).
      rolldownOptions: {
        input: process.env[PAGE_BUILD] || 'index.html',
        ...(process.env[PAGE_BUILD] === 'wallet.html' ? { output: WALLET_WINDOW_OUTPUT } : {}),
      },
      modulePreload: {
        polyfill: false,
        resolveDependencies: (chunk, dependencies, { hostType }) =>
          hostType === 'js' && !dependencies.includes(chunk) ? [chunk, ...dependencies] : dependencies,
      },
    },
    test: {
      include: [
        'src/**/*.test.{ts,tsx}',
        'mocks/**/*.test.ts',
        'bench/**/*.test.ts',
        'vite-plugins/**/*.test.ts',
        'packages/*/src/**/*.test.ts',
        'examples/**/*.test.ts',
      ],
      environment: 'node',
      setupFiles: ['./vitest.setup.ts'],
      // Every core (Vitest's default leaves one free: on two cores, one worker for 80 files).
      maxWorkers: '100%',
      // Vitest's default of 5 s is a speed limit: a proof check or a pairing that takes 2 to 3 s
      // alone takes twice that with both cores busy. A test that hangs still fails.
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
