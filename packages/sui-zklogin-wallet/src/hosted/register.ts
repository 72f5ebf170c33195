/**
 * The package's main entry: the hosted wallet's client (docs/hosted-wallet.md).
 * `registerZkLoginWallets({ walletUrl })` registers "Sign in with Google", "Sign in with
 * Facebook" and "Sign in with Twitch" with the Wallet Standard; each request opens the
 * wallet's window at `walletUrl`, where the account lives and the visitor approves.
 * `zkLoginWalletsInitializer({ walletUrl })` does the same for dapp-kit's
 * `walletInitializers`. A second registration on the page replaces the first (React's
 * StrictMode mounts twice): the page's apps see one set of wallets.
 *
 * @module sui-zklogin-wallet
 */
import { announceWallets, NEEDS_A_BROWSER } from '../announce.ts';
import { createWalletChannel } from '../channel/dapp-side.ts';
import { PROVIDERS, type Provider } from '../core/providers.ts';
import type { Network } from '../identity.ts';
import { initializerOf } from '../initializer.ts';
import { HostedZkLoginWallet } from './hosted-wallet.ts';
import { rememberedAccounts } from './remembered-accounts.ts';

/** The options of {@link registerZkLoginWallets} and {@link zkLoginWalletsInitializer}. */
export interface HostedWalletsOptions {
  /** The wallet's origin (or its base URL), e.g. `https://wallet.example`. */
  walletUrl: string;
  /** The network the wallets sign on: `testnet` (the default), `mainnet` or `devnet`. */
  network?: Network;
  /** Which wallets to register, in this order: every provider by default. */
  providers?: readonly Provider[];
}

export { NEEDS_A_BROWSER };
export type { WalletInitializerArgs } from '../initializer.ts';

/** Withdraws the wallets registered last on this page, which a second call replaces (a no-op once done). */
let withdrawStanding = () => {};

/**
 * Registers the zkLogin wallets with every Wallet Standard app on the page, replacing the
 * page's previous registration. Where there is no `window` (a server), it throws an Error whose
 * message is {@link NEEDS_A_BROWSER}.
 *
 * @param options The wallet's URL, the network and the providers.
 * @returns The wallets, and `unregister`, which takes them back from every app (a no-op once done).
 */
export function registerZkLoginWallets({ walletUrl, network = 'testnet', providers = PROVIDERS }: HostedWalletsOptions) {
  if (typeof window === 'undefined') throw new Error(NEEDS_A_BROWSER);
  const channel = createWalletChannel(walletUrl);
  withdrawStanding();
  const memory = rememberedAccounts(channel.walletOrigin);
  const wallets = providers.map(
    (provider) => new HostedZkLoginWallet({ provider, chain: `sui:${network}`, ask: channel.ask, memory, now: Date.now }),
  );
  // Taking wallets back twice does nothing: a replaced registration's late unregister is harmless.
  const unregister = announceWallets(wallets);
  withdrawStanding = unregister;
  return { wallets, unregister };
}

/**
 * For dapp-kit: `createDAppKit({ walletInitializers: [zkLoginWalletsInitializer({ walletUrl })] })`.
 * The wallets sign on `network` when given, else on dapp-kit's current network.
 */
export const zkLoginWalletsInitializer = (options: HostedWalletsOptions) =>
  initializerOf('sui-zklogin-wallets', registerZkLoginWallets, options);
