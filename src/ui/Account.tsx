import { Fragment, useEffect, useState } from 'react';
import { PROVIDER_LABELS } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import { SignMessage } from './SignMessage.tsx';
import { accountWording, ALERT_PLACES } from './account-alert-wording.ts';
import { StepAlert } from './StepAlert.tsx';
import { isoTime, useLocalTime } from './use-local-time.ts';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';
import { stillWaitingFor } from './waiting-words.ts';

/** How long "Copied" stays beside the button. */
const COPIED_SHOWN_MS = 2_000;

function CopyButton({ text, label }: { text: string; label: string }) {
  // A new object at each copy: a second copy says it again, for as long again.
  const [outcome, setOutcome] = useState<{ copied: boolean } | null>(null);
  useEffect(() => {
    // A refusal stays until the next try: it says what to do instead.
    if (!outcome?.copied) return;
    const gone = setTimeout(() => setOutcome(null), COPIED_SHOWN_MS);
    return () => clearTimeout(gone);
  }, [outcome]);
  const copy = () => {
    let writing: Promise<void>;
    try {
      // In the click's own task, where the browser allows it; a page with no clipboard API throws here.
      writing = navigator.clipboard.writeText(text);
    } catch (error) {
      writing = Promise.reject(error);
    }
    writing.then(
      () => setOutcome({ copied: true }),
      () => setOutcome({ copied: false }),
    );
  };
  return (
    <>
      <button type="button" className="secondary small" onClick={copy}>
        {label}
      </button>
      {/* Said beside the button, which keeps its name: a screen reader hears it once. */}
      <span className="copy-outcome" aria-live="polite" data-testid="copy-outcome">
        {outcome && (outcome.copied ? 'Copied' : 'Could not copy: select the address instead.')}
      </span>
    </>
  );
}

/**
 * The address in groups for the eye ("0x3aca 9369 5ff0 …"): each group a box of its own with
 * a line break allowed only between groups, so a line never ends with one or two stray
 * characters. The text is the address exactly (copy, find, a screen reader, a test): the
 * gaps are margins, not spaces.
 */
function GroupedAddress({ address }: { address: string }) {
  const groups = [address.slice(0, 6), ...(address.slice(6).match(/.{1,4}/g) ?? [])];
  return (
    <code data-testid="address" className="address">
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span>{group}</span>
        </Fragment>
      ))}
    </code>
  );
}

function SessionEnd({ time }: { time: number }) {
  const text = useLocalTime(time);
  return <time dateTime={isoTime(time)}>{text ?? '\u00a0'}</time>;
}

/**
 * The session's last ten minutes: when it ends, and "Stay signed in" (the same provider
 * again, for a new session of the same account). While the renewal is under way the button
 * stays (in popup mode a click brings its window forward); what happened to the last one is
 * said here too.
 */
function RenewalNotice({ expiresAt }: { expiresAt: number }) {
  const send = useSend();
  const renewing = useHasTag('renewing');
  const stalled = useHasTag('navigation-stalled');
  const provider = useContextValue((context) => context.provider);
  const canRenew = useCan({ type: 'user.renew' });
  const notice = useContextValue((context) => context.notice);
  return (
    <div className="notice renewal" role="status" data-testid="renewal">
      <p>
        Your session ends at <SessionEnd time={expiresAt} />.{' '}
        {stalled
          ? stillWaitingFor(provider ? PROVIDER_LABELS[provider] : 'your provider', 'stop waiting and try again')
          : renewing
            ? 'Renewing it with your provider…'
            : canRenew
              ? 'Stay signed in to keep this address without signing out.'
              : // Offered and not taken: the machine waits for a send's or a site's answer (said, not only greyed).
                'Stay signed in once what is under way (a transfer, or a site’s request) has its answer.'}
      </p>
      {notice && <p>{notice}</p>}
      <button type="button" className="primary" disabled={!canRenew} onClick={() => send({ type: 'user.renew' })}>
        Stay signed in
      </button>
      {stalled && (
        <button type="button" className="secondary" onClick={() => send({ type: 'user.stopWaiting' })}>
          Stop waiting
        </button>
      )}
    </div>
  );
}

/** Signed in, proving or ready: who the visitor is and what they can do next. */
export function Account() {
  const hasProof = useHasTag('has-proof');
  const busy = useHasTag('busy');
  const send = useSend();
  const provider = useContextValue((context) => context.provider);
  const address = useContextValue((context) => context.address);
  const email = useContextValue((context) => context.email);
  const expiresAt = useContextValue((context) => context.expiresAt);
  const canCreateProof = useCan({ type: 'user.createProof' });
  const canSignOut = useCan({ type: 'user.signOut' });
  const renewalOffered = useHasTag('can-renew');
  const renewing = useHasTag('renewing');
  return (
    <section className="account">
      <h1 id="page-title" tabIndex={-1}>
        {hasProof ? 'Ready to sign' : 'You are signed in'}
      </h1>
      <StepAlert shows={ALERT_PLACES.card} wording={accountWording} />
      <dl className="facts">
        <dt>Provider</dt>
        <dd>{provider ? PROVIDER_LABELS[provider] : '—'}</dd>
        {email && (
          <>
            <dt>Signed in as</dt>
            <dd className="identity" data-testid="identity">
              {email}
            </dd>
          </>
        )}
        <dt>Sui address</dt>
        <dd className="address-row">
          {address && <GroupedAddress address={address} />}
          {address && <CopyButton text={address} label="Copy address" />}
        </dd>
        {expiresAt !== null && (
          <>
            <dt>Session valid until</dt>
            <dd>
              <SessionEnd time={expiresAt} />
            </dd>
          </>
        )}
      </dl>
      {(renewalOffered || renewing) && expiresAt !== null && <RenewalNotice expiresAt={expiresAt} />}
      {busy && !hasProof && (
        <div className="busy" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>Creating your zero-knowledge proof…</p>
        </div>
      )}
      {!busy && !hasProof && <p className="lead">Create a proof to sign messages and transactions with this address.</p>}
      <div className="actions">
        {!hasProof && (
          <button type="button" className="primary" disabled={!canCreateProof} onClick={() => send({ type: 'user.createProof' })}>
            Create proof
          </button>
        )}
        <button type="button" className="secondary" disabled={!canSignOut} onClick={() => send({ type: 'user.signOut' })}>
          Sign out
        </button>
      </div>
      {hasProof && <SignMessage />}
    </section>
  );
}
