/**
 * The package's main entry: the hosted wallet's client (docs/hosted-wallet.md).
 * `registerZkLoginWallets({ walletUrl })` registers "Sign in with Google", "Sign in with
 * Facebook" and "Sign in with Twitch" with the Wallet Standard; each request opens the
 * wallet's window at `walletUrl`, where the account lives and the visitor approves.
 */
import { announceWallets, NEEDS_A_BROWSER } from '../announce.ts';
import { createWalletChannel } from '../channel/dapp-side.ts';
import { PROVIDERS, type Provider } from '../identity.ts';
import { HostedZkLoginWallet } from './hosted-wallet.ts';
import { rememberedAccounts } from './remembered-accounts.ts';

export interface HostedWalletsOptions {
  /** The wallet's origin (or its base URL), e.g. `https://wallet.example`. */
  walletUrl: string;
  /** The network the wallets sign on: `testnet` (the default), `mainnet` or `devnet`. */
  network?: 'mainnet' | 'testnet' | 'devnet';
  /** Which wallets to register, in this order: every provider by default. */
  providers?: readonly Provider[];
}

export { NEEDS_A_BROWSER };

export function registerZkLoginWallets({ walletUrl, network = 'testnet', providers = PROVIDERS }: HostedWalletsOptions) {
  if (typeof window === 'undefined') throw new Error(NEEDS_A_BROWSER);
  const channel = createWalletChannel(walletUrl);
  const memory = rememberedAccounts(channel.walletOrigin);
  const wallets = providers.map(
    (provider) => new HostedZkLoginWallet({ provider, chain: `sui:${network}`, ask: channel.ask, memory, now: Date.now }),
  );
  return { wallets, unregister: announceWallets(wallets) };
}
