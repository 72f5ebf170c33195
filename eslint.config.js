/**
 * Lint: typescript-eslint, the React Hooks rules, and the layers of docs/architecture.md
 * as import boundaries (import-x/no-restricted-paths), with no import cycles anywhere.
 * A wrong-way import fails `npm run lint`, and so the README's test command. So does a
 * read of the wall clock outside the modules and tests of clock-readers.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The wallet's engine: the package's sources (docs/architecture.md). */
const ENGINE = './packages/sui-zklogin-wallet/src';
const ENGINE_FOLDERS = ['storage', 'login-service', 'sui', 'zklogin', 'operations', 'runtime', 'wallet'];
const engine = (...folders) => folders.map((folder) => `${ENGINE}/${folder}`);
/** The app around it: the page, its view and its tools. */
const app = (...folders) => folders.map((folder) => `./src/${folder}`);
/** The package's entries and their own modules, above the engine: nothing of the engine imports them. */
const ENTRIES = [`${ENGINE}/embedded.ts`, `${ENGINE}/embedded-options.ts`, `${ENGINE}/hosted`];

/** Each layer, and what it must not import (everything that sits above it). */
const LAYERS = [
  {
    target: `${ENGINE}/core`,
    from: [ENGINE, './src', './mocks'],
    except: ['./core'],
    message: 'core/ is the pure core: it imports only xstate and its own files.',
  },
  {
    target: `${ENGINE}/lazy-module.ts`,
    from: [ENGINE],
    except: ['./lazy-module.ts'],
    message: 'lazy-module.ts is plumbing under every layer: it imports nothing of ours.',
  },
  {
    target: `${ENGINE}/config.ts`,
    from: [...engine(...ENGINE_FOLDERS), ...ENTRIES],
    message: "config.ts sits under the domain modules: it imports only the core and the verifier's key type.",
  },
  {
    target: `${ENGINE}/login-service`,
    from: [...engine('storage', 'sui', 'zklogin', 'operations', 'runtime', 'wallet'), ...ENTRIES],
    message: 'login-service/ imports only the core and config.',
  },
  {
    target: `${ENGINE}/sui`,
    from: [...engine('storage', 'login-service', 'zklogin', 'operations', 'runtime', 'wallet'), ...ENTRIES],
    message: 'sui/ (the Sui node and faucet clients) imports only the core and config.',
  },
  {
    target: `${ENGINE}/storage`,
    from: [...engine('sui', 'zklogin', 'operations', 'runtime', 'wallet'), ...ENTRIES],
    message: "storage/ imports only the core, config and the login service's answer schemas.",
  },
  {
    target: `${ENGINE}/zklogin`,
    from: [...engine('sui', 'operations', 'runtime', 'wallet'), ...ENTRIES],
    message: 'zklogin/ never imports the layers that wire it.',
  },
  {
    target: `${ENGINE}/operations`,
    from: [...engine('runtime', 'wallet'), ...ENTRIES],
    message: 'operations/ never imports the running actor or the wallets.',
  },
  { target: `${ENGINE}/runtime`, from: [...engine('wallet'), ...ENTRIES], message: 'runtime/ never imports the wallets.' },
  {
    target: `${ENGINE}/wallet`,
    from: [...engine('storage', 'login-service', 'sui', 'zklogin', 'operations'), ...ENTRIES],
    message: 'wallet/ turns Wallet Standard calls into machine events: it reads the running actor only.',
  },
  {
    target: './src/transition-log',
    from: app('devtools', 'ui'),
    message: 'The transition log and the inspector never import the UI.',
  },
  {
    target: './src/devtools',
    from: [...engine('storage', 'login-service', 'sui', 'zklogin', 'operations', 'wallet'), ...app('ui')],
    message: 'devtools/ reads the machine and the transition log only.',
  },
  {
    target: './src/ui',
    from: engine('storage', 'login-service', 'sui', 'zklogin', 'operations', 'wallet'),
    message: 'ui/ reads snapshots and sends events only.',
  },
  {
    // The app as the hosted wallet sits on top, beside the entry: nothing below it reaches up.
    target: [ENGINE, ...app('config.ts', 'runtime', 'devtools', 'ui')],
    from: './src/hosted',
    message: 'hosted/ is the wallet window at the top of the app: only its entry (wallet-window-main.ts) imports it.',
  },
  {
    target: './packages',
    from: ['./src', './mocks', './bench', './scripts', './vite-plugins', './test-support'],
    message: 'A package stands alone, as it is published: it imports nothing of the app.',
  },
];

/**
 * Only the files of clock-readers.json read the wall clock, and only their tests run again
 * with the clock moved (npm run test:unit:shifted-clock): anything else that read it would
 * escape that run. performance.now() and new Date(time) read no wall clock. bench/, scripts/
 * and examples/ are tools, not the product: bench/run.ts dates its report with new Date().
 */
const CLOCK_READERS = JSON.parse(readFileSync(join(import.meta.dirname, 'clock-readers.json'), 'utf8')).readers;
const SHIFTED_TESTS = [...new Set(Object.values(CLOCK_READERS).flatMap((reader) => reader.tests))];
const CLOCK_READS = [
  "MemberExpression[object.name='Date']:matches([property.name='now'], [property.value='now'])",
  "NewExpression[callee.name='Date'][arguments.length=0]",
  "CallExpression[callee.name='Date']",
  // Date reached another way, to read it later: `globalThis.Date`, `const { now } = Date`, `const D = Date`.
  "MemberExpression[property.name='Date'][object.name=/^(globalThis|window|self)$/]",
  "VariableDeclarator[init.name='Date']",
];
const noClockRead = (message) => ['error', ...CLOCK_READS.map((selector) => ({ selector, message }))];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      'node_modules/**',
      '.tools/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The layers hold for the product's code; tests may reach across them to set a scene.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYERS }] },
  },
  {
    files: ['packages/sui-zklogin-wallet/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!xstate$|\\.)', message: 'core/ imports only xstate.' }] }],
    },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'test-support/**/*.{ts,tsx}',
      'mocks/**/*.ts',
      'vite-plugins/**/*.ts',
      'packages/*/src/**/*.ts',
      'packages/*/test/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx', ...Object.keys(CLOCK_READERS)],
    rules: {
      'no-restricted-syntax': noClockRead(
        'This module reads the wall clock: add it to clock-readers.json, with why and the tests that exercise it, so that they run with the clock moved (npm run test:unit:shifted-clock). Or take the time as a parameter.',
      ),
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx'],
    ignores: ['e2e/**', ...SHIFTED_TESTS],
    rules: {
      'no-restricted-syntax': noClockRead(
        'This test reads the wall clock: list it in clock-readers.json under the module whose clock it exercises, so that it runs with the clock moved (npm run test:unit:shifted-clock).',
      ),
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@mysten/*'], message: 'ui/ never imports Sui code: the actors do.' }] },
      ],
    },
  },
);
