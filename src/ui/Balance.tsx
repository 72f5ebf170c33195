import { accountWording, ALERT_PLACES } from './account-alert-wording.ts';
import { StepAlert } from './StepAlert.tsx';
import { formatSui } from '../../packages/sui-zklogin-wallet/src/core/sui-amount.ts';
import { useCan, useContextValue, useHasTag, useSend } from './use-sign-in.ts';

/** The SUI balance, with Refresh and (on testnet and devnet) Get test SUI. */
export function Balance({ faucet }: { faucet: boolean }) {
  const send = useSend();
  const balance = useContextValue((context) => context.balance);
  const balanceFailure = useContextValue((context) => context.balanceFailure);
  const loading = useHasTag('loading-balance');
  const funding = useHasTag('funding');
  const canRefresh = useCan({ type: 'user.refreshBalance' });
  const canFund = useCan({ type: 'user.requestTestSui' });
  const funded = useContextValue((context) => context.funded);
  return (
    <div className="balance">
      <p className="balance-line" aria-live="polite" aria-busy={loading}>
        <span className="balance-label">Balance</span>{' '}
        {balance !== null ? (
          <strong data-testid="balance" data-balance-mist={balance}>
            {formatSui(balance)} SUI
          </strong>
        ) : loading ? (
          <span className="muted">Loading…</span>
        ) : (
          <span className="muted">unknown</span>
        )}
        {loading && balance !== null && <span className="muted"> (refreshing…)</span>}
        {/* A read that failed keeps the last balance, which may no longer be true. */}
        {!loading && balance !== null && balanceFailure && <span className="muted"> (as last read; it may have changed)</span>}
      </p>
      {balanceFailure && !loading && (
        <p className="panel-message" role="alert">
          {balanceFailure}
        </p>
      )}
      <StepAlert shows={ALERT_PLACES.funding} wording={accountWording} />
      {funded !== null && !funding && (
        <p className="receipt" role="status" data-testid="funded">
          {funded === '0' ? 'The faucet answered, but sent no SUI.' : `The faucet sent ${formatSui(funded)} SUI.`}
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" disabled={!canRefresh} onClick={() => send({ type: 'user.refreshBalance' })}>
          Refresh
        </button>
        {faucet && (
          <button type="button" className="secondary" disabled={!canFund} onClick={() => send({ type: 'user.requestTestSui' })}>
            {funding ? 'Getting test SUI…' : 'Get test SUI'}
          </button>
        )}
      </div>
    </div>
  );
}
