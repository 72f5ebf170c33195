import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { PROVIDER_LABELS, isProvider } from '../../machines/providers.ts';
import { useContextValue, useStateName } from './use-sign-in.ts';

/** Progress while the machine waits on an actor. */
export function BusyStatus({ actor }: { actor: SignInActorRef }) {
  const state = useStateName(actor);
  const requested = useContextValue(actor, (context) => context.requestedProvider);
  const providerLabel = isProvider(requested) ? PROVIDER_LABELS[requested] : 'your provider';
  const text: Record<string, string> = {
    restoring: 'Checking for an existing session…',
    redirecting: `Preparing a secure sign-in with ${providerLabel}…`,
    'callback-validating': 'Checking the sign-in response…',
    'fetching-login': 'Getting your Sui address…',
  };
  return (
    <div className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <h1 id="page-title" tabIndex={-1}>
        {text[state]}
      </h1>
    </div>
  );
}
