import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/** Under the signature: what the Sui node says about it. */
export function SignatureVerdict() {
  const send = useSend();
  const verification = useContextValue((context) => context.verification);
  const verifying = useHasTag('verifying-signature');
  const canVerifyAgain = useCan({ type: 'user.verifySignature' });
  if (verifying) {
    return (
      <p className="verdict pending" role="status">
        Asking the Sui node to verify this signature…
      </p>
    );
  }
  if (!verification) return null;
  if (verification.status === 'verified') {
    return (
      <p className="verdict verified" role="status" data-verification="verified">
        <span aria-hidden="true">✓ </span>Verified by the Sui node
      </p>
    );
  }
  return (
    <div className="verdict refused" data-verification={verification.status}>
      <p role="alert">
        {verification.status === 'refused'
          ? 'The Sui node refused this signature: '
          : 'The Sui node could not check this signature: '}
        {verification.reason}
      </p>
      {verification.status === 'unavailable' && (
        <button
          type="button"
          className="secondary small"
          disabled={!canVerifyAgain}
          onClick={() => send({ type: 'user.verifySignature' })}
        >
          Verify again
        </button>
      )}
    </div>
  );
}
