import type { FailedStep } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import { AlertMessage } from './AlertMessage.tsx';
import type { Wording } from './alert-wording.ts';
import { useCan, useContextValue, useSend } from './use-sign-in.ts';

/**
 * The last failure, shown beside the controls of the state the visitor is in (the sign-in
 * buttons, or the account). Those controls are the way on; this only tells, and closes:
 * its headline in plain words (from `wording`, the caller's), the catalogue's message
 * beneath. Something that harmed nothing is a notice, not a red error.
 * With `shows`, only a failure of the steps it picks (the account keeps the chain panel's
 * failures for the panel); without, any failure.
 */
export function StepAlert({ shows, wording }: { shows?: (step: FailedStep) => boolean; wording: Wording }) {
  const send = useSend();
  const failure = useContextValue((context) => context.failure);
  const canDismiss = useCan({ type: 'user.dismiss' });
  if (!failure || (shows && !shows(failure.step))) return null;
  const { headline, notice } = wording(failure);
  return (
    <div className={`step-alert ${notice ? 'notice' : 'alert'}`}>
      <div className="alert-body">
        <p className="alert-title">{headline}</p>
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
