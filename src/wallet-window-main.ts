/**
 * The hosted wallet's window (wallet.html; docs/hosted-wallet.md): the app again, opened by a
 * dApp's page on another origin, booted in the order its visitor needs. The machine starts
 * and the window tells the dApp it is ready at once; the request is served as soon as the
 * session is restored (the wallet's dialog asks); the page (React, most of the app's code)
 * is loaded and rendered after. The window is a fresh page at every request: with the page's
 * code first, as the app's own page has it (main.tsx), its evaluation came before the dialog.
 */
// First of all: a sign-in window coming back (its sign-in is by a window of its own) hands its answer on.
import { isSignInWindow } from './popup-relay.ts';
// Then: it starts fetching the sign-in code and the account's screens, when a session is stored.
import { mayShowAccount } from './early-load.ts';
import { claimedOrigin, originFragment } from '../packages/sui-zklogin-wallet/src/channel/window-fragment.ts';
import { availableProviders, pageConfig, type WalletConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { scheduleIdleWork, startApp } from './boot.ts';
import { offeredProviders } from './ui/offered-providers.ts';
import './ui/styles.css';

/**
 * The origin the dApp's page opened the window with (`#origin=…`): its fragment is taken out
 * of the address bar at once, so that the machine never reads it as a provider's answer. Any
 * other fragment is left to the machine, and never kept.
 */
const claimed = isSignInWindow ? null : claimedOrigin(window.location.hash);
if (claimed) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
const openedWith = isSignInWindow ? '' : keptOpenedWith(claimed);

/**
 * The window's `#origin=…`, kept in this window's own sessionStorage: a reload (the fragment
 * is gone from the address bar by then) still serves the dApp, which posts its request again
 * when the window says it is ready. Only the origin is kept, written afresh: whatever else the
 * fragment held (a token, if the window ever came back from a provider) is not stored.
 */
function keptOpenedWith(origin: string | null): string {
  const KEY = 'zklogin-wallet:opened-with';
  const fragment = origin ? originFragment(origin) : '';
  try {
    if (fragment) sessionStorage.setItem(KEY, fragment);
    return fragment || (sessionStorage.getItem(KEY) ?? '');
  } catch {
    return fragment;
  }
}

/** Ours: the window's code for the site's request did not load. Closing the window tells the site no. */
const NOT_SERVED =
  'The wallet could not load what it needs to answer this site. Close this window (the site is told no) and try again.';

/** Ours: the page's own code did not load (the dialog, when a site asks, does not need it). */
const PAGE_NOT_LOADED = "The wallet's page could not load (check your connection). Reload this window to try again.";

function sayAbovePage(text: string): void {
  const notice = document.createElement('p');
  notice.className = 'notice';
  notice.setAttribute('role', 'alert');
  notice.textContent = text;
  document.body.prepend(notice);
}

const sayNotServed = () => sayAbovePage(NOT_SERVED);
const sayPageNotLoaded = () => sayAbovePage(PAGE_NOT_LOADED);

async function boot() {
  if (isSignInWindow) return;
  // It keeps its session for every window of this origin, and signs in through a window of
  // its own: this one must never leave, or its link to the dApp would go with it (a blocked
  // sign-in window is said, not fallen back from by going to the provider).
  const config: WalletConfig = {
    ...pageConfig(__SIGN_IN_CONFIG__, window.location.href),
    signInMode: 'popup',
    sessionScope: 'browser',
    pageStays: true,
  };
  // The window's own code (and, opened by a dApp, the wallet dialog's) is fetched while the
  // session is restored. Opened by a dApp, the window says it is ready as soon as its code is
  // here: the request travels meanwhile.
  const windowPage = import('./hosted/window-page.ts');
  if (openedWith) void import('../packages/sui-zklogin-wallet/src/wallet/approval-dialog.ts').catch(() => {});
  const dappRequest = windowPage.then(({ listenForDapp }) => listenForDapp(openedWith));
  const app = await startApp(config, mayShowAccount);
  // Served once the session is restored: the dialog asks at once. The page's code is asked
  // for only then (a module is evaluated as soon as it arrives), and renders behind the
  // dialog. A window whose own code did not arrive still shows the page, and says why the
  // site gets no answer here.
  const served = Promise.all([windowPage, dappRequest, app.firstAnswer])
    .then(([{ startWalletWindow }, dapp]) => startWalletWindow(app.actor, config, dapp))
    .catch((error: unknown) => {
      if (!openedWith) return;
      // For whoever looks at the window's console: why the site gets no answer here (the
      // message only: an error's other fields are not this window's to print).
      console.error(`The wallet could not serve the site’s request: ${error instanceof Error ? error.message : String(error)}`);
      sayNotServed();
    });
  // The site's request, once it has arrived, says which provider the page offers: the one the
  // site asked for, the only one that can answer it (one this wallet offers; another is refused
  // at once). The page may render before it arrives: it offers them all until then.
  const offered = offeredProviders();
  void dappRequest
    .then((dapp) => dapp?.request)
    .then(
      (arrived) => {
        const asked = arrived?.request.provider;
        if (asked && availableProviders(config).includes(asked)) offered.offer([asked]);
      },
      () => {},
    );
  // Never blank: a restore slower than this (storage that hangs, the sign-in code slow to
  // come) no longer keeps the page's code waiting, nor does a window no site opened.
  await (openedWith ? Promise.race([served, delay(SERVE_FIRST_MS)]) : app.readyToPaint);
  const page = await import('./page.tsx').catch(() => null);
  if (!page) return sayPageNotLoaded();
  // The wallet's own page (no site is there to answer: none opened it, or the link to it is
  // gone) shows the sites connected to its account, once the window's code is here: the page
  // never waits for it.
  const aside = dappRequest
    .then((dapp) => (dapp ? undefined : windowPage.then(({ walletPageSites }) => walletPageSites(app.actor))))
    .catch(() => undefined);
  await app.readyToPaint;
  page.renderPage(app, { aside, offered, name: 'Sui zkLogin wallet' });
  scheduleIdleWork(app);
}

/** The longest the page's code waits for the site's request to be served first. */
const SERVE_FIRST_MS = 1_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

void boot();
