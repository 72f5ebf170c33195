import { useContextValue, useHasTag, useRequestedProviderLabel, useSend, useSnapshotValue } from './use-sign-in.ts';
import { stillWaitingFor } from './waiting-words.ts';

/** Progress while the machine waits on an actor. */
export function BusyStatus() {
  // Such as: the sign-in window was blocked, so this page goes to the provider instead.
  const notice = useContextValue((context) => context.notice);
  const providerLabel = useRequestedProviderLabel();
  const stalled = useHasTag('navigation-stalled');
  const send = useSend();
  // The states are named through the machine's typed `matches`, so a renamed state fails to compile.
  const text = useSnapshotValue((snapshot) =>
    snapshot.matches('restoring')
      ? 'Checking for an existing session…'
      : snapshot.matches('redirecting')
        ? `Preparing a secure sign-in with ${providerLabel}…`
        : snapshot.matches('callback-validating')
          ? 'Checking the sign-in response…'
          : 'Getting your Sui address…',
  );
  return (
    <div className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <h1 id="page-title" tabIndex={-1}>
        {text}
      </h1>
      {notice && <p className="notice">{notice}</p>}
      {stalled && (
        <div className="way-back">
          <p className="notice">{stillWaitingFor(providerLabel, 'go back to the sign-in buttons and choose again')}</p>
          <button type="button" className="secondary" onClick={() => send({ type: 'user.stopWaiting' })}>
            Back to sign-in
          </button>
        </div>
      )}
    </div>
  );
}
