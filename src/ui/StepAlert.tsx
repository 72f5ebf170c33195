import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { AlertMessage } from './AlertMessage.tsx';
import { alertTitle } from './step-titles.ts';
import { useCan, useContextValue, useHasTag } from './use-sign-in.ts';

/**
 * The last failure, shown beside the controls of the state the visitor is in (the sign-in
 * buttons, or the account). Those controls are the way on; this only tells, and closes.
 */
export function StepAlert({ actor }: { actor: SignInActorRef }) {
  const failure = useContextValue(actor, (context) => context.failure);
  const canDismiss = useCan(actor, { type: 'user.dismiss' });
  const hasAccount = useHasTag(actor, 'has-account');
  if (!failure) return null;
  return (
    <div className="alert step-alert">
      <div className="alert-body">
        <p className="alert-title">{alertTitle(failure, hasAccount)}</p>
        <AlertMessage failure={failure} />
      </div>
      {canDismiss && (
        <button type="button" className="secondary small" onClick={() => actor.send({ type: 'user.dismiss' })}>
          Dismiss
        </button>
      )}
    </div>
  );
}
