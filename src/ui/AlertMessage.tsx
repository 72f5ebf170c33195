import type { Failure } from '../../machines/sign-in.types.ts';

/** The announced part of an alert: the failure's message (and detail), and nothing else. */
export function AlertMessage({ failure }: { failure: Failure }) {
  return (
    <div role="alert">
      <p className="alert-message">{failure.message}</p>
      {failure.detail && <p className="alert-detail">{failure.detail}</p>}
    </div>
  );
}
