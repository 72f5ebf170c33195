/**
 * The app's page (index.html): read the configuration, start the machine (boot.ts: before
 * React, so a callback's request goes out at once), render once there is something to show,
 * and register the wallets. The hosted wallet's window has an entry of its own
 * (wallet-window-main.ts).
 */
// First of all: a sign-in window coming back (popup mode) hands its answer on, and says where it went.
import { isSignInWindow } from './popup-relay.ts';
// Then: it starts fetching the sign-in code and the account's screens, when this page
// needs them, before React loads.
import { mayShowAccount } from './early-load.ts';
import { availableProviders, pageConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { whenIdle } from '../packages/sui-zklogin-wallet/src/lazy-module.ts';
import { scheduleIdleWork, startApp } from './boot.ts';
import { renderPage } from './page.tsx';
import './ui/styles.css';

async function boot() {
  // A sign-in window says itself what became of its answer (src/popup-relay.ts).
  if (isSignInWindow) return;
  const app = await startApp(pageConfig(__SIGN_IN_CONFIG__, window.location.href), mayShowAccount);
  await app.readyToPaint;
  renderPage(app);
  scheduleIdleWork(app);
  // The account, for any Sui dApp on this page: one Wallet Standard wallet per provider.
  // Registered once the page is up; dApps hear of wallets whenever they register.
  whenIdle(
    () =>
      void import('../packages/sui-zklogin-wallet/src/wallet/register.ts').then(({ registerWalletsOver }) =>
        registerWalletsOver({ actor: app.actor, network: app.config.network, providers: availableProviders(app.config) }),
      ),
  );
}

void boot();
