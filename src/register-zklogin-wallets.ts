/**
 * The public way a page offers the zkLogin account to Sui dApps:
 * `registerZkLoginWallets(options)` registers one Wallet Standard wallet per provider and
 * returns `unregister`. Given no actor, it starts the sign-in machine itself with this
 * build's settings, as a page of its own (dapp.html) needs: a provider's answer in the URL
 * is taken at once, a stored session is restored, and a sign-in goes by redirect or popup
 * as VITE_SIGN_IN_MODE says. The app itself passes its running actor.
 *
 * Called the way frameworks call things: a second call while the first registration stands
 * replaces it cleanly (React's StrictMode mounts twice, a hot reload runs the module's code
 * again), so that one machine at most works over this page's storage; `unregister` stops the
 * machine it started and takes back every listener it added. On a server it says it runs in
 * a browser.
 *
 * `returningConnect` is the name of the wallet whose Connect left this page for the
 * provider (redirect mode), or null: the dApp finishes that connect without a second click
 * (src/dapp/main.tsx shows the lines).
 *
 * Every signing request a dApp makes through these wallets is shown to the visitor in the
 * wallet's own dialog, and waits for "Approve". A page may turn that off for personal
 * messages only (`confirmPersonalMessages: false`, see WalletsOptions for the risk).
 */
import { NEEDS_A_BROWSER } from 'sui-zklogin-wallet';
import { startSignInActor } from './runtime/sign-in-actor.ts';
import { availableProviders, pageConfig } from './config.ts';
import { registerWalletsOver, type WalletsOptions } from './wallet/register.ts';
import { takeReturningConnect } from './wallet/returning-connect.ts';

export type ZkLoginWalletsOptions = Partial<WalletsOptions>;

/** The registration standing on this page, which a second call replaces. */
let standing: { unregister: () => void; returningConnect: string | null } | null = null;

export function registerZkLoginWallets(options: ZkLoginWalletsOptions = {}) {
  if (typeof window === 'undefined') throw new Error(NEEDS_A_BROWSER);
  // A Connect that left this page for the provider is read once from storage: a registration
  // that replaces one hands the dApp the same answer.
  const returningConnect = standing?.returningConnect ?? takeReturningConnect();
  standing?.unregister();
  const config = pageConfig(__SIGN_IN_CONFIG__, window.location.href);
  // A machine started here is stopped here; the caller's own actor is the caller's.
  const started = options.actor ? null : startSignInActor(config);
  const actor = options.actor ?? started!.actor;
  const registered = registerWalletsOver({
    actor,
    network: options.network ?? config.network,
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
