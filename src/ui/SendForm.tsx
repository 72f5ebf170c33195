import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { checkTransfer } from '../../packages/sui-zklogin-wallet/src/core/transfer-input.ts';
import { accountWording, ALERT_PLACES } from './account-alert-wording.ts';
import { StepAlert } from './StepAlert.tsx';
import { formatSui } from '../../packages/sui-zklogin-wallet/src/core/sui-amount.ts';
import { amountMessage, RECIPIENT_MESSAGES } from './transfer-messages.ts';
import { useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/**
 * Send SUI: a recipient and an amount, read by the transfer rules (transfer-input.ts) into
 * the request the machine takes (in MIST), which it checks again. Mistakes are shown beside their field once the visitor has tried to send;
 * without a proof the machine creates one first, then sends.
 */
export function SendForm() {
  const send = useSend();
  const ids = { recipient: useId(), amount: useId(), recipientError: useId(), amountError: useId() };
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const balance = useContextValue((context) => context.balance);
  const pending = useContextValue((context) => context.pendingTransfer);
  const lastTransfer = useContextValue((context) => context.lastTransfer);
  const transferUnderWay = useContextValue((context) => context.transferUnderWay);
  const hasProof = useHasTag('has-proof');
  const proving = useHasTag('busy') && !hasProof;
  const sending = useHasTag('sending');
  const loadingBalance = useHasTag('loading-balance');
  const funding = useHasTag('funding');
  const nodeBusy = loadingBalance || funding || sending;
  // "Stay signed in" is taking this page to the provider: the machine starts no send now.
  const leaving = useHasTag('leaving-to-renew');
  // The send under way is the one the busy line names: its fields hold it until it ends
  // (read-only rather than disabled, so focus and the text stay where the visitor left them).
  const inFlight = pending !== null && (proving || sending);
  const startAfresh = () => {
    setRecipient('');
    setAmount('');
    setTried(false);
  };
  // A transfer went through: the form starts afresh (its amount was spent, so it would now read as too much).
  const [shownDigest, setShownDigest] = useState(lastTransfer?.digest);
  // (A new send clears the last receipt: the form keeps what it sends until its own arrives.)
  if (lastTransfer && lastTransfer.digest !== shownDigest) {
    setShownDigest(lastTransfer.digest);
    startAfresh();
  }
  // A transfer that may have gone through (its answer lost, and not found since): not one
  // click from a second one. The visitor types it again once they have looked.
  const failure = useContextValue((context) => context.failure);
  const unknownOutcome = failure?.step === 'sending' && failure.code === 'SUI_NODE_OUTCOME_UNKNOWN' ? failure : null;
  const [shownUnknown, setShownUnknown] = useState(unknownOutcome);
  if (unknownOutcome !== shownUnknown) {
    setShownUnknown(unknownOutcome);
    if (unknownOutcome) startAfresh();
  }
  // A new receipt is brought into view (on a phone it falls below the fold, under the form);
  // one there already when the form appears is not.
  const receipt = useRef<HTMLDivElement>(null);
  const firstDigest = useRef(shownDigest);
  useEffect(() => {
    if (shownDigest && shownDigest !== firstDigest.current) receipt.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shownDigest]);
  const check = checkTransfer({ recipient, amount, balance });
  const problems = tried && !check.ok ? check.problems : {};
  const errors = {
    recipient: problems.recipient && RECIPIENT_MESSAGES[problems.recipient],
    amount: problems.amount && amountMessage(problems.amount, balance),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!check.ok) {
      const firstInvalid = check.problems.recipient ? ids.recipient : ids.amount;
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    send({ type: 'user.send', ...check.request });
  };
  return (
    <form className="send" onSubmit={submit} noValidate aria-labelledby={`${ids.recipient}-title`}>
      <h3 id={`${ids.recipient}-title`}>Send SUI</h3>
      <label htmlFor={ids.recipient}>Recipient address</label>
      <input
        id={ids.recipient}
        name="recipient"
        value={recipient}
        placeholder="0x…"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors.recipient ? true : undefined}
        aria-describedby={errors.recipient ? ids.recipientError : undefined}
        readOnly={inFlight}
        onChange={(event) => setRecipient(event.target.value)}
      />
      {errors.recipient && (
        <p id={ids.recipientError} className="field-error">
          {errors.recipient}
        </p>
      )}
      <label htmlFor={ids.amount}>Amount (SUI)</label>
      <input
        id={ids.amount}
        name="amount"
        value={amount}
        inputMode="decimal"
        placeholder="0.5"
        autoComplete="off"
        aria-invalid={errors.amount ? true : undefined}
        aria-describedby={errors.amount ? ids.amountError : undefined}
        readOnly={inFlight}
        onChange={(event) => setAmount(event.target.value)}
      />
      {errors.amount && (
        <p id={ids.amountError} className="field-error">
          {errors.amount}
        </p>
      )}
      {!hasProof && !proving && <p className="hint">Sending creates your zero-knowledge proof first.</p>}
      {leaving && (
        <p className="hint">You can send again once this page is back from renewing your session with your provider.</p>
      )}
      <button type="submit" className="primary" disabled={nodeBusy || proving || leaving}>
        {sending ? 'Sending…' : 'Send'}
      </button>
      {inFlight && (
        <p className="busy-line" role="status">
          {proving ? 'Creating your proof, then sending ' : 'Sending '}
          {formatSui(pending.amount)} SUI…
        </p>
      )}
      <StepAlert shows={ALERT_PLACES.sending} wording={accountWording} />
      {transferUnderWay && (
        <p className="notice" role="status" data-testid="transfer-under-way">
          The transfer of {transferUnderWay} SUI under way while your session was being renewed may still go through: your balance
          will show it.
        </p>
      )}
      {lastTransfer && (
        <div className="receipt" role="status" ref={receipt}>
          <p>
            Sent {formatSui(lastTransfer.amount)} SUI to <code className="short">{lastTransfer.recipient}</code>
          </p>
          {lastTransfer.gasPaid !== undefined && (
            <p data-testid="gas-paid">
              {/* A storage rebate can be larger than the gas: the transfer then gave some back. */}
              {lastTransfer.gasPaid.startsWith('-')
                ? `Gas: ${formatSui(lastTransfer.gasPaid.slice(1))} SUI came back (storage rebate)`
                : `Gas paid: ${formatSui(lastTransfer.gasPaid)} SUI`}
            </p>
          )}
          <p>
            Transaction digest: <code data-testid="digest">{lastTransfer.digest}</code>
          </p>
        </div>
      )}
    </form>
  );
}
