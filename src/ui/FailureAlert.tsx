import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { AlertMessage } from './AlertMessage.tsx';
import { STEP_TITLES } from './step-titles.ts';
import { useCan, useContextValue } from './use-sign-in.ts';

/**
 * `failed`: the login lookup failed after the provider, with the token still in memory.
 * Its message, and the two ways on the machine allows.
 */
export function FailureAlert({ actor }: { actor: SignInActorRef }) {
  const failure = useContextValue(actor, (context) => context.failure);
  const canRetry = useCan(actor, { type: 'user.retry' });
  const canStartOver = useCan(actor, { type: 'user.startOver' });
  if (!failure) return null;
  return (
    <section className="failure">
      <h1 id="page-title" tabIndex={-1}>
        {STEP_TITLES[failure.step]}
      </h1>
      <div className="alert">
        <AlertMessage failure={failure} />
        <div className="actions">
          {canRetry && (
            <button type="button" className="primary" onClick={() => actor.send({ type: 'user.retry' })}>
              Try again
            </button>
          )}
          {canStartOver && (
            <button
              type="button"
              className={canRetry ? 'secondary' : 'primary'}
              onClick={() => actor.send({ type: 'user.startOver' })}
            >
              Start over
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
