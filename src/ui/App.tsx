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
import { useHasTag, useStateName } from './use-sign-in.ts';

// Only fetched when opened: the first load carries none of the panel's code.
const DevtoolsPanel = lazy(() => import('../devtools/DevtoolsPanel.tsx'));

/** The page: what it shows follows the machine's state and nothing else. */
export function App(props: { actor: SignInActorRef; config: AppConfig; log: TransitionLog; devtoolsOpen?: boolean }) {
  const { actor, config, log } = props;
  const state = useStateName(actor);
  const hasAccount = useHasTag(actor, 'has-account');
  const canSignIn = useHasTag(actor, 'can-sign-in');
  const busy = useHasTag(actor, 'busy');
  const devtoolsOpen = useDevtoolsToggle(props.devtoolsOpen ?? false);
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
        <StepProgress actor={actor} />
        {hasAccount ? (
          <Account actor={actor} />
        ) : canSignIn ? (
          <ProviderButtons actor={actor} config={config} />
        ) : busy ? (
          <BusyStatus actor={actor} />
        ) : (
          <FailureAlert actor={actor} />
        )}
      </main>
      {devtoolsOpen && (
        <Suspense fallback={<p role="status">Loading the statechart…</p>}>
          <DevtoolsPanel log={log} />
        </Suspense>
      )}
      <footer className="app-footer">
        {config.builtIn ? (
          <p>
            <strong>Built-in mode:</strong> a mock identity provider and a mock login service; no real account is used.
            Developers: press <kbd>{DEVTOOLS_SHORTCUT}</kbd> (or add <code>?devtools</code>) to see the statechart.
          </p>
        ) : (
          <p>Network: {config.network}</p>
        )}
      </footer>
    </div>
  );
}
