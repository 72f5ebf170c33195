/**
 * End-to-end: real Chromium against production builds served by `vite preview`, which
 * sends each build's production headers (vite-plugins/production-headers.ts).
 * - built-in: the app in built-in mode (built with VITE_BUILT_IN=true); the mocks are
 *   mounted on the preview server.
 * - popup-mode: built-in mode with VITE_SIGN_IN_MODE=popup (the *.popup.spec.ts files, and
 *   the wallet journeys again).
 * - real-mode: the app built with a key and every URL pointed at the standalone mock
 *   server (a separate origin, as the real services are: login service, providers, Sui
 *   node and faucet), to check the exact requests. Previewed without the key: the preview
 *   decides from the build it serves, and mounts no mocks.
 * - the dev server (built-in, no key), for the inspector's journey: only development and a
 *   build made with VITE_INSPECT=true may attach it (e2e/inspector.spec.ts).
 *
 * Three workers, one per project at a time: each project's journeys share its servers'
 * state (the mock Sui node's balances, the real-mode mock server's injected faults), so
 * they run one after another, and projects side by side, three at a time. The
 * built-in journeys, more than half of the run, are split in two projects of about equal
 * length, each with a preview server of its own (the same build): two servers' mocks share
 * nothing. The dev server (port 4175) has two users, e2e/inspector.spec.ts and
 * e2e/secrets-at-rest.spec.ts, both in the second half, so one after the other.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium when present (Playwright cannot download its own here).
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const executablePath = existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;

export const BUILT_IN_PORT = 4173;
/** The same built-in build again, for the second half of the built-in journeys. */
export const BUILT_IN_SECOND_PORT = 4177;
export const REAL_MODE_PORT = 4174;
/** Built-in mode with VITE_SIGN_IN_MODE=popup. */
export const POPUP_MODE_PORT = 4176;
/** The built-in build again, as the hosted wallet of the dApp below (a server of its own: its mocks' state is the hosted journeys' alone). */
export const HOSTED_WALLET_PORT = 4179;
/** The example dApp built with VITE_WALLET_URL at the wallet above, on another site (127.0.0.1, not localhost). */
export const HOSTED_DAPP_PORT = 4178;
/** The dev server (`vite`), without hot reload, so that edits made meanwhile cannot reload a journey. */
export const DEV_SERVER_PORT = 4175;
export const MOCK_SERVER_PORT = 5199;
const MOCK_SERVER = `http://127.0.0.1:${MOCK_SERVER_PORT}`;
export const REAL_MODE_KEY = 'enoki_public_e2e_real_mode';
/** The real-mode mock server's epochs: sessions last two of them (one hour), plus VITE_ADDITIONAL_EPOCHS. */
export const SESSION_EPOCH_MS = 30 * 60_000;

const REAL_MODE_ENV = {
  VITE_ENOKI_API_KEY: REAL_MODE_KEY,
  VITE_ENOKI_API_URL: MOCK_SERVER,
  // The standalone mock login service proves under its own setup: the browser checks proofs under that key.
  VITE_ZKLOGIN_VERIFYING_KEY: 'built-in',
  VITE_GOOGLE_CLIENT_ID: 'e2e-google-client',
  VITE_FACEBOOK_CLIENT_ID: 'e2e-facebook-client',
  VITE_TWITCH_CLIENT_ID: 'e2e-twitch-client',
  VITE_GOOGLE_AUTH_URL: `${MOCK_SERVER}/idp/google/authorize`,
  VITE_FACEBOOK_AUTH_URL: `${MOCK_SERVER}/idp/facebook/authorize`,
  VITE_TWITCH_AUTH_URL: `${MOCK_SERVER}/idp/twitch/authorize`,
  VITE_EXTRA_SCOPES: 'email',
  // Real mode also exercises the native (non-extractable WebCrypto) ephemeral key.
  VITE_NATIVE_KEY: 'true',
  // A hang past the timeout is one of the journeys: short, but long enough that an answer
  // slowed by a busy machine (three workers on two cores) is never taken for a hang.
  VITE_LOGIN_SERVICE_TIMEOUT_MS: '5000',
  // Two epochs more than the service's own two: sessions of two hours (real-mode.real.spec.ts).
  VITE_ADDITIONAL_EPOCHS: '2',
  // The Sui node and faucet on the mock server too (the real ones cannot be reached here).
  VITE_SUI_GRAPHQL_URL: `${MOCK_SERVER}/sui/graphql`,
  VITE_SUI_FAUCET_URL: `${MOCK_SERVER}/sui/faucet`,
};

