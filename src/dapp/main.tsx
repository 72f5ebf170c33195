/**
 * dapp.html: a small Sui dApp, written only against the Wallet Standard through dapp-kit
 * (@mysten/dapp-kit-react on @mysten/dapp-kit-core), as any dApp would adopt the zkLogin
 * account: it calls `registerZkLoginWallets` once, and from then on it sees three more
 * wallets in dapp-kit's Connect button. It never reads our machine.
 *
 * With VITE_WALLET_URL set, the wallets are the hosted wallet's client (the package's main
 * entry): the account lives at that origin, and each request opens its window. Unset, the
 * page embeds the wallet (the package's `sui-zklogin-wallet/embedded`), configured from this
 * build's settings, and loads none of it otherwise.
 */
// First of all: a sign-in window coming back here (popup mode) hands its answer on and closes.
import { isSignInWindow } from '../popup-relay.ts';
import { createDAppKit } from '@mysten/dapp-kit-react';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerZkLoginWallets as registerHostedWallets } from 'sui-zklogin-wallet';
import type { EmbeddedWalletsOptions, Provider } from 'sui-zklogin-wallet/embedded';
import { availableProviders, pageConfig, type WalletConfig } from '../../packages/sui-zklogin-wallet/src/config.ts';
import { DApp } from './DApp.tsx';
import './dapp.css';

/** The embedded wallet's options, from this build's settings (a dApp writes its own). */
function embeddedOptions(config: WalletConfig, providers: readonly Provider[]): EmbeddedWalletsOptions {
  return {
    apiKey: config.enokiApiKey,
    network: config.network,
    providers: Object.fromEntries(
      providers.map((provider) => [provider, { clientId: config.clientIds[provider], authUrl: config.authUrls[provider] }]),
    ),
    redirectUrl: config.redirectUrl,
    signInMode: config.signInMode,
    additionalEpochs: config.additionalEpochs,
    loginServiceUrl: config.enokiApiUrl,
    suiGraphQLUrl: config.suiGraphqlUrl,
    zkLoginVerifyingKey: config.zkLoginVerifyingKey,
    nativeKey: config.nativeKey,
    extraScopes: config.extraScopes,
    loginServiceTimeoutMs: config.requestTimeoutMs,
  };
}

/** The wallets this page offers; in embedded mode, the wallet whose Connect left for the provider, if any. */
async function registerWallets(config: WalletConfig): Promise<string | null> {
  const providers = availableProviders(config);
  // The one line a dApp adds: the zkLogin wallets, one per configured provider.
  if (config.walletUrl) {
    registerHostedWallets({ walletUrl: config.walletUrl, network: config.network, providers });
    return null;
  }
  const { registerZkLoginWallets } = await import('sui-zklogin-wallet/embedded');
  return registerZkLoginWallets(embeddedOptions(config, providers)).returningConnect;
}

if (!isSignInWindow) {
  const config = pageConfig(__SIGN_IN_CONFIG__, window.location.href);
  const returningConnect = await registerWallets(config);
  const dAppKit = createDAppKit({
    networks: [config.network],
    createClient: (network) => new SuiGraphQLClient({ url: config.suiGraphqlUrl, network }),
    // Only the wallets on this page (ours), no web wallet that would open a site we cannot reach.
    slushWalletConfig: null,
  });
  // And in redirect mode, these: back from the provider, the Connect that went there is
  // finished once its wallet shows the account (a sign-in that did not finish shows none:
  // nothing is connected, and nothing opens).
  if (returningConnect) {
    const off = dAppKit.stores.$wallets.subscribe((wallets) => {
      const wallet = wallets.find((candidate) => candidate.name === returningConnect && candidate.accounts.length > 0);
      if (!wallet) return;
      queueMicrotask(() => off());
      dAppKit.connectWallet({ wallet }).catch(() => {});
    });
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DApp dAppKit={dAppKit} walletUrl={config.walletUrl} />
    </StrictMode>,
  );
}
