import type { SignInActorRef } from '../app/sign-in-actor.ts';
import type { AppConfig } from '../config.ts';
import { Account } from './Account.tsx';
import { BusyStatus } from './BusyStatus.tsx';
import { FailureAlert } from './FailureAlert.tsx';
import { ProviderButtons } from './ProviderButtons.tsx';
import { StepProgress } from './StepProgress.tsx';
import { useFocusOnChange } from './use-focus-on-change.ts';
import { useStateName } from './use-sign-in.ts';

const BUSY_STATES = new Set(['restoring', 'redirecting', 'callback-validating', 'fetching-login']);

/** The page: what it shows follows the machine's state and nothing else. */
export function App({ actor, config }: { actor: SignInActorRef; config: AppConfig }) {
  const state = useStateName(actor);
  useFocusOnChange(state);
  return (
    <div className="app" data-sign-in-state={state}>
      <header className="app-header">
        <span className="logo" aria-hidden="true">◆</span>
        <span>Sui zkLogin</span>
      </header>
      <main className="card" aria-labelledby="page-title">
        <StepProgress actor={actor} />
        {BUSY_STATES.has(state) && <BusyStatus actor={actor} />}
        {(state === 'idle' || state === 'logged-out') && <ProviderButtons actor={actor} config={config} />}
        {(state === 'signed-in' || state === 'proving' || state === 'ready') && <Account actor={actor} />}
        {state === 'failed' && <FailureAlert actor={actor} />}
      </main>
      <footer className="app-footer">
        {config.builtIn ? (
          <p>
            <strong>Built-in mode:</strong> a mock identity provider and a mock login service; no real account is
            used.
          </p>
        ) : (
          <p>Network: {config.network}</p>
        )}
      </footer>
    </div>
  );
}
