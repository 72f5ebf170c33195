import { useId, useState, type FormEvent } from 'react';
import { hasText } from '../../packages/sui-zklogin-wallet/src/core/message-text.ts';
import { SignatureVerdict } from './SignatureVerdict.tsx';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/**
 * Ready: sign a personal message with the zkLogin signer; the Sui node then verifies it.
 * The signature is shown with the text it signs and the node's verdict, together and apart
 * from the draft: editing the draft never makes an old verdict look like the new text's.
 */
export function SignMessage() {
  const send = useSend();
  const inputId = useId();
  const signedId = useId();
  const signatureId = useId();
  // The draft text is the form's own business; what gets signed is decided by the machine.
  const [message, setMessage] = useState('Hello from Sui zkLogin');
  const signature = useContextValue((context) => context.signature);
  const signedMessage = useContextValue((context) => context.signedMessage);
  // The signature and its verdict are the signed text's: once the draft differs, the page says so.
  const edited = signature !== null && signedMessage !== null && message !== signedMessage;
  const signing = useHasTag('signing-message');
  const canSign = useCan({ type: 'user.signMessage', message });
  // Nothing to sign (the machine's rule, which also makes canSign false): said beside the field.
  const empty = !hasText(message);
  const emptyId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.signMessage', message });
  };
  return (
    <form className="sign-message" onSubmit={submit}>
      <label htmlFor={inputId}>Message</label>
      <textarea
        id={inputId}
        value={message}
        rows={3}
        aria-describedby={empty ? emptyId : undefined}
        onChange={(event) => setMessage(event.target.value)}
      />
      {empty && (
        <p id={emptyId} className="hint">
          Write the message you want to sign.
        </p>
      )}
      <button type="submit" className="primary" disabled={!canSign}>
        {signing ? 'Signing…' : 'Sign message'}
      </button>
      {signature && (
        <section className="signature" aria-labelledby={signedId}>
          <h2 id={signedId}>Signed text</h2>
          {/* The text this signature signs, as it was signed: never the draft above. */}
          {/* At most a few lines high, scrolled by keyboard too: a long text would push the signature and its verdict far down. */}
          <blockquote className="signed-text" data-testid="signed-message" tabIndex={0} aria-labelledby={signedId}>
            {signedMessage}
          </blockquote>
          {edited && (
            <p className="notice edited" role="status" data-testid="message-edited">
              You changed the message after signing it. The signature and the verdict below are for the signed text above, not for
              your new text: sign again to sign it.
            </p>
          )}
          <h3 id={signatureId}>zkLogin signature</h3>
          {/* Long and scrollable, so it takes keyboard focus. */}
          <div className="signature-scroll" tabIndex={0} role="group" aria-labelledby={signatureId}>
            <code data-testid="signature">{signature}</code>
          </div>
          <SignatureVerdict />
        </section>
      )}
    </form>
  );
}
