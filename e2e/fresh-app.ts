/**
 * A dApp made the way a developer outside this repository makes one (issue 44): the package
 * packed with `npm pack -w sui-zklogin-wallet`, a new Vite app in a temporary folder outside
 * the repository, the tarball installed there from its file (no path alias, no workspace
 * link), with the package's peers from the registry, built by that app's own Vite, and
 * served by its `vite preview`. One pack, one install, one build, two pages, each a few
 * lines that a page script then drives through the Wallet Standard (wallet-protocol.ts's
 * installDapp):
 * - `/` (index.html, main.js): the hosted wallets, from the package's main entry, with the
 *   wallet's address from the query;
 * - `/embedded.html` (embedded.js): the embedded wallets, from `sui-zklogin-wallet/embedded`,
 *   configured at run time with the built-in mocks of a wallet build (`mocks`, on another
 *   origin) as the login service, the providers and the Sui node, in redirect mode back to
 *   this page; back from the provider it finishes the Connect that left (`returningConnect`)
 *   with a silent connect, as the package's README says a dApp does.
 * Both pages carry the package's verifier (`sui-zklogin-wallet/verify`, loaded when first
 * used), to check a signature in the browser.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The versions the app installs: the repository's own pins, as a developer would pick current ones. */
function pinned(name: string): string {
  const { dependencies, devDependencies } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const version = dependencies[name] ?? devDependencies[name];
  if (!version) throw new Error(`fresh app: the repository pins no ${name}`);
  return version;
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: process.env });

/**
 * Both pages: the package's verifier, loaded when first used, to check a signature in the
 * browser (under built-in mode's key: the login service is the mock one).
 */
const VERIFY_JS = `window.verifySignature = async ({ message, ...options }) => {
  const { verifyZkLoginSignature, BUILT_IN_VERIFYING_KEY } = await import('sui-zklogin-wallet/verify');
  const personalMessage = new TextEncoder().encode(message);
  return verifyZkLoginSignature({ ...options, personalMessage, verifyingKey: BUILT_IN_VERIFYING_KEY }).then(
    ({ address }) => address,
    (error) => 'refused: ' + error.code,
  );
};
`;

/** The hosted page: the three lines a dApp adds, with the wallet's address from the query (the test's). */
const MAIN_JS = `import { registerZkLoginWallets } from 'sui-zklogin-wallet';
import './verify.js';

const walletUrl = new URLSearchParams(location.search).get('wallet');
registerZkLoginWallets({ walletUrl, network: 'testnet' });
document.querySelector('#status').textContent = 'wallets registered';
`;

/**
 * The embedded page: what a dApp writes with `sui-zklogin-wallet/embedded` (its README),
 * with the built-in mocks at `mocks` where a dApp names Enoki's key, its providers' client
 * ids and the Sui node: the mock login service's key and client ids (the defaults of a
 * built-in build, src/config.ts), and the mock login service's Groth16 key. Redirect mode
 * (the default), back to this page's own address, registered as such. Back from the
 * provider, `returningConnect` names the wallet whose Connect left: once that wallet has
 * the account, the page finishes the connect silently and shows the address.
 */
