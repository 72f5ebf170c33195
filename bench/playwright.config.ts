/**
 * npm run bench runs as one Playwright "test" (bench/bench.spec.ts): Playwright's webServer
 * builds both apps, starts them and the mock server, waits until each answers, and stops
 * them afterwards. Both apps are production builds in real mode, served alike by
 * bench/static-server.ts (a production host's cache rule, or with --revalidate-assets
 * `vite preview`'s), against the same standalone mock server on another origin. A third,
 * built-in build of ours serves the sign-in/sign-out cycles only (a memory measure, with
 * no peer), made with VITE_BUILT_IN=true, by `vite preview`, which mounts built-in mode's
 * services in front of a built-in build. The wallet section serves ours' build once more as
 * the hosted wallet, and the example dApp built with VITE_WALLET_URL on another site.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import {
  APPS,
  BUILT_IN_ENV,
  BUILT_IN_URL,
  HOSTED,
  HOSTED_DAPP_ENV,
  MOCK,
  PORTS,
  KEY,
  REAL_MODE_ENV,
  SETTINGS,
} from './settings.ts';

const build = (command: string) => (SETTINGS.skipBuild ? '' : `${command} && `);
const serve = (dir: string, port: number) =>
  `node bench/static-server.ts --dir ${dir} --port ${port}${SETTINGS.revalidateAssets ? ' --revalidate-assets' : ''}`;

export default defineConfig({
  testDir: '.',
  testMatch: 'bench.spec.ts',
  workers: 1,
  retries: 0,
  // A benchmark, not a test: it takes as long as its runs take.
  timeout: 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: `node mocks/server.ts --port ${PORTS.mock} --api-key ${KEY} --latency ${SETTINGS.latencyMs} --proof-delay ${SETTINGS.proofDelayMs}`,
      url: `${MOCK}/health`,
      cwd: '..',
      reuseExistingServer: false,
    },
    {
      command: `${build(`npx vite build --logLevel warn --outDir ${APPS.ours.dist}`)}${serve(APPS.ours.dist, PORTS.ours)}`,
      url: APPS.ours.url,
      cwd: '..',
      env: REAL_MODE_ENV,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    {
      // The hosted wallet: ours' build again (its wallet.html), served alike on a port of its
      // own; started once the server above is up, so once the build is written.
      command: serve(APPS.ours.dist, PORTS.hostedWallet),
      url: `${HOSTED.walletUrl}/wallet.html`,
      cwd: '..',
      reuseExistingServer: false,
    },
    {
      // The example dApp with the wallet above as its hosted wallet, on another site (127.0.0.1).
      command: `${build(`npx vite build --logLevel warn --outDir ${HOSTED.dappDist}`)}${serve(HOSTED.dappDist, PORTS.hostedDapp)}`,
      url: HOSTED.dappUrl,
      cwd: '..',
      env: HOSTED_DAPP_ENV,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    {
      command: `${build('npx vite build --logLevel warn --config bench/peer/vite.config.ts')}${serve(APPS.peer.dist, PORTS.peer)}`,
      url: APPS.peer.url,
      cwd: '..',
      env: REAL_MODE_ENV,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    {
      command: `${build('npx vite build --logLevel warn --outDir dist-bench-builtin')}npx vite preview --outDir dist-bench-builtin --port ${PORTS.builtIn} --strictPort`,
      url: BUILT_IN_URL,
      cwd: '..',
      env: BUILT_IN_ENV,
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
});
