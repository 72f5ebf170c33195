/**
 * The package's embedded entry: the zkLogin wallet in the dApp's own page, configured at run
 * time. `registerZkLoginWallets({ apiKey, providers, network })` registers one Wallet
 * Standard wallet per provider given ("Sign in with Google", …); the sign-in, the session,
 * the key and the approval dialog all live in this page. `zkLoginWalletsInitializer(options)`
 * does the same for dapp-kit's `walletInitializers`.
 *
 * Every script of the page can use the account it holds (the package's README says so
 * first): the hosted entry (`sui-zklogin-wallet`) keeps the account on the wallet's own
 * origin instead. Every signing request is shown to the visitor in the wallet's dialog and
 * waits for "Approve"; `enoki:getSession` answers only a site that connected with the
 * visitor's gesture; an interactive connect needs one.
 *
 * Only a page's sign-in window coming back from the provider (popup mode) is touched at
 * registration: it hands its answer on, and registers nothing. A fragment that is not a
 * sign-in answer (`#section-2`, `#/route`) is left alone.
 *
 * @module sui-zklogin-wallet/embedded
 */
import type { Wallet } from '@mysten/wallet-standard';
import { announceWallets, NEEDS_A_BROWSER } from './announce.ts';
import { pageConfig, type WalletConfig } from './config.ts';
import { PROVIDERS, type Provider } from './core/providers.ts';
import type { SignInMode } from './core/sign-in.types.ts';
import type { Network } from './identity.ts';
import { initializerOf } from './initializer.ts';
import { whenIdle } from './lazy-module.ts';
import { popupFlowOf } from './runtime/popup-handoff.ts';
import type { VerifyingKey } from './verify.ts';
import { isCallbackFragment } from './zklogin/callback-fragment.ts';
import { storageKeys } from './storage/keys.ts';
import { signInStored } from './storage/stored.ts';
import type { EmbeddedEngine } from './wallet/embedded-engine.ts';
import { EmbeddedZkLoginWallet, type EngineSource } from './wallet/lazy-wallet.ts';
import { takeReturningConnect } from './wallet/returning-connect.ts';
import { ENGINE_NOT_LOADED, WALLETS_REMOVED } from './wallet/wallet-refusals.ts';
import { embeddedTemplate } from './embedded-options.ts';

export { NEEDS_A_BROWSER };
export type { WalletInitializerArgs } from './initializer.ts';
export type { Network, Provider, SignInMode, VerifyingKey };

/** A provider the wallets offer: the client id registered with it, and (for tests, or another endpoint) its authorization URL. */
export interface ProviderOptions {
  /** The OAuth client id of this dApp at the provider; its redirect URI must be `redirectUrl`. */
  clientId: string;
  /** The provider's authorization endpoint (default: the provider's own). */
  authUrl?: string;
}

/** The options of {@link registerZkLoginWallets}. */
export interface EmbeddedWalletsOptions {
  /** The login service's public API key (Enoki: `enoki_public_…`). */
  apiKey: string;
  /** The providers to offer, each with its client id: one wallet each, in the order google, facebook, twitch. */
  providers: Partial<Record<Provider, ProviderOptions>>;
  /** The network the wallets sign on: `testnet` (the default), `mainnet` or `devnet`. */
  network?: Network;
  /** Where the provider sends the visitor back, as registered with it (default: this page's address, without its fragment). */
  redirectUrl?: string;
  /** `redirect` (the default: this page goes to the provider and back) or `popup` (a window opens for it). */
  signInMode?: SignInMode;
  /** Epochs added to each session's life (0 to 30; default 0): about a day each on mainnet and testnet. */
  additionalEpochs?: number;
  /** The login service's base URL (default: Enoki's, `https://api.enoki.mystenlabs.com`). */
  loginServiceUrl?: string;
  /** The Sui GraphQL endpoint (default: the network's public one). */
  suiGraphQLUrl?: string;
  /**
   * Whether the visitor is asked before a personal message is signed (default: true).
   * `false` signs any page script's message without a word to the visitor. Transactions are
   * always put to the visitor.
   */
  confirmPersonalMessages?: boolean;
  /**
   * The Groth16 key the login service's proofs are checked under before they are kept
   * (default: `prod` on mainnet and testnet, `test` on devnet); `built-in` is the mock login service's of
   * this package's repository, for tests.
   */
  zkLoginVerifyingKey?: 'prod' | 'test' | 'built-in' | VerifyingKey;
  /** Keeps the session key as a non-extractable WebCrypto key (P-256) instead of an Ed25519 key sealed in storage (default: false). */
  nativeKey?: boolean;
  /** Scopes asked of the provider besides `openid` (e.g. `email`). */
  extraScopes?: readonly string[];
  /** How long one login-service request may take, in milliseconds (default: 15,000). */
  loginServiceTimeoutMs?: number;
}

/** What {@link registerZkLoginWallets} returns. */
export interface ZkLoginWalletsRegistration {
  /** The wallets registered, one per provider. */
  wallets: readonly Wallet[];
  /** Takes the wallets back from every app on the page, stops the wallet's machine and removes its listeners (a no-op once done). */
  unregister: () => void;
  /**
   * In redirect mode, back from the provider: the name of the wallet whose Connect left this
   * page, so that the dApp finishes that connect without a second click; otherwise null.
   */
  returningConnect: string | null;
}

