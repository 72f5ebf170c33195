/**
 * The zkLogin wallets registered on a page, over a machine of their own (or the caller's):
 * one Wallet Standard wallet per provider, each signing on the configuration's network. The
 * embedded entry (embedded.ts) makes the configuration from a dApp's options; the example
 * dApp's tests and the app's own page use it with theirs.
 *
 * Called the way frameworks call things: a second call while the first registration stands
 * replaces it cleanly (React's StrictMode mounts twice, a hot reload runs the module's code
 * again), so that one machine at most works over this page's storage; `unregister` stops
 * the machine it started and takes back every listener it added.
 *
 * `returningConnect` is the name of the wallet whose Connect left this page for the
 * provider (redirect mode), or null: the dApp finishes that connect without a second click.
 */
import { availableProviders, type WalletConfig } from '../config.ts';
import type { Provider } from '../core/providers.ts';
import { startSignInActor, type SignInActorRef } from '../runtime/sign-in-actor.ts';
import { registerWalletsOver } from './register.ts';
import { takeReturningConnect } from './returning-connect.ts';

export interface PageRegistrationOptions {
  /** A machine the caller runs (and stops); by default one is started, and stopped by `unregister`. */
  actor?: SignInActorRef;
  /** The providers to offer (default: those the configuration has a client id for). */
  providers?: readonly Provider[];
  /** See WalletsOptions (register.ts): false signs personal messages without asking. */
  confirmPersonalMessages?: boolean;
}

/** The registration standing on this page, which a second call replaces. */
let standing: { unregister: () => void; returningConnect: string | null } | null = null;

export function registerOnPage(config: WalletConfig, options: PageRegistrationOptions = {}) {
  // A Connect that left this page for the provider is read once from storage: a registration
  // that replaces one hands the dApp the same answer.
  const returningConnect = standing?.returningConnect ?? takeReturningConnect();
  standing?.unregister();
  // A machine started here is stopped here; the caller's own actor is the caller's.
  const started = options.actor ? null : startSignInActor(config);
  const actor = options.actor ?? started!.actor;
  const registered = registerWalletsOver({
    actor,
    // The machine signs on the configuration's network: the wallets say the same chain.
    network: config.network,
    providers: options.providers ?? availableProviders(config),
    confirmPersonalMessages: options.confirmPersonalMessages,
  });
  const registration = {
    ...registered,
    actor,
    config,
    returningConnect,
    unregister: () => {
      if (standing === registration) standing = null;
      registered.unregister();
      started?.stop();
    },
  };
  standing = registration;
  return registration;
}
