/**
 * The public way a page offers the zkLogin account to Sui dApps:
 * `registerZkLoginWallets(options)` registers one Wallet Standard wallet per provider and
 * returns `unregister`. Given no actor, it starts the sign-in machine itself with this
 * build's settings, as a page of its own (dapp.html) needs: a provider's answer in the URL
 * is taken at once, a stored session is restored, and a sign-in goes by redirect or popup
 * as VITE_SIGN_IN_MODE says. The app itself passes its running actor.
 *
 * `returningConnect` is the name of the wallet whose Connect left this page for the
 * provider (redirect mode), or null: the dApp finishes that connect without a second click
 * (src/dapp/main.tsx shows the lines).
 *
 * Every signing request a dApp makes through these wallets is shown to the visitor in the
 * wallet's own dialog, and waits for "Approve". A page may turn that off for personal
 * messages only (`confirmPersonalMessages: false`, see WalletsOptions for the risk).
 */
import { startSignInActor } from './runtime/sign-in-actor.ts';
import { availableProviders, pageConfig } from './config.ts';
import { registerWalletsOver, type WalletsOptions } from './wallet/register.ts';
import { takeReturningConnect } from './wallet/returning-connect.ts';

export type ZkLoginWalletsOptions = Partial<WalletsOptions>;

export function registerZkLoginWallets(options: ZkLoginWalletsOptions = {}) {
  const config = pageConfig(__SIGN_IN_CONFIG__, window.location.href);
  const actor = options.actor ?? startSignInActor(config).actor;
  const registered = registerWalletsOver({
    actor,
    network: options.network ?? config.network,
    providers: options.providers ?? availableProviders(config),
    confirmPersonalMessages: options.confirmPersonalMessages,
  });
  // Read before anything else can connect: a Connect that left this page for the provider.
  return { ...registered, actor, config, returningConnect: takeReturningConnect() };
}
