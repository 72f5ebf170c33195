import { useState } from 'react';
import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { PROVIDER_LABELS } from '../../machines/providers.ts';
import { SignMessage } from './SignMessage.tsx';
import { StepAlert } from './StepAlert.tsx';
import { useCan, useContextValue, useStateName } from './use-sign-in.ts';

const formatTime = (time: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary small"
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/** Signed in, proving or ready: who the visitor is and what they can do next. */
export function Account({ actor }: { actor: SignInActorRef }) {
  const state = useStateName(actor);
  const provider = useContextValue(actor, (context) => context.provider);
  const address = useContextValue(actor, (context) => context.address);
  const expiresAt = useContextValue(actor, (context) => context.expiresAt);
  const canCreateProof = useCan(actor, { type: 'user.createProof' });
  const canSignOut = useCan(actor, { type: 'user.signOut' });
  return (
    <section className="account">
      <h1 id="page-title" tabIndex={-1}>
        {state === 'ready' ? 'Ready to sign' : 'You are signed in'}
      </h1>
      <StepAlert actor={actor} />
      <dl className="facts">
        <dt>Provider</dt>
        <dd>{provider ? PROVIDER_LABELS[provider] : '—'}</dd>
        <dt>Sui address</dt>
        <dd className="address-row">
          <code data-testid="address">{address}</code>
          {address && <CopyButton text={address} label="Copy address" />}
        </dd>
        {expiresAt !== null && (
          <>
            <dt>Session valid until</dt>
            <dd>{formatTime(expiresAt)}</dd>
          </>
        )}
      </dl>
      {state === 'proving' && (
        <div className="busy" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <p>Creating your zero-knowledge proof…</p>
        </div>
      )}
      {state === 'signed-in' && <p className="lead">Create a proof to sign messages and transactions with this address.</p>}
      <div className="actions">
        {state !== 'ready' && (
          <button
            type="button"
            className="primary"
            disabled={!canCreateProof}
            onClick={() => actor.send({ type: 'user.createProof' })}
          >
            Create proof
          </button>
        )}
        <button type="button" className="secondary" disabled={!canSignOut} onClick={() => actor.send({ type: 'user.signOut' })}>
          Sign out
        </button>
      </div>
      {state === 'ready' && <SignMessage actor={actor} />}
    </section>
  );
}
