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
  runs: number('BENCH_RUNS', 7),
  latencyMs: number('BENCH_LATENCY_MS', 100),
  proofDelayMs: number('BENCH_PROOF_DELAY_MS', 0),
  cycles: number('BENCH_CYCLES', 1000),
  skipBuild: process.env.BENCH_SKIP_BUILD === '1',
};

export const PORTS = { mock: 5299, ours: 4273, peer: 4274, builtIn: 4275 };
export const KEY = 'enoki_public_bench';
export const MOCK = `http://127.0.0.1:${PORTS.mock}`;
const CLIENT_IDS = {
  VITE_GOOGLE_CLIENT_ID: 'bench-google',
  VITE_FACEBOOK_CLIENT_ID: 'bench-facebook',
  VITE_TWITCH_CLIENT_ID: 'bench-twitch',
};
export const SERVICE_ENV = { VITE_ENOKI_API_KEY: KEY, VITE_ENOKI_API_URL: MOCK, ...CLIENT_IDS };
export const OURS_ENV = {
  ...SERVICE_ENV,
  VITE_GOOGLE_AUTH_URL: `${MOCK}/idp/google/authorize`,
  VITE_FACEBOOK_AUTH_URL: `${MOCK}/idp/facebook/authorize`,
  VITE_TWITCH_AUTH_URL: `${MOCK}/idp/twitch/authorize`,
};
export const APPS = {
  ours: { url: `http://localhost:${PORTS.ours}/`, dist: 'dist-bench-ours' },
  peer: { url: `http://localhost:${PORTS.peer}/`, dist: 'dist-bench-peer' },
} as const;
export type App = keyof typeof APPS;
export const BUILT_IN_URL = `http://localhost:${PORTS.builtIn}/`;