const embeddedJs = (mocks: string) => `import { registerZkLoginWallets } from 'sui-zklogin-wallet/embedded';
import './verify.js';

const MOCKS = ${JSON.stringify(mocks)};
const provider = (name) => ({ clientId: \`built-in-\${name}-client\`, authUrl: \`\${MOCKS}/idp/\${name}/authorize\` });

const { wallets, returningConnect } = registerZkLoginWallets({
  apiKey: 'enoki_public_built_in_mock',
  providers: { google: provider('google'), facebook: provider('facebook'), twitch: provider('twitch') },
  network: 'testnet',
  redirectUrl: new URL('/embedded.html', location.origin).href,
  loginServiceUrl: \`\${MOCKS}/enoki\`,
  suiGraphQLUrl: \`\${MOCKS}/sui/graphql\`,
  zkLoginVerifyingKey: 'built-in',
});
document.querySelector('#status').textContent = 'wallets registered';
document.querySelector('#returning').textContent = returningConnect ?? 'none';

const wallet = wallets.find((candidate) => candidate.name === returningConnect);
if (wallet) {
  const finish = () =>
    wallet.features['standard:connect'].connect({ silent: true }).then(
      ({ accounts }) => (document.querySelector('#account').textContent = accounts[0]?.address ?? 'no account'),
      (error) => (document.querySelector('#account').textContent = 'connect failed: ' + error.message),
    );
  if (wallet.accounts.length > 0) void finish();
  else {
    const off = wallet.features['standard:events'].on('change', ({ accounts }) => {
      if (!accounts?.length) return;
      off();
      void finish();
    });
  }
}
`;

const EMBEDDED_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A fresh dApp, embedded</title>
  </head>
  <body>
    <main>
      <h1>A fresh dApp, with the wallet embedded</h1>
      <p id="status">starting</p>
      <p>Back from: <span id="returning"></span></p>
      <p>Connected: <span id="account"></span></p>
    </main>
    <script type="module" src="/embedded.js"></script>
  </body>
</html>
`;

/** Vite's multi-page build: both pages, one build. */
const VITE_CONFIG = `import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (name) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  build: { rolldownOptions: { input: { main: page('index.html'), embedded: page('embedded.html') } } },
});
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>A fresh dApp</title>
  </head>
  <body>
    <main>
      <h1>A fresh dApp</h1>
      <p id="status">starting</p>
    </main>
    <script type="module" src="/main.js"></script>
  </body>
</html>
`;

export interface FreshApp {
  url: string;
  stop: () => void;
}

/**
 * Packs, creates, installs, builds and serves the fresh app on `port` (127.0.0.1), its
 * embedded page using the built-in mocks at `mocks` (a wallet build's `/__mock`); `stop`
 * ends the server and removes the folder.
 */
export async function startFreshApp(port: number, mocks: string): Promise<FreshApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-dapp-'));
  let server: ChildProcess | undefined;
  const stop = () => {
    // The server runs in a process group of its own: the whole group goes, never a child left on the port.
    if (server?.pid && server.exitCode === null) process.kill(-server.pid);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('npm', ['pack', '-w', 'sui-zklogin-wallet', '--pack-destination', dir, '--silent'], REPO);
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error('fresh app: npm pack wrote no tarball');
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify(
        {
          name: 'fresh-dapp',
          private: true,
          type: 'module',
          dependencies: {
            'sui-zklogin-wallet': `file:./${tarball}`,
            '@mysten/sui': pinned('@mysten/sui'),
            '@mysten/wallet-standard': pinned('@mysten/wallet-standard'),
          },
          devDependencies: { vite: pinned('vite') },
        },
        null,
        2,
      ),
    );
    writeFileSync(join(dir, 'index.html'), INDEX_HTML);
    writeFileSync(join(dir, 'main.js'), MAIN_JS);
    writeFileSync(join(dir, 'embedded.html'), EMBEDDED_HTML);
    writeFileSync(join(dir, 'embedded.js'), embeddedJs(mocks));
    writeFileSync(join(dir, 'verify.js'), VERIFY_JS);
    writeFileSync(join(dir, 'vite.config.js'), VITE_CONFIG);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], dir);
    run('npx', ['vite', 'build', '--logLevel', 'warn'], dir);
    server = spawn(
      process.execPath,
      [join(dir, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: dir, stdio: 'ignore', detached: true },
    );
    const url = `http://127.0.0.1:${port}`;
    await waitUntilServed(url, server);
    return { url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Until the app's page answers; refused at once if its server has exited (the port taken, say). */
async function waitUntilServed(url: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`fresh app: its server exited (${server.exitCode}); is ${url} taken?`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fresh app: nothing answered at ${url}`);
}
