import { AlertMessage } from './AlertMessage.tsx';
import { alertTitle } from './step-titles.ts';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/**
 * The last failure, shown beside the controls of the state the visitor is in (the sign-in
 * buttons, or the account). Those controls are the way on; this only tells, and closes.
 */
export function StepAlert() {
  const send = useSend();
  const failure = useContextValue((context) => context.failure);
  const canDismiss = useCan({ type: 'user.dismiss' });
  const hasAccount = useHasTag('has-account');
  if (!failure) return null;
  return (
    <div className="alert step-alert">
      <div className="alert-body">
        <p className="alert-title">{alertTitle(failure, hasAccount)}</p>
        <AlertMessage failure={failure} />
      </div>
      {canDismiss && (
        <button type="button" className="secondary small" onClick={() => send({ type: 'user.dismiss' })}>
          Dismiss
        </button>
      )}
    </div>
  );
}
