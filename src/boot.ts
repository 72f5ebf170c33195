/**
 * The boot's part that both of the app's pages share, without React: the machine started
 * (before any render, so a callback's request goes out at once), the inspector attached when
 * asked (and allowed), the transition log recorded from the first transition, the first
 * paint's wait, and the work left for the browser's idle time. The app's page (main.tsx)
 * renders right after the wait; the hosted wallet's window (wallet-window-main.ts) serves its
 * dApp first and loads the page's code after.
 */
import { waitFor } from 'xstate';
import type { WalletConfig } from '../packages/sui-zklogin-wallet/src/config.ts';
import { whenIdle } from '../packages/sui-zklogin-wallet/src/lazy-module.ts';
import { startSignInActor } from '../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import { isCallbackFragment } from '../packages/sui-zklogin-wallet/src/zklogin/callback-fragment.ts';
import type { TransitionEntry } from './transition-log/transition-log.ts';
import { createTransitionRecorder } from './transition-log/transition-recorder.ts';
import { loadAccountScreens } from './ui/account-screens-loader.ts';

/** The longest the first paint waits for the restore or the callback's checks. */
const FIRST_PAINT_WAIT_MS = 100;

export type StartedApp = Awaited<ReturnType<typeof startApp>>;

export async function startApp(config: WalletConfig, mayShowAccount: boolean) {
  const query = new URLSearchParams(window.location.search);
  // Read before the machine starts: it removes the fragment as soon as it takes it.
  const isCallbackPage = isCallbackFragment(window.location.hash);
  // The inspector posts the machine's context to another site: only the dev server and a
  // build made with VITE_INSPECT=true may attach it. Elsewhere this is false at build time,
  // the import below is dropped, and ?inspect does nothing.
  const wantsInspector = __INSPECTOR__ && (config.inspect || query.has('inspect'));
  const inspector = wantsInspector ? (await import('./transition-log/inspector.ts')).createInspector() : undefined;
  // A test harness may listen (Playwright attaches the log to its report); nothing else does.
  const reporter = (window as { __zkloginTransition?: (entry: TransitionEntry) => void }).__zkloginTransition;
  const recorder = createTransitionRecorder(reporter);
  const { actor, preload } = startSignInActor(config, {
    next: (event) => {
      recorder.observe(event);
      inspector?.next?.(event);
    },
  });
  // The machine's first answer: a stored session restored, or a callback's checks done. A
  // machine that stopped or failed gives no answer: it resolves all the same.
  const firstAnswer = waitFor(
    actor,
    (snapshot) => !snapshot.matches('restoring') && !snapshot.matches('callback-validating'),
  ).then(
    () => {},
    () => {},
  );
  // The first paint waits (briefly) for the machine's first answer: a stored session is
  // painted as the account straight away rather than as a page that then changes, and on
  // a callback page the login request goes out before React's first render takes the
  // main thread. Not for the sign-in to settle: a callback page paints its progress while
  // the login service answers, and its render is done before the answer arrives.
  // Capped, so that slow storage never leaves the page blank.
  // The account's screens are fetched meanwhile, so that an account paints at once.
  const readyToPaint = Promise.race([
    Promise.all([firstAnswer, mayShowAccount ? loadAccountScreens() : undefined]),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]).then(() => {});
  return { actor, preload, recorder, config, query, isCallbackPage, firstAnswer, readyToPaint };
}

/**
 * Once the page is up: the Sui code is not on the first page: fetch it while the browser has
 * nothing to do, and on a callback page only once the sign-in has settled and painted: its
 * evaluation would otherwise hold up the login answer's handling and the address's first
 * paint. The transition log's code likewise (the recorder keeps the transitions meanwhile).
 * The account's screens (and the date format their session end needs) are made ready while
 * the browser has nothing to do, for the account that a sign-in will show.
 */
export function scheduleIdleWork({ actor, preload, recorder, isCallbackPage }: StartedApp): void {
  // A machine that stopped or failed never settles: the code is fetched all the same.
  const settled = isCallbackPage ? waitFor(actor, (snapshot) => snapshot.hasTag('settled')).catch(() => {}) : Promise.resolve();
  void settled.then(() =>
    whenIdle(() => {
      preload();
      void recorder.log().catch(() => {});
    }),
  );
  whenIdle(() => void loadAccountScreens().then((screens) => screens?.warmUpTimeFormat()));
}
