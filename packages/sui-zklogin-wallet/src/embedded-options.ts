/**
 * The embedded entry's options, checked and turned into the wallet's configuration (as far
 * as it does not depend on the page: config.ts's `pageConfig` resolves the rest). Options
 * that cannot work are refused at registration, each named, rather than failing later in
 * the visitor's sign-in. Hand-checked: a handful of fields, in the first load of every page
 * that registers the wallets.
 */
import {
  DEFAULT_AUTH_URLS,
  DEFAULT_ENOKI_API_URL,
  DEFAULT_SUI_FAUCET_URLS,
  DEFAULT_SUI_GRAPHQL_URLS,
  type ConfigTemplate,
} from './config.ts';
import { PROVIDERS, type Provider } from './core/providers.ts';
import type { EmbeddedWalletsOptions } from './embedded.ts';
import { isNetwork, NETWORKS } from './identity.ts';

/** Ours: the options a registration cannot work with, each said. */
export const invalidOptions = (problems: readonly string[]) =>
  `registerZkLoginWallets (sui-zklogin-wallet/embedded): ${problems.join('; ')}.`;

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** The verifying keys named by their name; any other string is a typo that would refuse every proof. */
const KEY_NAMES = ['prod', 'test', 'built-in'];

/**
 * @param pageOrigin the registering page's origin: the provider's answer must come back to it
 *   (the started sign-in and the popup's hand-off are kept on this origin)
 */
export function embeddedTemplate(options: EmbeddedWalletsOptions, pageOrigin: string): ConfigTemplate {
  const problems: string[] = [];
  const network = options.network ?? 'testnet';
  if (!isNetwork(network)) problems.push(`network must be one of ${NETWORKS.join(', ')} (got "${String(network)}")`);
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') problems.push('apiKey is required');
  const providers = options.providers ?? {};
  const offered = PROVIDERS.filter((provider) => providers[provider] !== undefined);
  if (offered.length === 0) problems.push(`providers must name at least one of ${PROVIDERS.join(', ')}, with its clientId`);
  for (const name of Object.keys(providers)) {
    if (!(PROVIDERS as readonly string[]).includes(name))
      problems.push(`providers.${name} is not a provider (${PROVIDERS.join(', ')})`);
  }
  for (const provider of offered) {
    const given: unknown = providers[provider];
    if (typeof given !== 'object' || given === null) {
      problems.push(`providers.${provider} must be { clientId }`);
      continue;
    }
    const { clientId, authUrl } = given as { clientId?: unknown; authUrl?: unknown };
    if (typeof clientId !== 'string' || clientId.trim() === '') problems.push(`providers.${provider}.clientId is required`);
    if (authUrl !== undefined && !isHttpUrl(authUrl)) problems.push(`providers.${provider}.authUrl must be an http(s) URL`);
  }
  const urls = {
    redirectUrl: options.redirectUrl,
    loginServiceUrl: options.loginServiceUrl,
    suiGraphQLUrl: options.suiGraphQLUrl,
  };
  for (const [name, url] of Object.entries(urls)) {
    if (url !== undefined && !isHttpUrl(url)) problems.push(`${name} must be an http(s) URL`);
  }
  if (isHttpUrl(options.redirectUrl)) {
    const redirect = new URL(options.redirectUrl);
    if (redirect.origin !== pageOrigin) problems.push(`redirectUrl must be on this page's origin (${pageOrigin})`);
    if (redirect.hash !== '' || options.redirectUrl.includes('#')) problems.push('redirectUrl must have no fragment');
  }
  const key = options.zkLoginVerifyingKey;
  if (typeof key === 'string' ? !KEY_NAMES.includes(key) : key !== undefined && (typeof key !== 'object' || key === null)) {
    problems.push(`zkLoginVerifyingKey must be ${KEY_NAMES.map((name) => `"${name}"`).join(', ')} or a verifying key`);
  }
  const scopes: unknown = options.extraScopes ?? [];
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && /^[\x21-\x7e]+$/.test(scope))) {
    problems.push('extraScopes must be a list of scope names (e.g. ["email"])');
  }
  const signInMode = options.signInMode ?? 'redirect';
  if (signInMode !== 'redirect' && signInMode !== 'popup') problems.push('signInMode must be "redirect" or "popup"');
  const additionalEpochs = options.additionalEpochs ?? 0;
  if (!Number.isInteger(additionalEpochs) || additionalEpochs < 0 || additionalEpochs > 30) {
    problems.push('additionalEpochs must be a whole number from 0 to 30');
  }
  const timeout = options.loginServiceTimeoutMs ?? 15_000;
  if (!Number.isInteger(timeout) || timeout < 1) problems.push('loginServiceTimeoutMs must be a whole number of milliseconds');
  if (problems.length > 0) throw new Error(invalidOptions(problems));

  const byProvider = <T>(value: (provider: Provider) => T) =>
    Object.fromEntries(PROVIDERS.map((provider) => [provider, value(provider)])) as Record<Provider, T>;
  const safeNetwork = isNetwork(network) ? network : 'testnet';
  return {
    builtIn: false,
    enokiApiUrl: trimSlashes(options.loginServiceUrl ?? DEFAULT_ENOKI_API_URL),
    enokiApiKey: options.apiKey,
    network: safeNetwork,
    clientIds: byProvider((provider) => providers[provider]?.clientId ?? ''),
    authUrls: byProvider((provider) => trimSlashes(providers[provider]?.authUrl ?? DEFAULT_AUTH_URLS[provider])),
    // The exact redirect URI, as registered with the provider: kept as written.
    redirectUrl: options.redirectUrl ?? null,
    signInMode,
    extraScopes: [...(options.extraScopes ?? [])],
    nativeKey: options.nativeKey ?? false,
    inspect: false,
    requestTimeoutMs: timeout,
    additionalEpochs,
    suiGraphqlUrl: options.suiGraphQLUrl ?? DEFAULT_SUI_GRAPHQL_URLS[safeNetwork],
    suiFaucetUrl: DEFAULT_SUI_FAUCET_URLS[safeNetwork],
    walletUrl: null,
    zkLoginVerifyingKey: options.zkLoginVerifyingKey ?? (safeNetwork === 'devnet' ? 'test' : 'prod'),
    sessionScope: 'tab',
  };
}
