/**
 * A dApp made the way a developer outside this repository makes one (issue 44): the package
 * packed with `npm pack -w sui-zklogin-wallet`, a new Vite app in a temporary folder outside
 * the repository, the tarball installed there from its file (no path alias, no workspace
 * link), with the package's peers from the registry, built by that app's own Vite, and
 * served by its `vite preview`. The app's page is a few lines: it registers the hosted
 * wallets, and a page script drives them through the Wallet Standard
 * (wallet-protocol.ts's installDapp), as in the hosted journeys.
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
 * The page: the three lines a dApp adds, with the wallet's address from the query (the
 * test's); and the package's verifier, loaded when first used, to check a signature in the
 * browser (under built-in mode's key: the wallet's login service is the mock one).
 */
const MAIN_JS = `import { registerZkLoginWallets } from 'sui-zklogin-wallet';

const walletUrl = new URLSearchParams(location.search).get('wallet');
registerZkLoginWallets({ walletUrl, network: 'testnet' });
document.querySelector('#status').textContent = 'wallets registered';

window.verifySignature = async ({ message, ...options }) => {
  const { verifyZkLoginSignature, BUILT_IN_VERIFYING_KEY } = await import('sui-zklogin-wallet/verify');
  const personalMessage = new TextEncoder().encode(message);
  return verifyZkLoginSignature({ ...options, personalMessage, verifyingKey: BUILT_IN_VERIFYING_KEY }).then(
    ({ address }) => address,
    (error) => 'refused: ' + error.code,
  );
};
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

/** Packs, creates, installs, builds and serves the fresh app on `port` (127.0.0.1); `stop` ends the server and removes the folder. */
export async function startFreshApp(port: number): Promise<FreshApp> {
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
