/**
 * Typed, validated configuration from the VITE_* variables: one valibot schema, read by
 * the page (main.tsx), by vite.config.ts and by every Vite plugin (the mocks, the CSP).
 *
 * One source of truth for settings: everything else receives `Settings` or `AppConfig`.
 * Built-in mode is decided here only: it is on exactly when VITE_ENOKI_API_KEY is unset,
 * and then points the login service and the identity providers at the mocks mounted on
 * the page's origin. A build must ask for it (VITE_BUILT_IN=true): its mock identity
 * provider signs a token for anyone, so a build whose key was left out must not become one.
 */
import type { VerifyingKey } from 'sui-zklogin-wallet/verify';
import * as v from 'valibot';
import { PROVIDERS, type Provider } from '../core/providers.ts';
import type { SignInMode } from '../core/sign-in.types.ts';

/** The real providers' authorization endpoints (reference-facts.md). */
export const DEFAULT_AUTH_URLS: Record<Provider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
  twitch: 'https://id.twitch.tv/oauth2/authorize',
};

export const NETWORKS = ['mainnet', 'testnet', 'devnet'] as const;
export const SIGN_IN_MODES = ['redirect', 'popup'] as const satisfies readonly SignInMode[];
export type SuiNetwork = (typeof NETWORKS)[number];

export const DEFAULT_ENOKI_API_URL = 'https://api.enoki.mystenlabs.com';
/** The public Sui GraphQL endpoints, by network (reference-facts.md). */
export const DEFAULT_SUI_GRAPHQL_URLS: Record<SuiNetwork, string> = {
  mainnet: 'https://graphql.mainnet.sui.io/graphql',
  testnet: 'https://graphql.testnet.sui.io/graphql',
  devnet: 'https://graphql.devnet.sui.io/graphql',
};
/** The public faucets; mainnet has none, so "Get test SUI" is not offered there. */
export const DEFAULT_SUI_FAUCET_URLS: Record<SuiNetwork, string | null> = {
  mainnet: null,
  testnet: 'https://faucet.testnet.sui.io',
  devnet: 'https://faucet.devnet.sui.io',
};
/** Where the built-in mocks are mounted on the dev/preview server (see mocks/vite-plugin.ts). */
export const BUILT_IN_MOCK_PATH = '/__mock';
/** The public application key of the built-in mock login service. */
export const BUILT_IN_API_KEY = 'enoki_public_built_in_mock';

const got = (issue: { input: unknown }) => `got "${String(issue.input)}"`;

const httpUrl = (name: string) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => {
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      (issue) => `${name} must be an http(s) URL, ${got(issue)}.`,
    ),
  );

/** Keys and client ids: printable, without spaces or quotes (a paste that went wrong). */
const token = (name: string, what: string) =>
  v.pipe(
    v.string(),
    v.regex(/^[^\s"'`]+$/, (issue) => `${name} must be ${what} without spaces or quotes, ${got(issue)}.`),
  );

const flag = (name: string) =>
  v.pipe(
    v.string(),
    v.toLowerCase(),
    v.picklist(['true', 'false', '1', '0'], (issue) => `${name} must be "true" or "false", ${got(issue)}.`),
    v.transform((value) => value === 'true' || value === '1'),
  );

/** A whole number from `min` to `max`, in `unit`: one message for any way it is wrong. */
const wholeNumber = (name: string, min: number, max: number, unit: string) => {
  const message = (issue: v.BaseIssue<unknown>) =>
    `${name} must be a whole number of ${unit} from ${min} to ${max}, ${got(issue)}.`;
  return v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max, message));
};

const providerSettings = (provider: Provider) => {
  const upper = provider.toUpperCase();
  return {
    [`VITE_${upper}_CLIENT_ID`]: v.optional(token(`VITE_${upper}_CLIENT_ID`, 'a client id')),
    [`VITE_${upper}_AUTH_URL`]: v.optional(httpUrl(`VITE_${upper}_AUTH_URL`)),
  };
};