/** Sign-in windows coming back register nothing. */
const NOTHING: ZkLoginWalletsRegistration = { wallets: [], unregister: () => {}, returningConnect: null };

/** The registration standing on this page, which a second call replaces. */
let standing: { withdraw: () => void } | null = null;

/**
 * What this page load came with, taken once whatever the registrations (React's StrictMode
 * registers twice; a hot reload again): the provider's answer, out of the address bar at once
 * (the token never waits there for the engine's code), until an engine's machine has settled
 * on it; and the Connect that left this page for the provider.
 */
let arrival: { callback: string | null; returningConnect: string | null } | null = null;

function pageArrival() {
  if (arrival) return arrival;
  const fragment = window.location.hash;
  const callback = isCallbackFragment(fragment) ? fragment : null;
  if (callback) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return (arrival = { callback, returningConnect: takeReturningConnect() });
}

/**
 * Registers the zkLogin wallets with every Wallet Standard app on the page, replacing the
 * page's previous registration (its machine is stopped). Where there is no `window` (a
 * server), it throws an Error whose message is {@link NEEDS_A_BROWSER}; options that cannot
 * work throw an Error that names each.
 *
 * The wallet's engine (the sign-in machine, the dialog) loads at once on a page that holds a
 * session or a provider's answer, and otherwise when a dApp first asks (in popup mode, while
 * the page is idle: a connect's window must open in the visitor's click).
 */
export function registerZkLoginWallets(options: EmbeddedWalletsOptions): ZkLoginWalletsRegistration {
  if (typeof window === 'undefined') throw new Error(NEEDS_A_BROWSER);
  const config: WalletConfig = pageConfig(embeddedTemplate(options, window.location.origin), window.location.href);
  // A sign-in window coming back (popup mode): the token leaves the address bar now, and the
  // hand-off's code (its words, its channel) is loaded for this window only.
  const fragment = window.location.hash;
  const flowId = popupFlowOf(fragment);
  if (flowId) {
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    void import('./runtime/popup-relay.ts').then(({ handOff }) => handOff(flowId, fragment));
    return NOTHING;
  }
  const { returningConnect } = pageArrival();
  standing?.withdraw();

  const providers = PROVIDERS.filter((provider) => options.providers[provider]);
  const keys = storageKeys(config.enokiApiKey);
  let engine: EmbeddedEngine | null = null;
  let loading: Promise<EmbeddedEngine> | null = null;
  let withdrawn = false;
  let unfinishedConnect = returningConnect;
  const source: EngineSource = {
    current: () => engine,
    mayHaveAccount: () => loading !== null || signInStored(keys),
    takeReturningConnect: (walletName) => {
      if (unfinishedConnect !== walletName) return false;
      unfinishedConnect = null;
      return true;
    },
    load: () =>
      (loading ??= import('./wallet/embedded-engine.ts').then(
        ({ startEmbeddedEngine }) => {
          if (withdrawn) throw new Error(WALLETS_REMOVED);
          engine = startEmbeddedEngine(config, {
            providers,
            confirmPersonalMessages: options.confirmPersonalMessages,
            arrivedWith: arrival?.callback ?? null,
            onArrivalTaken: () => void (arrival && (arrival.callback = null)),
            returningConnect,
          });
          for (const wallet of wallets) wallet.engineLoaded(engine);
          return engine;
        },
        (error: unknown) => {
          // A chunk that did not arrive (a network blip) is asked for again at the next call.
          loading = null;
          if (error instanceof Error && error.message === WALLETS_REMOVED) throw error;
          throw Object.assign(new Error(ENGINE_NOT_LOADED), { cause: error });
        },
      )),
  };
  const chain = `sui:${config.network}` as const;
  const wallets = providers.map((provider) => new EmbeddedZkLoginWallet(provider, chain, source));
  const unannounce = announceWallets(wallets);

  // What this page needs at once: a session to restore, a provider's answer to take, a connect to finish.
  if (signInStored(keys) || arrival?.callback || returningConnect) void source.load().catch(() => {});
  // In popup mode the connect's window opens in the visitor's click, so the engine must be there by then.
  else if (config.signInMode === 'popup') whenIdle(() => !withdrawn && void source.load().catch(() => {}));

  const registration = {
    withdraw: () => {
      if (withdrawn) return;
      withdrawn = true;
      if (standing === registration) standing = null;
      unannounce();
      wallets.forEach((wallet) => wallet.remove());
      engine?.stop();
      engine = null;
    },
  };
  standing = registration;
  return { wallets, unregister: registration.withdraw, returningConnect };
}

/**
 * For dapp-kit: `createDAppKit({ walletInitializers: [zkLoginWalletsInitializer({ apiKey, providers })] })`.
 * The wallets sign on `network` when given, else on dapp-kit's current network.
 */
export const zkLoginWalletsInitializer = (options: EmbeddedWalletsOptions) =>
  initializerOf('sui-zklogin-embedded-wallets', registerZkLoginWallets, options);
