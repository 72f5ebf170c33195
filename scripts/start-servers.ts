/**
 * `npm start`: the app's dev server on http://localhost:5173, and beside it the example dApp
 * on a second origin, http://127.0.0.1:5174/dapp.html, which uses the app as its hosted
 * wallet (VITE_WALLET_URL, docs/hosted-wallet.md): the arrangement a real dApp has, on two
 * sites. The dApp reads the chain from the app's mock node, so both see one ledger.
 * Arguments go to the app's server (`npm start -- --host`); the dApp's keeps its own address.
 * Vite's own API, twice in one process, rather than a process manager: one Ctrl-C stops both.
 */
import { createServer } from 'vite';

const APP = 'http://localhost:5173';
const DAPP_HOST = '127.0.0.1';
const DAPP_PORT = 5174;

const host = process.argv.includes('--host') ? true : 'localhost';
const app = await createServer({ server: { port: 5173, strictPort: true, host } });
await app.listen();

// Read once, when the dApp's server resolves its configuration (the app's is resolved above).
const sameNode = !process.env.VITE_SUI_GRAPHQL_URL && !process.env.VITE_ENOKI_API_KEY;
Object.assign(process.env, {
  VITE_WALLET_URL: process.env.VITE_WALLET_URL || APP,
  ...(sameNode ? { VITE_SUI_GRAPHQL_URL: `${APP}/__mock/sui/graphql`, VITE_SUI_FAUCET_URL: `${APP}/__mock/sui/faucet` } : {}),
});
// A cache of its own: two servers that pre-bundle into one folder at once would race.
const dapp = await createServer({
  server: { port: DAPP_PORT, strictPort: true, host: DAPP_HOST },
  cacheDir: 'node_modules/.vite-dapp',
  clearScreen: false,
});
await dapp.listen();

app.printUrls();
console.log(`\n  The example dApp, on another origin, with this app as its wallet: http://${DAPP_HOST}:${DAPP_PORT}/dapp.html\n`);
