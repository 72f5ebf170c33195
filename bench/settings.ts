/**
 * The benchmark's settings and fixed addresses, shared by its Playwright config (which
 * starts the servers) and by the measurements. Settings come from BENCH_* variables, set by
 * scripts/bench.sh from its command-line flags.
 */
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number, got "${process.env[name]}"`);
  return value;
};

export const SETTINGS = {
  /**
   * Alternating A/B journeys per app. 15, not 7: the click's ratio sits near its target
   * (0.58 against 0.6 over 25 runs of 3dd3b9a), and 7-run medians of those runs fell on
   * the wrong side of it about one time in four; 15 runs halve that chance (13% in the
   * same resampling), for a minute and a half more.
   */
  runs: number('BENCH_RUNS', 15),
  latencyMs: number('BENCH_LATENCY_MS', 100),
  proofDelayMs: number('BENCH_PROOF_DELAY_MS', 0),
  /** Alternating runs per app with the realistic prover. */
  proverRuns: number('BENCH_PROVER_RUNS', 3),
  cycles: number('BENCH_CYCLES', 1000),
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
  /** Serve every file with no-cache, as `vite preview` does, instead of a production host's rule (bench/static-server.ts). */
  revalidateAssets: process.env.BENCH_REVALIDATE_ASSETS === '1',
  /** Answer the providers' addresses with a redirect to the mock provider's own address, instead of its pages at theirs (bench/run.ts). */
  redirectProviders: process.env.BENCH_REDIRECT_PROVIDERS === '1',
};

export const PORTS = { mock: 5299, ours: 4273, peer: 4274, builtIn: 4275, hostedWallet: 4276, hostedDapp: 4277 };
export const KEY = 'enoki_public_bench';
export const MOCK = `http://127.0.0.1:${PORTS.mock}`;
const CLIENT_IDS = {
  VITE_GOOGLE_CLIENT_ID: 'bench-google',
  VITE_FACEBOOK_CLIENT_ID: 'bench-facebook',
  VITE_TWITCH_CLIENT_ID: 'bench-twitch',
};
/**
 * Both apps are built alike in real mode: a login-service key and URL (the standalone
 * mock server, another origin) and client ids, and no provider URL, so both send the
 * visitor to the real providers' addresses; the benchmark answers those the same way for
 * both (bench/run.ts).
 */
export const REAL_MODE_ENV = {
  VITE_ENOKI_API_KEY: KEY,
  VITE_ENOKI_API_URL: MOCK,
  // The mock login service proves under its own setup: the browser checks proofs under that key.
  VITE_ZKLOGIN_VERIFYING_KEY: 'built-in',
  ...CLIENT_IDS,
  // Ours also reads the balance once signed in: from the mock server's Sui node, not the unreachable testnet.
  VITE_SUI_GRAPHQL_URL: `${MOCK}/sui/graphql`,
  VITE_SUI_FAUCET_URL: `${MOCK}/sui/faucet`,
};
/**
 * The built-in build of the cycles: asked for by name (VITE_BUILT_IN=true), as `vite build`
 * requires, without a key; `vite preview` mounts the mocks in front of it from its marker.
 */
export const BUILT_IN_ENV = { VITE_ENOKI_API_KEY: '', VITE_BUILT_IN: 'true' };
/** The realistic prover's run: the real prover takes seconds. */
export const PROVER_DELAY_MS = 3000;
export const APPS = {
  ours: { url: `http://localhost:${PORTS.ours}/`, dist: 'dist-bench-ours' },
  peer: { url: `http://localhost:${PORTS.peer}/`, dist: 'dist-bench-peer' },
} as const;
export type App = keyof typeof APPS;
export const BUILT_IN_URL = `http://localhost:${PORTS.builtIn}/`;
/**
 * The hosted wallet's section: the example dApp (dapp.html) in both modes, on our real-mode
 * build. Embedded: the dApp page of ours' own build (no VITE_WALLET_URL), served with it.
 * Hosted: the dApp built again with VITE_WALLET_URL, on another site (127.0.0.1, not
 * localhost), and the wallet at the wallet's address: ours' build once more, served alike
 * on a port of its own, so the window is the app the other figures measure.
 */
export const HOSTED = {
  walletUrl: `http://localhost:${PORTS.hostedWallet}`,
  dappUrl: `http://127.0.0.1:${PORTS.hostedDapp}/dapp.html`,
  dappDist: 'dist-bench-hosted-dapp',
  embeddedDappUrl: `${APPS.ours.url}dapp.html`,
} as const;
/** The hosted dApp's build: real mode as the others, with the wallet's address. Only its page (vite.config.ts's otherPages). */
export const HOSTED_DAPP_ENV = { ...REAL_MODE_ENV, VITE_WALLET_URL: HOSTED.walletUrl, ZKLOGIN_PAGE_BUILD: 'dapp.html' };
/** The providers' real addresses, which both apps send the visitor to, and the mock provider's name for each. */
export const PROVIDER_HOSTS: Record<string, string> = {
  'accounts.google.com': 'google',
  'www.facebook.com': 'facebook',
  'id.twitch.tv': 'twitch',
};