/** Every setting the app reads, and the form each must have. */
const settingsEntries = () =>
  v.object({
    VITE_ENOKI_API_KEY: v.optional(token('VITE_ENOKI_API_KEY', 'an application key')),
    VITE_BUILT_IN: v.optional(flag('VITE_BUILT_IN')),
    VITE_ENOKI_API_URL: v.optional(httpUrl('VITE_ENOKI_API_URL')),
    VITE_SUI_NETWORK: v.optional(
      v.picklist(NETWORKS, (issue) => `VITE_SUI_NETWORK must be one of ${NETWORKS.join(', ')}, ${got(issue)}.`),
    ),
    ...providerSettings('google'),
    ...providerSettings('facebook'),
    ...providerSettings('twitch'),
    VITE_REDIRECT_URL: v.optional(httpUrl('VITE_REDIRECT_URL')),
    VITE_SIGN_IN_MODE: v.optional(
      v.picklist(SIGN_IN_MODES, (issue) => `VITE_SIGN_IN_MODE must be one of ${SIGN_IN_MODES.join(', ')}, ${got(issue)}.`),
    ),
    VITE_SUI_GRAPHQL_URL: v.optional(httpUrl('VITE_SUI_GRAPHQL_URL')),
    VITE_SUI_FAUCET_URL: v.optional(httpUrl('VITE_SUI_FAUCET_URL')),
    VITE_EXTRA_SCOPES: v.optional(
      v.pipe(
        v.string(),
        // RFC 6749 3.3: a scope token is printable ASCII without '"' or '\'.
        v.regex(
          /^[\x21\x23-\x5b\x5d-\x7e\s,]+$/,
          (issue) => `VITE_EXTRA_SCOPES must be scope names separated by spaces, ${got(issue)}.`,
        ),
        v.transform((value) => value.split(/[\s,]+/).filter(Boolean)),
      ),
    ),
    VITE_NATIVE_KEY: v.optional(flag('VITE_NATIVE_KEY')),
    VITE_INSPECT: v.optional(flag('VITE_INSPECT')),
    VITE_LOGIN_SERVICE_TIMEOUT_MS: v.optional(wholeNumber('VITE_LOGIN_SERVICE_TIMEOUT_MS', 100, 120_000, 'milliseconds')),
    // Epochs a session lasts beyond what the login service gives (Enoki's own wallets send 0 to 30).
    VITE_ADDITIONAL_EPOCHS: v.optional(wholeNumber('VITE_ADDITIONAL_EPOCHS', 0, 30, 'epochs')),
    // The hosted wallet the example dApp (dapp.html) uses through its window; unset, it embeds the wallet.
    VITE_WALLET_URL: v.optional(httpUrl('VITE_WALLET_URL')),
    // The Groth16 key the browser checks the login service's proofs under (src/zklogin/proof-check.ts).
    VITE_ZKLOGIN_VERIFYING_KEY: v.optional(
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const key = verifyingKeySetting(dataset.value);
          if (key !== null) return key;
          addIssue({
            message: (issue) =>
              `VITE_ZKLOGIN_VERIFYING_KEY must be prod, test, built-in, or a Groth16 verifying key as JSON (the shape of verifying-keys.json's entries), ${got(issue)}.`,
          });
          return NEVER;
        }),
      ),
    ),
  });

/** A verifying key's shape, as verifying-keys.json's entries have it (made when a setting is read, never on the page). */
function verifyingKeySchema() {
  const pair = v.tuple([v.string(), v.string()]);
  const g2 = v.tuple([pair, pair]);
  return v.object({
    alpha_g1: pair,
    beta_g2: g2,
    gamma_g2: g2,
    delta_g2: g2,
    ic_g1: v.tuple([pair, pair]),
    note: v.optional(v.string()),
  });
}

/**
 * VITE_ZKLOGIN_VERIFYING_KEY's value: `prod`, `test`, `built-in` (the mock login service's
 * own setup: a real-mode build against `npm run mock-server`), or a key as JSON; null for
 * anything else.
 */
