import { lazy, Suspense } from 'react';
import type { SignInActorRef } from '../app/sign-in-actor.ts';
import type { TransitionLog } from '../app/transition-log.ts';
import type { AppConfig } from '../config.ts';
import { Account } from './Account.tsx';
import { BusyStatus } from './BusyStatus.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { StepProgress } from './StepProgress.tsx';
import { useDevtoolsToggle, DEVTOOLS_SHORTCUT } from './use-devtools-toggle.ts';
import { useFocusOnChange } from './use-focus-on-change.ts';
import { SignInActorContext, useHasTag, useStateName } from './use-sign-in.ts';

// Only fetched when opened: the first load carries none of the panel's code.
const DevtoolsPanel = lazy(() => import('../devtools/DevtoolsPanel.tsx'));
// Only fetched with an account: the sign-in page carries none of it.
const ChainPanel = lazy(() => import('./ChainPanel.tsx').then((module) => ({ default: module.ChainPanel })));

interface AppProps {
  actor: SignInActorRef;
  config: AppConfig;
  log: TransitionLog;
  devtoolsOpen?: boolean;
}

/** The page, given the running actor: everything below reads it from the context. */
export function App({ actor, ...props }: AppProps) {
  return (
    <SignInActorContext value={actor}>
      <Page {...props} />
    </SignInActorContext>
  );
}

/** What the page shows follows the machine's state and nothing else. */
function Page({ config, log, devtoolsOpen: initiallyOpen }: Omit<AppProps, 'actor'>) {
  const state = useStateName();
  const hasAccount = useHasTag('has-account');
  const canSignIn = useHasTag('can-sign-in');
  const loginFailed = useHasTag('login-failed');
  const devtoolsOpen = useDevtoolsToggle(initiallyOpen ?? false);
  useFocusOnChange(state);
  return (
    <div className={devtoolsOpen ? 'app with-devtools' : 'app'} data-sign-in-state={state}>
      <header className="app-header">
        <span className="logo" aria-hidden="true">
          ◆
        </span>
        <span>Sui zkLogin</span>
      </header>
      <main className="card" aria-labelledby="page-title">
        <StepProgress />
        {hasAccount ? (
          <Account />
        ) : canSignIn ? (
          <ProviderButtons config={config} />
        ) : loginFailed ? (
          <FailureAlert />
        ) : (
          <BusyStatus />
        )}
      </main>
      {hasAccount && (
        <Suspense fallback={null}>
          <ChainPanel config={config} />
        </Suspense>
      )}
      {devtoolsOpen && (
        <Suspense fallback={<p role="status">Loading the statechart…</p>}>
          <DevtoolsPanel log={log} />
        </Suspense>
      )}
      <footer className="app-footer">
        {config.builtIn ? (
          <p>
            <strong>Built-in mode:</strong> a mock identity provider, a mock login service and a mock Sui node; no real account or
            coin is used. Developers: press <kbd>{DEVTOOLS_SHORTCUT}</kbd> (or add <code>?devtools</code>) to see the statechart.
          </p>
        ) : (
          <p>Network: {config.network}</p>
        )}
      </footer>
    </div>
  );
}
