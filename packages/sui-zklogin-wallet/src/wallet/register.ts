/**
 * The wallets over a running signInMachine: one Wallet Standard wallet per configured
 * provider, registered with every app on the page, and the wallet's dialog that puts each
 * of their signing requests to the visitor (approvals.ts). Returns `unregister`. The app's
 * pages register them over their running machine; a dApp's page, through the embedded entry
 * (embedded.ts), whose wallets forward to these once its engine has loaded (embedded-engine.ts).
 * The registration can be undone (announce.ts, the package's, says how).
 */
import type { IdentifierString } from '@mysten/wallet-standard';
import { announceWallets } from '../announce.ts';
import { walletName } from '../identity.ts';
import { PROVIDERS, type Provider } from '../core/providers.ts';
import type { SignInActorRef } from '../runtime/sign-in-actor.ts';
import { presentApprovals } from './approvals.ts';
import { ZkLoginWallet } from './zklogin-wallet.ts';

export interface WalletsOptions {
  /** The running sign-in actor (runtime/sign-in-actor.ts). */
  actor: SignInActorRef;
  /** 'mainnet' | 'testnet' | 'devnet': the wallets' chain is `sui:<network>`. */
  network: string;
  /** The providers to offer (default: all three). */
  providers?: readonly Provider[];
  /**
   * Whether the visitor is asked before a personal message is signed (default: true).
   * `false` signs any page script's message without a word to the visitor: only for a page
   * that runs no script it does not trust, since a signed message can prove the account's
   * consent to anything its text says (a login, an off-chain order). Transactions are always
   * put to the visitor, whatever this says; no request can change it.
   */
  confirmPersonalMessages?: boolean;
  /** Whether the visitor is acting on the page now (see ZkLoginWallet); the browser's transient activation by default. */
  visitorActing?: () => boolean;
  /** The wallet whose interactive connect left the page for the provider, this page being its return (see ZkLoginWallet). */
  returningConnect?: string | null;
}

/** One dialog per running machine, however many registrations share it. */
const presenting = new WeakMap<SignInActorRef, { registrations: number; stop: () => void }>();

function presentOnce(actor: SignInActorRef): () => void {
  const current = presenting.get(actor) ?? {
    registrations: 0,
    stop: presentApprovals(actor, () => import('./approval-dialog.ts')),
  };
  current.registrations += 1;
  presenting.set(actor, current);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    current.registrations -= 1;
    if (current.registrations > 0) return;
    current.stop();
    presenting.delete(actor);
  };
}

/** The wallets over `actor`, and the dialog that asks the visitor; not announced to any app. `stop` retires both. */
export function walletsOver({
  actor,
  network,
  providers = PROVIDERS,
  confirmPersonalMessages,
  visitorActing,
  returningConnect,
}: WalletsOptions): {
  wallets: ZkLoginWallet[];
  stop: () => void;
} {
  const chain = `sui:${network}` as IdentifierString;
  const wallets = providers.map(
    // Its default (the visitor approves each message) is the wallet's own.
    (provider) =>
      new ZkLoginWallet({
        actor,
        provider,
        chain,
        confirmPersonalMessages,
        visitorActing,
        returningFromVisitorConnect: returningConnect === walletName(provider),
      }),
  );
  const stopPresenting = presentOnce(actor);
  return {
    wallets,
    stop: () => {
      // A dApp that still holds a wallet gets a refusal, not a request no dialog will show.
      wallets.forEach((wallet) => wallet.remove());
      stopPresenting();
    },
  };
}

/** The wallets over `actor`, announced to every Wallet Standard app on the page. */
export function registerWalletsOver(options: WalletsOptions): { wallets: ZkLoginWallet[]; unregister: () => void } {
  const { wallets, stop } = walletsOver(options);
  const withdraw = announceWallets(wallets);
  return {
    wallets,
    unregister: () => {
      withdraw();
      stop();
    },
  };
}
