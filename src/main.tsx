/**
 * Boot: read the configuration, start the machine (before React, so a callback's request
 * goes out at once), attach the inspector when asked (and allowed), render once there is
 * something to show.
 */
// First of all: a sign-in window coming back (popup mode) hands its answer on, and says where it went.
import { isSignInWindow } from './popup-relay.ts';
// Then: it starts fetching the sign-in code and the account's screens, when this page
// needs them, before React loads.
import { mayShowAccount, walletWindow } from './early-load.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { startSignInActor } from '../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import type { TransitionEntry } from './runtime/transition-log.ts';
import { createTransitionRecorder } from './runtime/transition-recorder.ts';
import { availableProviders, pageConfig, type WalletConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { isCallbackFragment } from '../packages/sui-zklogin-wallet/src/zklogin/callback-fragment.ts';
import { App } from './ui/App.tsx';
import { BuiltInModeNote } from './ui/BuiltInModeNote.tsx';
import { loadAccountScreens } from './ui/account-screens-loader.ts';
import './ui/styles.css';

/**
 * The fragment the dApp's page opened the wallet's window with (`#origin=…`): taken out of
 * the address bar at once, so that the machine never reads it as a provider's answer.
 */
const openedWith = walletWindow && !isSignInWindow ? keptOpenedWith(window.location.hash) : '';
if (openedWith) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);

/**
 * The window's `#origin=…`, kept in this window's own sessionStorage: a reload (the fragment
 * is gone from the address bar by then) still serves the dApp, which posts its request again
 * when the window says it is ready.
 */
function keptOpenedWith(hash: string): string {
  const KEY = 'zklogin-wallet:opened-with';
  try {
    if (hash) sessionStorage.setItem(KEY, hash);
    return hash || (sessionStorage.getItem(KEY) ?? '');
  } catch {
    return hash;
  }
}

/** The longest the first paint waits for the restore or the callback's checks. */
const FIRST_PAINT_WAIT_MS = 100;

async function boot() {
  // A sign-in window says itself what became of its answer (src/popup-relay.ts).
  if (isSignInWindow) return;
  const root = createRoot(document.getElementById('root')!);
  const pageSettings = pageConfig(__SIGN_IN_CONFIG__, window.location.href);
  // The hosted wallet's window (docs/hosted-wallet.md): this app at /wallet.html, opened by a
  // dApp's page on another origin. It keeps its session for every window of this origin, and
  // signs in through a window of its own: this one must never leave, or its link to the dApp
  // would go with it.
  const config: WalletConfig = walletWindow ? { ...pageSettings, signInMode: 'popup', sessionScope: 'browser' } : pageSettings;
  // The hosted wallet's window: its own code, with the wallet dialog's, is fetched while the
  // session is restored, not after.
  const windowPage = walletWindow ? import('./hosted/window-page.ts') : null;
  // Opened by a dApp: the window says it is ready as soon as its code is here, and the
  // dApp's request travels while the session is restored and the page painted.
  const dappRequest = windowPage?.then(({ listenForDapp }) => listenForDapp(openedWith));
  const query = new URLSearchParams(window.location.search);
  // Read before the machine starts: it removes the fragment as soon as it takes it.
  const isCallbackPage = isCallbackFragment(window.location.hash);
  // The inspector posts the machine's context to another site: only the dev server and a
  // build made with VITE_INSPECT=true may attach it. Elsewhere this is false at build time,
  // the import below is dropped, and ?inspect does nothing.
  const wantsInspector = __INSPECTOR__ && (config.inspect || query.has('inspect'));
  const inspector = wantsInspector ? (await import('./runtime/inspector.ts')).createInspector() : undefined;
  // A test harness may listen (Playwright attaches the log to its report); nothing else does.
  const reporter = (window as { __zkloginTransition?: (entry: TransitionEntry) => void }).__zkloginTransition;
  const recorder = createTransitionRecorder(reporter);
  const { actor, preload } = startSignInActor(config, {
    next: (event) => {
      recorder.observe(event);
      inspector?.next?.(event);
    },
  });
  // The first paint waits (briefly) for the machine's first answer: a stored session is
  // painted as the account straight away rather than as a page that then changes, and on
  // a callback page the login request goes out before React's first render takes the
  // main thread. Not for the sign-in to settle: a callback page paints its progress while
  // the login service answers, and its render is done before the answer arrives.
  // Capped, so that slow storage never leaves the page blank.
  // The account's screens are fetched meanwhile, so that an account paints at once.
  // One cap for both waits. A machine that stopped or failed gives no answer: the page is
  // painted as it is, at once.
  const firstAnswer = waitFor(
    actor,
    (snapshot) => !snapshot.matches('restoring') && !snapshot.matches('callback-validating'),
  ).catch(() => {});
  // The hosted wallet's window serves the dApp that opened it as soon as its code is here and
  // the session is restored: the dialog asks at once, and the page renders behind it.
  if (windowPage) {
    void Promise.all([windowPage, dappRequest, firstAnswer]).then(([{ startWalletWindow }, dapp]) =>
      startWalletWindow(actor, config, dapp ?? null),
    );
  }
  await Promise.race([
    Promise.all([firstAnswer, mayShowAccount ? loadAccountScreens() : undefined]),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
  const page = (
    <StrictMode>
      <App
        actor={actor}
        config={config}
        transitionLog={recorder.log}
        devtoolsOpen={query.has('devtools')}
        // A build-time constant: a real-mode page carries none of built-in mode's text.
        footer={__SIGN_IN_CONFIG__.builtIn ? <BuiltInModeNote /> : undefined}
      />
    </StrictMode>
  );
  // In the wallet's window the page's first render is a transition, which React renders in
  // slices: the dApp's request is served between them, and its dialog is not held back
  // behind the whole page (a first render otherwise runs as one task).
  if (walletWindow) startTransition(() => root.render(page));
  else root.render(page);
  // The Sui code is not on the first page: fetch it while the browser has nothing to do,
  // and on a callback page only once the sign-in has settled and painted: its evaluation
  // would otherwise hold up the login answer's handling and the address's first paint.
  // The transition log's code likewise (the recorder keeps the transitions meanwhile).
  // Idle, or a second later at the latest: on a page that is never idle (a long chain of
  // work), the wallets must still be registered and the recorder must hand its snapshots on.
  const whenIdle = (task: () => void) =>
    window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 1_000 }) : setTimeout(task, 200);
  // A machine that stopped or failed never settles: the code is fetched all the same.
  const settled = isCallbackPage ? waitFor(actor, (snapshot) => snapshot.hasTag('settled')).catch(() => {}) : Promise.resolve();
  void settled.then(() =>
    whenIdle(() => {
      preload();
      void recorder.log().catch(() => {});
    }),
  );
  // The account's screens (and the date format their session end needs) are made ready
  // while the browser has nothing to do, for the account that a sign-in will show.
  whenIdle(() => void loadAccountScreens().then((screens) => screens?.warmUpTimeFormat()));
  // The hosted wallet's window registers no wallets on its own page: it serves its dApp (above).
  if (windowPage) return;
  // The account, for any Sui dApp on this page: one Wallet Standard wallet per provider.
  // Registered once the page is up; dApps hear of wallets whenever they register.
  whenIdle(
    () =>
      void import('../packages/sui-zklogin-wallet/src/wallet/register.ts').then(({ registerWalletsOver }) =>
        registerWalletsOver({ actor, network: config.network, providers: availableProviders(config) }),
      ),
  );
}

void boot();
