/**
 * The wallet's configuration at run time (`WalletConfig`): what the sign-in machine's
 * operations read. The app makes it from its build's settings (src/config.ts reads the
 * VITE_* variables); the embedded entry makes it from the options a dApp passes.
 */
import type { VerifyingKey } from './verify.ts';
import { PROVIDERS, type Provider } from './core/providers.ts';
import type { Network } from './identity.ts';
import type { SignInMode } from './core/sign-in.types.ts';

/** The real providers' authorization endpoints (reference-facts.md). */
export const DEFAULT_AUTH_URLS: Record<Provider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
  twitch: 'https://id.twitch.tv/oauth2/authorize',
};

export const SIGN_IN_MODES = ['redirect', 'popup'] as const satisfies readonly SignInMode[];

export const DEFAULT_ENOKI_API_URL = 'https://api.enoki.mystenlabs.com';
/** The public Sui GraphQL endpoints, by network (reference-facts.md). */
export const DEFAULT_SUI_GRAPHQL_URLS: Record<Network, string> = {
  mainnet: 'https://graphql.mainnet.sui.io/graphql',
  testnet: 'https://graphql.testnet.sui.io/graphql',
  devnet: 'https://graphql.devnet.sui.io/graphql',
};
/** The public faucets; mainnet has none, so "Get test SUI" is not offered there. */
export const DEFAULT_SUI_FAUCET_URLS: Record<Network, string | null> = {
  mainnet: null,
  testnet: 'https://faucet.testnet.sui.io',
  devnet: 'https://faucet.devnet.sui.io',
};
/** Where the built-in mocks are mounted on the dev/preview server (see mocks/vite-plugin.ts). */
export const BUILT_IN_MOCK_PATH = '/__mock';
/** The public application key of the built-in mock login service. */
export const BUILT_IN_API_KEY = 'enoki_public_built_in_mock';

export interface WalletConfig {
  builtIn: boolean;
  enokiApiUrl: string;
  enokiApiKey: string;
  network: Network;
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
  /**
   * This page never goes to the provider itself: a blocked sign-in window is said, and the
   * visitor tries again, rather than this page leaving (the hosted wallet's window, whose link
   * to the dApp would go with it). A page's own choice, never a setting; default false.
   */
  pageStays?: boolean;
}

export type SessionScope = 'tab' | 'browser';

/**
 * The page's configuration, as far as the build can know it: every default resolved but
 * the two that depend on where the page is served. A URL that starts with '/' (only the
 * built-in mocks' defaults: a configured URL is always absolute) is on the page's own
 * origin, and a null `redirectUrl` is the page's own address. Made at build time
 * (the app's build hands it to its pages; the embedded entry makes one from a dApp's options), so that the defaults'
 * tables and their rules stay off the first page.
 */
export interface ConfigTemplate extends Omit<WalletConfig, 'redirectUrl'> {
  redirectUrl: string | null;
}

/** The configuration of the page at `pageUrl`, from the build's template (the page's own code). */
export function pageConfig(template: ConfigTemplate, pageUrl: string): WalletConfig {
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

/** The providers that can be offered: in real mode, only those with a client id. */
export function availableProviders(config: WalletConfig): Provider[] {
  return PROVIDERS.filter((provider) => config.clientIds[provider] !== '');
}