function verifyingKeySetting(value: string): 'prod' | 'test' | 'built-in' | VerifyingKey | null {
  if (value === 'prod' || value === 'test' || value === 'built-in') return value;
  try {
    const parsed = v.safeParse(verifyingKeySchema(), JSON.parse(value));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** A key and VITE_BUILT_IN=true contradict each other, wherever they are read. */
export const BUILT_IN_WITH_KEY =
  'VITE_BUILT_IN=true asks for built-in mode, which uses no application key, but VITE_ENOKI_API_KEY is set: unset one of them.';
/** `vite build` with neither: the dev server is built-in without a key, a build only when asked. */
export const BUILD_WITHOUT_KEY =
  'VITE_ENOKI_API_KEY is unset (or blank), so `vite build` would make a built-in build, whose mock identity provider signs a token for any client id: set VITE_ENOKI_API_KEY for a real-mode build, or VITE_BUILT_IN=true to build the built-in demo on purpose.';

const MODE_SETTINGS = [['VITE_ENOKI_API_KEY'], ['VITE_BUILT_IN']] as const;

/**
 * Every setting the app reads, the form each must have, and the rules between them. Made
 * on demand (by the build, the dev server and tests): the page gets its settings already
 * checked, so none of this is evaluated there. `build`: the settings of `vite build`,
 * which must say which mode it makes.
 */
export const settingsSchema = (options: { build?: boolean } = {}) =>
  v.pipe(
    settingsEntries(),
    // Checked once these two are well formed, whatever else is wrong: every line at once.
    v.partialCheck(MODE_SETTINGS, (input) => !(input.VITE_BUILT_IN && input.VITE_ENOKI_API_KEY !== undefined), BUILT_IN_WITH_KEY),
    v.partialCheck(
      MODE_SETTINGS,
      (input) => !options.build || input.VITE_ENOKI_API_KEY !== undefined || input.VITE_BUILT_IN === true,
      BUILD_WITHOUT_KEY,
    ),
  );

export type Settings = v.InferOutput<ReturnType<typeof settingsSchema>>;
type Env = Record<string, string | boolean | undefined>;
export type SettingsResult = { ok: true; settings: Settings } | { ok: false; errors: string[] };

/**
 * Reads the VITE_* variables; a blank value counts as unset. One message per bad setting.
 * `build`: for `vite build`, which refuses to make a built-in build it was not asked for.
 */
export function readSettings(env: Env, options: { build?: boolean } = {}): SettingsResult {
  const schema = settingsSchema(options);
  const present = Object.fromEntries(
    Object.keys(schema.entries)
      .map((name) => [name, env[name]] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')
      .map(([name, value]) => [name, value.trim()]),
  );
  const result = v.safeParse(schema, present);
  if (result.success) return { ok: true, settings: result.output };
  return { ok: false, errors: result.issues.map((issue) => issue.message) };
}

/** The application key: the configured one, or the built-in mock's. */
export const appKeyOf = (settings: Settings) => settings.VITE_ENOKI_API_KEY ?? BUILT_IN_API_KEY;

/** The one place that decides built-in mode. */
export const isBuiltIn = (settings: Settings) => settings.VITE_ENOKI_API_KEY === undefined;

/**
 * Where the built page may connect: the login service, the Sui node and the faucet, each
 * the configured origin or its default (built-in defaults are the page's own origin).
 */
export function connectSources(settings: Settings): string[] {
  const builtIn = isBuiltIn(settings);
  const network = settings.VITE_SUI_NETWORK ?? 'testnet';
  const origin = (configured: string | undefined, realDefault: string | null) => {
    const url = configured ?? (builtIn ? null : realDefault);
    return url === null ? "'self'" : new URL(url).origin;
  };
  const faucet = network === 'mainnet' ? [] : [origin(settings.VITE_SUI_FAUCET_URL, DEFAULT_SUI_FAUCET_URLS[network])];
  const sources = [
    origin(settings.VITE_ENOKI_API_URL, DEFAULT_ENOKI_API_URL),
    origin(settings.VITE_SUI_GRAPHQL_URL, DEFAULT_SUI_GRAPHQL_URLS[network]),
    ...faucet,
  ];
  return [...new Set(sources)];
}

export interface AppConfig {
  builtIn: boolean;
  enokiApiUrl: string;
  enokiApiKey: string;
  network: SuiNetwork;
  clientIds: Record<Provider, string>;
  authUrls: Record<Provider, string>;
  redirectUrl: string;
  /** redirect (the default): this page goes to the provider; popup: a window opens for it. */
  signInMode: SignInMode;
  extraScopes: string[];
  nativeKey: boolean;
  inspect: boolean;
  /** How long one login-service request may take. */
  requestTimeoutMs: number;
  /** Epochs added to a session's life, sent as `additionalEpochs` with every nonce request (0 to 30). */
  additionalEpochs: number;
  /** The Sui node's GraphQL endpoint. */
  suiGraphqlUrl: string;
  /** The faucet host for testnet and devnet; null on mainnet, where there is none. */
  suiFaucetUrl: string | null;
  /** The hosted wallet the example dApp uses through its window (docs/hosted-wallet.md); null: it embeds the wallet. */
  walletUrl: string | null;
  /**
   * The Groth16 key the login service's proofs are checked under before they are stored:
   * `prod` (mainnet and testnet), `test` (devnet), `built-in` (the mock login service's own
   * setup), or a key object (a test login service's).
   */
  zkLoginVerifyingKey: 'prod' | 'test' | 'built-in' | VerifyingKey;
  /**
   * Where the session is kept: `tab` (the spec's: this tab's sessionStorage), or `browser`
   * (localStorage: the hosted wallet's window, whose account serves every dApp and window).
   * A page's own choice, never a setting.
   */
  sessionScope: SessionScope;
}

export type SessionScope = 'tab' | 'browser';

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; errors: string[] };

/**
 * The page's configuration: the settings, with defaults that depend on the page.
 * @param env `import.meta.env` or any record of the same names
 * @param pageUrl the page's own URL, for the default redirect URL and built-in mock URLs
 */
export function parseConfig(env: Env, pageUrl: string): ConfigResult {
  const read = readSettings(env);
  if (!read.ok) return read;
  return { ok: true, config: configFromSettings(read.settings, pageUrl) };
}

/**
 * The page's configuration, as far as the build can know it: every default resolved but
 * the two that depend on where the page is served. A URL that starts with '/' (only the
 * built-in mocks' defaults: a configured URL is always absolute) is on the page's own
 * origin, and a null `redirectUrl` is the page's own address. Made at build time
 * (vite.config.ts hands it to the page as `__SIGN_IN_CONFIG__`), so that the defaults'
 * tables and their rules stay off the first page.
 */
export interface ConfigTemplate extends Omit<AppConfig, 'redirectUrl'> {
  redirectUrl: string | null;
}

export function configTemplate(settings: Settings): ConfigTemplate {
  const builtIn = isBuiltIn(settings);
  const trimSlashes = (url: string) => url.replace(/\/+$/, '');
  const setting = (name: string) => (settings as Record<string, string | undefined>)[name];
  const network = settings.VITE_SUI_NETWORK ?? 'testnet';

  const clientIds = {} as Record<Provider, string>;
  const authUrls = {} as Record<Provider, string>;
  for (const provider of PROVIDERS) {
    const upper = provider.toUpperCase();
    clientIds[provider] = setting(`VITE_${upper}_CLIENT_ID`) ?? (builtIn ? `built-in-${provider}-client` : '');
    const defaultAuthUrl = builtIn ? `${BUILT_IN_MOCK_PATH}/idp/${provider}/authorize` : DEFAULT_AUTH_URLS[provider];
    authUrls[provider] = trimSlashes(setting(`VITE_${upper}_AUTH_URL`) ?? defaultAuthUrl);
  }

  return {
    builtIn,
    enokiApiUrl: trimSlashes(settings.VITE_ENOKI_API_URL ?? (builtIn ? `${BUILT_IN_MOCK_PATH}/enoki` : DEFAULT_ENOKI_API_URL)),
    enokiApiKey: appKeyOf(settings),
    network,
    clientIds,
    authUrls,
    // The exact redirect URI, as registered with the provider: kept as written.
    redirectUrl: settings.VITE_REDIRECT_URL ?? null,
    signInMode: settings.VITE_SIGN_IN_MODE ?? 'redirect',
    extraScopes: settings.VITE_EXTRA_SCOPES ?? [],
    nativeKey: settings.VITE_NATIVE_KEY ?? false,
    inspect: settings.VITE_INSPECT ?? false,
    requestTimeoutMs: settings.VITE_LOGIN_SERVICE_TIMEOUT_MS ?? 15_000,
    additionalEpochs: settings.VITE_ADDITIONAL_EPOCHS ?? 0,
    suiGraphqlUrl:
      settings.VITE_SUI_GRAPHQL_URL ?? (builtIn ? `${BUILT_IN_MOCK_PATH}/sui/graphql` : DEFAULT_SUI_GRAPHQL_URLS[network]),
    suiFaucetUrl:
      network === 'mainnet'
        ? null
        : trimSlashes(
            settings.VITE_SUI_FAUCET_URL ?? (builtIn ? `${BUILT_IN_MOCK_PATH}/sui/faucet` : DEFAULT_SUI_FAUCET_URLS[network]!),
          ),
    walletUrl: settings.VITE_WALLET_URL ?? null,
    zkLoginVerifyingKey: settings.VITE_ZKLOGIN_VERIFYING_KEY ?? (builtIn ? 'built-in' : network === 'devnet' ? 'test' : 'prod'),
    sessionScope: 'tab',
  };
}

/** The configuration of the page at `pageUrl`, from the build's template (the page's own code). */
export function pageConfig(template: ConfigTemplate, pageUrl: string): AppConfig {
  const page = new URL(pageUrl);
  const onPage = (url: string) => (url.startsWith('/') ? page.origin + url : url);
  return {
    ...template,
    enokiApiUrl: onPage(template.enokiApiUrl),
    authUrls: Object.fromEntries(Object.entries(template.authUrls).map(([provider, url]) => [provider, onPage(url)])) as Record<
      Provider,
      string
    >,
    redirectUrl: template.redirectUrl ?? `${page.origin}${page.pathname}${page.search}`,
    suiGraphqlUrl: onPage(template.suiGraphqlUrl),
    suiFaucetUrl: template.suiFaucetUrl && onPage(template.suiFaucetUrl),
  };
}

/** The page's configuration from settings already checked (the build's template, resolved for the page). */
export const configFromSettings = (settings: Settings, pageUrl: string): AppConfig =>
  pageConfig(configTemplate(settings), pageUrl);

/** The providers that can be offered: in real mode, only those with a client id. */
export function availableProviders(config: AppConfig): Provider[] {
  return PROVIDERS.filter((provider) => config.clientIds[provider] !== '');
}
