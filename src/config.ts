/**
 * Typed, validated configuration from the VITE_* variables: one valibot schema, read by
 * vite.config.ts and every Vite plugin (the mocks, the CSP), and by tests. The page never
 * runs it: it gets the result already checked, as the build's __SIGN_IN_CONFIG__ (main.tsx).
 *
 * One source of truth for settings: everything else receives `Settings` or `WalletConfig`.
 * Built-in mode is decided here only: it is on exactly when VITE_ENOKI_API_KEY is unset,
 * and then points the login service and the identity providers at the mocks mounted on
 * the page's origin. A build must ask for it (VITE_BUILT_IN=true): its mock identity
 * provider signs a token for anyone, so a build whose key was left out must not become one.
 */
import type { VerifyingKey } from 'sui-zklogin-wallet/verify';
import * as v from 'valibot';
import { PROVIDERS, type Provider } from '../packages/sui-zklogin-wallet/src/core/providers.ts';
// The verifier's own check of a key (what its prepareVerifyingKey runs), without the rest of
// the verifier (@mysten/sui): this module is loaded by every `vite` start. Never on the page
// (src/first-page.build.test.ts holds that).
import { preparedKey, ProofFormError } from '../packages/sui-zklogin-wallet/src/groth16.ts';
import {
  BUILT_IN_API_KEY,
  BUILT_IN_MOCK_PATH,
  DEFAULT_AUTH_URLS,
  DEFAULT_ENOKI_API_URL,
  DEFAULT_SUI_FAUCET_URLS,
  DEFAULT_SUI_GRAPHQL_URLS,
  pageConfig,
  SIGN_IN_MODES,
  type WalletConfig,
  type ConfigTemplate,
} from '../packages/sui-zklogin-wallet/src/config.ts';
import { NETWORKS } from '../packages/sui-zklogin-wallet/src/identity.ts';

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
    // The Groth16 key the browser checks the login service's proofs under (the package's zklogin/proof-check.ts).
    VITE_ZKLOGIN_VERIFYING_KEY: v.optional(
      v.pipe(
        v.string(),
        v.rawTransform(({ dataset, addIssue, NEVER }) => {
          const setting = verifyingKeySetting(dataset.value);
          if ('key' in setting) return setting.key;
          addIssue({
            message: (issue) =>
              setting.unusable ??
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
 * own setup: a real-mode build against `npm run mock-server`), or a key as JSON. A key is
 * checked in full, as the verifier prepares it (each point on its curve and in its group, each
 * coordinate canonical): one that is not would make every proof fail in the browser, with
 * nothing said at build time. `unusable` says what is wrong with a key of the right shape;
 * anything else has the wrong form.
 */
function verifyingKeySetting(value: string): { key: 'prod' | 'test' | 'built-in' | VerifyingKey } | { unusable?: string } {
  if (value === 'prod' || value === 'test' || value === 'built-in') return { key: value };
  let parsed;
  try {
    parsed = v.safeParse(verifyingKeySchema(), JSON.parse(value));
  } catch {
    return {};
  }
  if (!parsed.success) return {};
  try {
    preparedKey(parsed.output);
  } catch (error) {
    if (!(error instanceof ProofFormError)) throw error;
    return {
      unusable: `VITE_ZKLOGIN_VERIFYING_KEY is not a usable Groth16 verifying key: ${error.message} (each point must be on its curve and in its group, each coordinate a canonical decimal number).`,
    };
  }
  return { key: parsed.output };
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
 * Where each provider publishes its keys, as the browser's offline proof check reads them
 * (issuer-keys.ts: the issuer's `/.well-known/openid-configuration`, then its `jwks_uri`):
 * the exact addresses, not their origins, so that the page may reach nothing else there
 * (www.googleapis.com also hosts APIs a script could send data to). Google's discovery
 * document names https://www.googleapis.com/oauth2/v3/certs; Twitch's issuer
 * (https://id.twitch.tv/oauth2) names https://id.twitch.tv/oauth2/keys. Should a provider move
 * its keys, the check falls back to the Sui node (proof-check.ts). Facebook's are left out on
 * purpose: its discovery document and keys (www.facebook.com/.well-known/…) are reported to
 * send no CORS header (reference-facts.md says nothing either way), so no page can read them,
 * and the node's check of a signature made with the proof is the designed path there.
 */
const PROVIDER_KEY_ADDRESSES: Record<Provider, readonly string[]> = {
  google: ['https://accounts.google.com/.well-known/openid-configuration', 'https://www.googleapis.com/oauth2/v3/certs'],
  facebook: [],
  twitch: ['https://id.twitch.tv/oauth2/.well-known/openid-configuration', 'https://id.twitch.tv/oauth2/keys'],
};

/**
 * The addresses of the keys of the providers a real-mode page signs in with at their own
 * addresses (a client id, and the provider's own authorization origin): their tokens name
 * the real issuers. A provider sent elsewhere (a mock, a test provider) names its own issuer,
 * and built-in mode's mock providers live on the page's origin.
 */
function providerKeyAddresses(settings: Settings): string[] {
  const { builtIn, clientIds, authUrls } = configTemplate(settings);
  if (builtIn) return [];
  const atItsOwnAddress = (provider: Provider) =>
    new URL(authUrls[provider]).origin === new URL(DEFAULT_AUTH_URLS[provider]).origin;
  return PROVIDERS.filter((provider) => clientIds[provider] !== '' && atItsOwnAddress(provider)).flatMap(
    (provider) => PROVIDER_KEY_ADDRESSES[provider],
  );
}

/**
 * Where the built page may connect: the login service, the Sui node and the faucet, each
 * the configured origin or its default (built-in defaults are the page's own origin), and
 * in real mode the providers' published keys, for the proof check (providerKeyAddresses).
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
    ...providerKeyAddresses(settings),
  ];
  return [...new Set(sources)];
}

export type ConfigResult = { ok: true; config: WalletConfig } | { ok: false; errors: string[] };

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

/** The page's configuration from settings already checked (the build's template, resolved for the page). */
export const configFromSettings = (settings: Settings, pageUrl: string): WalletConfig =>
  pageConfig(configTemplate(settings), pageUrl);
