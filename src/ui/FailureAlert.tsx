import { AlertMessage } from './AlertMessage.tsx';
import { signedOutWording } from './alert-wording.ts';
import { useCan, useContextValue, useSend } from './use-sign-in.ts';

/**
 * `failed`: the login lookup failed after the provider, with the token still in memory.
 * Its message, and the two ways on the machine allows.
 */
export function FailureAlert() {
  const send = useSend();
  const failure = useContextValue((context) => context.failure);
  const canRetry = useCan({ type: 'user.retry' });
  const canStartOver = useCan({ type: 'user.startOver' });
  if (!failure) return null;
  return (
    <section className="failure">
      <h1 id="page-title" tabIndex={-1}>
        {signedOutWording(failure).headline}
      </h1>
      <div className="alert">
        <AlertMessage failure={failure} />
        <div className="actions">
          {canRetry && (
            <button type="button" className="primary" onClick={() => send({ type: 'user.retry' })}>
              Try again
            </button>
          )}
          {canStartOver && (
            <button type="button" className={canRetry ? 'secondary' : 'primary'} onClick={() => send({ type: 'user.startOver' })}>
              Start over
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
