import { PROVIDER_LABELS } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import type { Failure } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';

/**
 * The announced part of an alert: the failure's message, and what the identity provider
 * said in its own words, if it said anything: quoted and named as the provider's, beneath
 * ours, never passed off as our own text.
 */
export function AlertMessage({ failure }: { failure: Failure }) {
  const answer = failure.providerAnswer;
  const who = answer?.provider ? PROVIDER_LABELS[answer.provider] : 'The provider';
  return (
    <div role="alert">
      <p className="alert-message">{failure.message}</p>
      {answer && (
        <p className="alert-detail">
          {who} said: <q className="provider-answer">{answer.text}</q>
        </p>
      )}
    </div>
  );
}
