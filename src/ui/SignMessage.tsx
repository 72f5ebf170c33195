import { useId, useState, type FormEvent } from 'react';
import { SignatureVerdict } from './SignatureVerdict.tsx';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/** Ready: sign a personal message with the zkLogin signer; the Sui node then verifies it. */
export function SignMessage() {
  const send = useSend();
  const inputId = useId();
  const signatureId = useId();
  // The draft text is the form's own business; what gets signed is decided by the machine.
  const [message, setMessage] = useState('Hello from Sui zkLogin');
  const signature = useContextValue((context) => context.signature);
  const signing = useHasTag('signing-message');
  const canSign = useCan({ type: 'user.signMessage', message });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.signMessage', message });
  };
  return (
    <form className="sign-message" onSubmit={submit}>
      <label htmlFor={inputId}>Message</label>
      <textarea id={inputId} value={message} rows={3} onChange={(event) => setMessage(event.target.value)} />
      <button type="submit" className="primary" disabled={!canSign}>
        {signing ? 'Signing…' : 'Sign message'}
      </button>
      {signature && (
        <div className="signature">
          <h2 id={signatureId}>zkLogin signature</h2>
          {/* Long and scrollable, so it takes keyboard focus. */}
          <div className="signature-scroll" tabIndex={0} role="group" aria-labelledby={signatureId}>
            <code data-testid="signature">{signature}</code>
          </div>
          <SignatureVerdict />
        </div>
      )}
    </form>
  );
}
