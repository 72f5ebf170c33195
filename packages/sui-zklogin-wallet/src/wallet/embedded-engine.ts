/**
 * The embedded wallet's engine: the sign-in machine over the page's storage, the wallets over
 * it, and the dialog that asks the visitor. A chunk of its own, which the embedded entry's
 * wallets (lazy-wallet.ts) load when first needed: at once on a page that holds a session or
 * a provider's answer, otherwise at the dApp's first request (or, in popup mode, while the
 * page is idle, so that a connect's window opens in the visitor's click).
 */
import type { WalletConfig } from '../config.ts';
import type { Provider } from '../core/providers.ts';
import { startSignInActor } from '../runtime/sign-in-actor.ts';
import { walletsOver } from './register.ts';
import type { ZkLoginWallet } from './zklogin-wallet.ts';

export interface EmbeddedEngine {
  /** The wallet of `provider` over the machine, or undefined for a provider not offered. */
  wallet(provider: Provider): ZkLoginWallet | undefined;
  /** Stops the machine, retires the wallets and the dialog, and removes every listener they added. */
  stop(): void;
}

export function startEmbeddedEngine(
  config: WalletConfig,
  {
    providers,
    confirmPersonalMessages,
    arrivedWith,
    onArrivalTaken,
    returningConnect,
  }: {
    providers: readonly Provider[];
    confirmPersonalMessages?: boolean;
    /** The provider's answer the page came with, already out of its address bar. */
    arrivedWith: string | null;
    /** Called once the machine has settled on that answer: an engine started after this one must not take it again. */
    onArrivalTaken: () => void;
    /** The wallet whose interactive connect left the page for the provider, this page being its return. */
    returningConnect: string | null;
  },
): EmbeddedEngine {
  const started = startSignInActor(config, undefined, arrivedWith);
  if (arrivedWith) {
    const watching = started.actor.subscribe((snapshot) => {
      if (!snapshot.hasTag('settled')) return;
      onArrivalTaken();
      queueMicrotask(() => watching.unsubscribe());
    });
  }
  const { wallets, stop } = walletsOver({
    actor: started.actor,
    // The machine signs on the configuration's network: the wallets say the same chain.
    network: config.network,
    providers,
    confirmPersonalMessages,
    // The entry's wallets read the visitor's action when the dApp called, before this loaded.
    visitorActing: () => true,
    returningConnect,
  });
  return {
    wallet: (provider) => wallets[providers.indexOf(provider)],
    stop: () => {
      stop();
      started.stop();
    },
  };
}
