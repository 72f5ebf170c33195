import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { useCan, useContextValue } from './use-sign-in.ts';

const STEP_TITLES: Record<string, string> = {
  redirecting: 'Could not start the sign-in',
  'callback-validating': 'The sign-in response was refused',
  'fetching-login': 'Could not get your Sui address',
  proving: 'Could not create the proof',
  signing: 'Could not sign the message',
};

/** A failure: its message, and every way on the machine allows. */
export function FailureAlert({ actor }: { actor: SignInActorRef }) {
  const failure = useContextValue(actor, (context) => context.failure);
  const canRetry = useCan(actor, { type: 'user.retry' });
  const canStartOver = useCan(actor, { type: 'user.startOver' });
  // Offer sign-out only to a visitor who has something to sign out of.
  const signedIn = useContextValue(actor, (context) => context.address !== null);
  if (!failure) return null;
  return (
    <section className="failure">
      <h1 id="page-title" tabIndex={-1}>{STEP_TITLES[failure.step] ?? 'Something went wrong'}</h1>
      <div className="alert">
        {/* Only the message is announced (and is the alert's whole text); the ways on follow it. */}
        <div role="alert">
          <p className="alert-message">{failure.message}</p>
          {failure.detail && <p className="alert-detail">{failure.detail}</p>}
        </div>
        <div className="actions">
        {canRetry && (
          <button type="button" className="primary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </button>
        )}
        {canStartOver && (
          <button type="button" className={canRetry ? 'secondary' : 'primary'} onClick={() => actor.send({ type: 'user.startOver' })}>
            Start over
          </button>
        )}
        {signedIn && (
          <button type="button" className="secondary" onClick={() => actor.send({ type: 'user.signOut' })}>
            Sign out
          </button>
        )}
        </div>
      </div>
    </section>
  );
}
