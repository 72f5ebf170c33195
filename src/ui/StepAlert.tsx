import type { FailedStep } from '../../machines/sign-in.types.ts';
import { AlertMessage } from './AlertMessage.tsx';
import { alertTitle } from './step-titles.ts';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/** Failures of the node's work, shown in the chain panel beside the control that failed. */
const CHAIN_STEPS: readonly FailedStep[] = ['funding', 'sending'];

/**
 * The last failure, shown beside the controls of the state the visitor is in (the sign-in
 * buttons, or the account). Those controls are the way on; this only tells, and closes.
 * With `steps`, only a failure of those steps (the chain panel's); without, any other.
 */
export function StepAlert({ steps }: { steps?: readonly FailedStep[] }) {
  const send = useSend();
  const failure = useContextValue((context) => context.failure);
  const canDismiss = useCan({ type: 'user.dismiss' });
  const hasAccount = useHasTag('has-account');
  if (!failure) return null;
  if (steps ? !steps.includes(failure.step) : CHAIN_STEPS.includes(failure.step)) return null;
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
