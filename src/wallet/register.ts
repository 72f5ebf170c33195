/**
 * The wallets over a running signInMachine: one Wallet Standard wallet per configured
 * provider, registered with every app on the page. Returns `unregister`. The public entry
 * for a page (this app, or a dApp beside it) is `registerZkLoginWallets` in
 * src/zklogin-wallets.ts, which starts a machine when given none.
 *
 * The registration speaks the standard's window protocol itself rather than calling
 * `registerWallet` from @wallet-standard/wallet: that one cannot be undone, and ours must
 * be. Every app on the page hears of the wallets (the `wallet-standard:register-wallet`
 * event now, and an answer to each `wallet-standard:app-ready` later), and each app's
 * `register` hands back the function that removes them from it.
 */
import type { IdentifierString, WalletEventsWindow, WindowAppReadyEventAPI } from '@mysten/wallet-standard';
import { PROVIDERS, type Provider } from '../../machines/providers.ts';
import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { ZkLoginWallet } from './zklogin-wallet.ts';

export interface WalletsOptions {
  /** The running sign-in actor (src/app/sign-in-actor.ts). */
  actor: SignInActorRef;
  /** 'mainnet' | 'testnet' | 'devnet': the wallets' chain is `sui:<network>`. */
  network: string;
  /** The providers to offer (default: all three). */
  providers?: readonly Provider[];
}

export function registerWalletsOver({ actor, network, providers = PROVIDERS }: WalletsOptions): {
  wallets: ZkLoginWallet[];
  unregister: () => void;
} {
  const chain = `sui:${network}` as IdentifierString;
  const wallets = providers.map((provider) => new ZkLoginWallet({ actor, provider, chain }));
  const removers: (() => void)[] = [];
  const registerWith = (api: WindowAppReadyEventAPI) => wallets.forEach((wallet) => removers.push(api.register(wallet)));
  const onAppReady = (event: Event) => registerWith((event as CustomEvent<WindowAppReadyEventAPI>).detail);
  const target = window as unknown as WalletEventsWindow & Window;
  target.addEventListener('wallet-standard:app-ready', onAppReady);
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: registerWith }));
  return {
    wallets,
    unregister: () => {
      target.removeEventListener('wallet-standard:app-ready', onAppReady);
      removers.splice(0).forEach((remove) => remove());
    },
  };
}
