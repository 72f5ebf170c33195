import { availableProviders, type WalletConfig } from '../../packages/sui-zklogin-wallet/src/config.ts';
import { PROVIDER_LABELS, type Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import { signedOutWording } from './alert-wording.ts';
import { StepAlert } from './StepAlert.tsx';
import { useCan, useContextValue, useHasTag, useRequestedProviderLabel, useSend, useSnapshotValue } from './use-sign-in.ts';

function ProviderButton({ provider, again }: { provider: Provider; again: boolean }) {
  const event = { type: 'user.signIn', provider } as const;
  // Enabled from the machine: false while sign-out is still clearing storage.
  const enabled = useCan(event);
  const send = useSend();
  return (
    <button
      type="button"
      className={`provider provider-${provider}`}
      disabled={!enabled}
      // Intent: the machine may prepare the key and nonce before the click.
      // In popup mode the click opens the sign-in window in its own task (blockers allow
      // that); while one is open, a click brings it forward.
      onPointerEnter={() => send({ type: 'user.intent' })}
      onFocus={() => send({ type: 'user.intent' })}
      onClick={() => send(event)}
    >
      Sign in {again ? 'again ' : ''}with {PROVIDER_LABELS[provider]}
    </button>
  );
}

/** Popup mode: the sign-in window is open, and how to get back to it or out of it. */
function SignInWindowStatus() {
  const label = useRequestedProviderLabel();
  return (
    <p className="notice" role="status" data-testid="sign-in-window">
      Finish signing in with {label} in the window that opened. Lost it? Click the button again to bring it forward. Close it to
      cancel.
    </p>
  );
}

/** The start page: one button per provider offered (`offered`, of the configured ones; all of them by default). */
export function ProviderButtons({ config, offered }: { config: WalletConfig; offered?: readonly Provider[] | undefined }) {
  const notice = useContextValue((context) => context.notice);
  const loggedOut = useSnapshotValue((snapshot) => snapshot.matches('logged-out'));
  const cleared = useSnapshotValue((snapshot) => snapshot.matches({ 'logged-out': 'done' }));
  const clearingFailed = useContextValue((context) => context.clearingFailed);
  const awaitingWindow = useHasTag('awaiting-popup');
  // A session that ended by itself: its provider comes first ("Sign in again with …").
  const ended = useContextValue((context) => context.endedProvider);
  const transferUnderWay = useContextValue((context) => context.transferUnderWay);
  const providers = availableProviders(config).filter((provider) => !offered || offered.includes(provider));
  return (
    <section className="sign-in">
      <h1 id="page-title" tabIndex={-1}>
        Sign in to get your Sui address
      </h1>
      <StepAlert wording={signedOutWording} />
      {awaitingWindow ? (
        <SignInWindowStatus />
      ) : notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : (
        loggedOut && (
          <p className="notice" role="status">
            {cleared && !clearingFailed
              ? 'You are signed out. Your session, keys and proof have been cleared from this browser.'
              : 'You are signed out.'}
          </p>
        )
      )}
      {loggedOut && clearingFailed && (
        <p className="notice" role="status">
          This browser did not let this page delete everything it kept (its storage refused). Clearing this site&apos;s data in
          your browser&apos;s settings removes the rest.
        </p>
      )}
      {transferUnderWay && (
        <p className="notice" role="status" data-testid="transfer-under-way">
          The transfer of {transferUnderWay} SUI under way when you were signed out may still go through: your balance will show
          it when you sign in again.
        </p>
      )}
      <p className="lead">Your Sui address comes from your sign-in with zkLogin. No wallet or seed phrase needed.</p>
      <div className="providers">
        {[...providers.filter((p) => p === ended), ...providers.filter((p) => p !== ended)].map((provider) => (
          <ProviderButton key={provider} provider={provider} again={provider === ended} />
        ))}
      </div>
    </section>
  );
}
