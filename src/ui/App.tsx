import { lazy, Suspense, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SignInActorRef } from '../../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import type { TransitionLog } from '../transition-log/transition-log.ts';
import type { WalletConfig } from '../../packages/sui-zklogin-wallet/src/config.ts';
import type { OfferedProviders } from './offered-providers.ts';
import {
  accountScreensModule,
  loadAccountScreens,
  loadAttempts,
  retryAccountScreens,
  type AccountScreens,
} from './account-screens-loader.ts';
import { BuiltInModeBanner } from './BuiltInModeNote.tsx';
import { BusyStatus } from './BusyStatus.tsx';
import { PanelUnavailable } from '../devtools/PanelUnavailable.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { StepProgress } from './StepProgress.tsx';
import { useDevtoolsToggle } from './use-devtools-toggle.ts';
import { useFocusOnChange } from './use-focus-on-change.ts';
import { SignInActorContext, useContextValue, useHasTag, useSend, useJourneyStep } from './use-sign-in.ts';

/** Ours (the spec names none): the account's screens did not arrive; the session is untouched. */
export const SCREENS_NOT_LOADED =
  "This page could not load your account's screens (check your connection). You are still signed in: try again, or reload the page.";

/**
 * Renders its children with the account's screens: at once when their chunk has arrived,
 * else once it does (the nearest Suspense's fallback meanwhile). `missing` is shown when
 * the chunk could not be loaded.
 */
function WithAccountScreens({
  children,
  missing,
}: {
  children: (screens: AccountScreens) => ReactNode;
  missing?: (retry: () => void) => ReactNode;
}) {
  // A retry asked for anywhere renders every place again: each asks for the chunk anew.
  useSyncExternalStore(loadAttempts.subscribe, loadAttempts.get);
  const screens = accountScreensModule.get() ?? use(loadAccountScreens());
  if (screens) return children(screens);
  return missing ? missing(retryAccountScreens) : null;
}

function LoadingAccount() {
  return (
    <div className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <h1 id="page-title" tabIndex={-1}>
        Opening your account…
      </h1>
    </div>
  );
}

/** What the visitor had stays in sight without the account's chunk: the address, and Sign out. */
function ScreensNotLoaded({ retry }: { retry: () => void }) {
  const address = useContextValue((context) => context.address);
  const send = useSend();
  return (
    <div className="failure">
      <h1 id="page-title" tabIndex={-1}>
        You are signed in
      </h1>
      <p>
        Your Sui address: <code data-testid="address">{address}</code>
      </p>
      <div role="alert">
        <p className="alert-message">{SCREENS_NOT_LOADED}</p>
      </div>
      <button type="button" onClick={retry}>
        Try again
      </button>
      <button type="button" className="secondary" onClick={() => send({ type: 'user.signOut' })}>
        Sign out
      </button>
    </div>
  );
}

interface AppProps {
  actor: SignInActorRef;
  config: WalletConfig;
  /** The transition log, for the devtools panel: the same promise on every call. */
  transitionLog: () => Promise<TransitionLog>;
  devtoolsOpen?: boolean;
  /** What the page says at its foot; the network by default (the boot gives built-in mode's note). */
  footer?: ReactNode;
  /** What the page shows below the account, above its foot (the hosted wallet's connected sites). */
  aside?: ReactNode;
  /** The sign-in providers the page offers, of the configured ones, as they change: all by default (the hosted wallet's window, the one its site asked for). */
  offered?: OfferedProviders | undefined;
  /** The name in the page's header: "Sui zkLogin" by default (the hosted wallet's pages say they are the wallet). */
  name?: string | undefined;
}

/** Every configured provider, for a page that narrows none. */
const EVERY_PROVIDER: OfferedProviders = { get: () => undefined, subscribe: () => () => {} };

/**
 * The statechart panel with the transition log, fetched only when opened: the first load
 * carries none of the panel's code. If either does not arrive, that is said in the panel's
 * place; the panel keeps its own failures to itself (DevtoolsPanel.tsx).
 */
const lazyDevtools = (transitionLog: AppProps['transitionLog']) =>
  lazy(() =>
    Promise.all([import('../devtools/DevtoolsPanel.tsx'), transitionLog()]).then(
      ([{ default: Panel }, log]) => ({ default: () => <Panel log={log} /> }),
      () => ({ default: PanelUnavailable }),
    ),
  );

/** The page, given the running actor: everything below reads it from the context. */
export function App({ actor, ...props }: AppProps) {
  return (
    <SignInActorContext value={actor}>
      <Page {...props} />
    </SignInActorContext>
  );
}

/** What the page shows follows the machine's state and nothing else. */
function Page({ config, transitionLog, devtoolsOpen: initiallyOpen, footer, aside, offered, name }: Omit<AppProps, 'actor'>) {
  const state = useJourneyStep();
  const hasAccount = useHasTag('has-account');
  const canSignIn = useHasTag('can-sign-in');
  const loginFailed = useHasTag('login-failed');
  const devtoolsOpen = useDevtoolsToggle(initiallyOpen ?? false);
  const offeredNow = useSyncExternalStore((offered ?? EVERY_PROVIDER).subscribe, (offered ?? EVERY_PROVIDER).get);
  const [Devtools] = useState(() => lazyDevtools(transitionLog));
  useFocusOnChange(state);
  return (
    <div className={devtoolsOpen ? 'app with-devtools' : 'app'} data-sign-in-state={state}>
      <header className="app-header">
        <span className="logo" aria-hidden="true">
          ◆
        </span>
        <span>{name ?? 'Sui zkLogin'}</span>
        {/* A build-time constant first: a real-mode page carries none of built-in mode's text. */}
        {__SIGN_IN_CONFIG__.builtIn && config.builtIn && <BuiltInModeBanner />}
      </header>
      <main className="card" aria-labelledby="page-title">
        <StepProgress />
        {hasAccount ? (
          <Suspense fallback={<LoadingAccount />}>
            <WithAccountScreens missing={(retry) => <ScreensNotLoaded retry={retry} />}>
              {({ Account }) => <Account />}
            </WithAccountScreens>
          </Suspense>
        ) : canSignIn ? (
          <ProviderButtons config={config} offered={offeredNow} />
        ) : loginFailed ? (
          <FailureAlert />
        ) : (
          <BusyStatus />
        )}
      </main>
      {hasAccount && (
        <Suspense fallback={null}>
          <WithAccountScreens>{({ ChainPanel }) => <ChainPanel config={config} />}</WithAccountScreens>
        </Suspense>
      )}
      {aside}
      {devtoolsOpen && (
        <Suspense fallback={<p role="status">Loading the statechart…</p>}>
          <Devtools />
        </Suspense>
      )}
      <footer className="app-footer">{footer ?? <p>Network: {config.network}</p>}</footer>
    </div>
  );
}