/** The first half of the built-in journeys (the second takes every other file, so none is left out). */
const FIRST_HALF =
  /\/(accessibility|alert|approvals|backend-recipes|build-modes|callback-errors|code-not-loaded|content-security-policy|corrupt-storage|dapp|dev-server|devtools)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two projects busy with the CPU (the built-in halves) and a third mostly waiting on real
  // timers (real mode's retries and timeouts): three workers keep both cores busy.
  workers: 3,
  retries: 0,
  // Limits for a hang, not measures of speed: with three workers on two cores a step can
  // wait its turn for the CPU (the statechart's code and layout, axe over a whole page).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath,
      // This machine's network is closed: keep Chromium from trying to phone home.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // Recorded for every journey, and kept for a failing one: not in CI, where no one can
    // open it (its output is the log), and recording costs every journey some time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // First: its journeys wait on real timers (retries, a timeout) and so take longest per file.
    {
      name: 'real-mode',
      workers: 1,
      testMatch: /\.real\.spec\.ts$/,
      use: { baseURL: `http://localhost:${REAL_MODE_PORT}` },
    },
    // The built-in journeys in two halves of about equal length (measured one after another:
    // about 200 s each): these files on one server, every other on the second.
    {
      name: 'built-in',
      workers: 1,
      testMatch: FIRST_HALF,
      testIgnore: /\.(real|popup|hosted)\.spec\.ts$/,
      use: { baseURL: `http://localhost:${BUILT_IN_PORT}` },
    },
    {
      name: 'built-in-2',
      workers: 1,
      // Every other built-in journey: a file named otherwise still runs.
      testIgnore: [/\.(real|popup|hosted)\.spec\.ts$/, FIRST_HALF],
      use: { baseURL: `http://localhost:${BUILT_IN_SECOND_PORT}` },
    },
    // The hosted wallet: the example dApp on one site, the wallet's window on another.
    {
      name: 'hosted',
      workers: 1,
      testMatch: /\.hosted\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${HOSTED_DAPP_PORT}` },
    },
    // The popup journeys, and the wallet journeys again (every one but the redirect's own),
    // listed last: a worker takes them once a project above has none left (real mode's end
    // first), so three browsers run at a time, never four. Not a dependency of real mode:
    // Playwright starts a dependent project only once every project of the phase before
    // has finished.
    {
      name: 'popup-mode',
      workers: 1,
      testMatch: [/\.popup\.spec\.ts$/, /\/wallet\.spec\.ts$/],
      use: { baseURL: `http://localhost:${POPUP_MODE_PORT}` },
    },
  ],
  webServer: [
    {
      command: `npx vite build --logLevel warn && npx vite preview --port ${BUILT_IN_PORT} --strictPort`,
      url: `http://localhost:${BUILT_IN_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: 'true' },
    },
    {
      // The build above, served again (started once the first server is up, so once it is built).
      command: `npx vite preview --port ${BUILT_IN_SECOND_PORT} --strictPort`,
      url: `http://localhost:${BUILT_IN_SECOND_PORT}`,
      reuseExistingServer: !process.env.CI,
      env: { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: 'true' },
    },
    {
      // The built-in build a third time, as the hosted wallet (its mocks' state apart from the journeys above).
      command: `npx vite preview --port ${HOSTED_WALLET_PORT} --strictPort`,
      url: `http://localhost:${HOSTED_WALLET_PORT}`,
      reuseExistingServer: !process.env.CI,
      env: { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: 'true' },
    },
    {
      // The example dApp with the wallet above as its hosted wallet, on another site; it reads
      // the chain from the wallet's mock node, so both see one ledger.
      command: `npx vite build --logLevel warn --outDir dist-hosted-dapp && npx vite preview --outDir dist-hosted-dapp --host 127.0.0.1 --port ${HOSTED_DAPP_PORT} --strictPort`,
      url: `http://127.0.0.1:${HOSTED_DAPP_PORT}/dapp.html`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        VITE_ENOKI_API_KEY: '',
        VITE_BUILT_IN: 'true',
        VITE_WALLET_URL: `http://localhost:${HOSTED_WALLET_PORT}`,
        VITE_SUI_GRAPHQL_URL: `http://localhost:${HOSTED_WALLET_PORT}/__mock/sui/graphql`,
        VITE_SUI_FAUCET_URL: `http://localhost:${HOSTED_WALLET_PORT}/__mock/sui/faucet`,
        // The example dApp's page alone (vite.config.ts's otherPages pass): the journeys open nothing else here.
        ZKLOGIN_PAGE_BUILD: 'dapp.html',
      },
    },
    {
      // Half-hour epochs: the service's own sessions last two of them (one hour), as with a
      // login service that has short sessions (the warm start must still cost one nonce call
      // per sign-in). The real-mode build asks for two epochs more (VITE_ADDITIONAL_EPOCHS
      // above), so its sessions last two hours.
      command: `node mocks/server.ts --port ${MOCK_SERVER_PORT} --api-key ${REAL_MODE_KEY} --epoch-ms ${SESSION_EPOCH_MS}`,
      url: `${MOCK_SERVER}/health`,
      reuseExistingServer: !process.env.CI,
    },
    {
      // The preview runs without the key, as from a shell that has none: it must still mount
      // no mocks in front of a real-mode build (e2e/build-modes.spec.ts).
      command: `npx vite build --logLevel warn --outDir dist-real && env -u VITE_ENOKI_API_KEY npx vite preview --outDir dist-real --port ${REAL_MODE_PORT} --strictPort`,
      url: `http://localhost:${REAL_MODE_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: REAL_MODE_ENV,
    },
    {
      command: `npx vite build --logLevel warn --outDir dist-popup && npx vite preview --outDir dist-popup --port ${POPUP_MODE_PORT} --strictPort`,
      url: `http://localhost:${POPUP_MODE_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: 'true', VITE_SIGN_IN_MODE: 'popup' },
    },
    {
      command: `node --input-type=module -e "const { createServer } = await import('vite'); await (await createServer({ logLevel: 'warn', server: { port: ${DEV_SERVER_PORT}, strictPort: true, hmr: false, watch: null } })).listen();"`,
      url: `http://localhost:${DEV_SERVER_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: '' },
    },
  ],
});
