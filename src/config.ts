/**
 * Typed, validated configuration from the VITE_* variables.
 *
 * One source of truth for settings: everything else receives an `AppConfig`.
 * Built-in mode is on exactly when VITE_ENOKI_API_KEY is unset; it then points the
 * login service and the identity providers at the mocks mounted on the page's origin.
 */
import { PROVIDERS, type Provider } from '../machines/providers.ts';

/** The real providers' authorization endpoints (reference-facts.md). */
export const DEFAULT_AUTH_URLS: Record<Provider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
  twitch: 'https://id.twitch.tv/oauth2/authorize',
};

export type SuiNetwork = 'mainnet' | 'testnet' | 'devnet';
const NETWORKS: readonly SuiNetwork[] = ['mainnet', 'testnet', 'devnet'];

export const DEFAULT_ENOKI_API_URL = 'https://api.enoki.mystenlabs.com';
/** Where the built-in mocks are mounted on the dev/preview server (see mocks/vite-plugin.ts). */
export const BUILT_IN_MOCK_PATH = '/__mock';
/** The public application key of the built-in mock login service. */
export const BUILT_IN_API_KEY = 'enoki_public_built_in_mock';

export interface AppConfig {
  builtIn: boolean;
  enokiApiUrl: string;
  enokiApiKey: string;
  network: SuiNetwork;
  clientIds: Record<Provider, string>;
  authUrls: Record<Provider, string>;
  redirectUrl: string;
  extraScopes: string[];
  nativeKey: boolean;
  inspect: boolean;
  /** How long one login-service request may take. */
  requestTimeoutMs: number;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; errors: string[] };

type Env = Record<string, string | boolean | undefined>;

const text = (env: Env, name: string): string | undefined => {
  const value = env[name];
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * Reads and checks the configuration.
 * @param env `import.meta.env` or any record of the same names
 * @param pageUrl the page's own URL, for the default redirect URL and built-in mock URLs
 */
export function parseConfig(env: Env, pageUrl: string): ConfigResult {
  const errors: string[] = [];
  const page = new URL(pageUrl);
  const apiKey = text(env, 'VITE_ENOKI_API_KEY');
  const builtIn = apiKey === undefined;
  const mockBase = `${page.origin}${BUILT_IN_MOCK_PATH}`;

  /** An http(s) URL; `trim` drops trailing slashes (base URLs, not the exact redirect URL). */
  const url = (name: string, fallback: string, trim = true): string => {
    const value = text(env, name) ?? fallback;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
      return trim ? value.replace(/\/+$/, '') : value;
    } catch {
      errors.push(`${name} must be an http(s) URL, got "${value}".`);
      return fallback;
    }
  };
  const flag = (name: string): boolean => {
    const value = text(env, name)?.toLowerCase();
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === 'true' || value === '1') return true;
    errors.push(`${name} must be "true" or "false", got "${value}".`);
    return false;
  };

  const timeoutText = text(env, 'VITE_LOGIN_SERVICE_TIMEOUT_MS') ?? '15000';
  const requestTimeoutMs = Number(timeoutText);
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 100 || requestTimeoutMs > 120_000) {
    errors.push(`VITE_LOGIN_SERVICE_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, got "${timeoutText}".`);
  }

  const network = (text(env, 'VITE_SUI_NETWORK') ?? 'testnet') as SuiNetwork;
  if (!NETWORKS.includes(network)) {
    errors.push(`VITE_SUI_NETWORK must be one of ${NETWORKS.join(', ')}, got "${network}".`);
  }

  const clientIds = {} as Record<Provider, string>;
  const authUrls = {} as Record<Provider, string>;
  for (const provider of PROVIDERS) {
    const upper = provider.toUpperCase();
    clientIds[provider] = text(env, `VITE_${upper}_CLIENT_ID`) ?? (builtIn ? `built-in-${provider}-client` : '');
    const defaultAuthUrl = builtIn ? `${mockBase}/idp/${provider}/authorize` : DEFAULT_AUTH_URLS[provider];
    authUrls[provider] = url(`VITE_${upper}_AUTH_URL`, defaultAuthUrl);
  }

  const config: AppConfig = {
    builtIn,
    enokiApiUrl: url('VITE_ENOKI_API_URL', builtIn ? `${mockBase}/enoki` : DEFAULT_ENOKI_API_URL),
    enokiApiKey: apiKey ?? BUILT_IN_API_KEY,
    network,
    clientIds,
    authUrls,
    redirectUrl: url('VITE_REDIRECT_URL', `${page.origin}${page.pathname}${page.search}`, false),
    extraScopes: (text(env, 'VITE_EXTRA_SCOPES') ?? '').split(/[\s,]+/).filter(Boolean),
    nativeKey: flag('VITE_NATIVE_KEY'),
    inspect: flag('VITE_INSPECT'),
    requestTimeoutMs,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}

/** The providers that can be offered: in real mode, only those with a client id. */
export function availableProviders(config: AppConfig): Provider[] {
  return PROVIDERS.filter((provider) => config.clientIds[provider] !== '');
}
