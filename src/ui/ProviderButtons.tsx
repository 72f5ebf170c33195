import type { SignInActorRef } from '../app/sign-in-actor.ts';
import { availableProviders, type AppConfig } from '../config.ts';
import { PROVIDER_LABELS, type Provider } from '../../machines/providers.ts';
import { StepAlert } from './StepAlert.tsx';
import { useCan, useContextValue, useMatches } from './use-sign-in.ts';

function ProviderButton({ actor, provider }: { actor: SignInActorRef; provider: Provider }) {
  const event = { type: 'user.signIn', provider } as const;
  // Enabled from the machine: false while sign-out is still clearing storage.
  const enabled = useCan(actor, event);
  return (
    <button
      type="button"
      className={`provider provider-${provider}`}
      disabled={!enabled}
      // Intent: the machine may prepare the key and nonce before the click.
      onPointerEnter={() => actor.send({ type: 'user.intent' })}
      onFocus={() => actor.send({ type: 'user.intent' })}
      onClick={() => actor.send(event)}
    >
      Sign in with {PROVIDER_LABELS[provider]}
    </button>
  );
}

/** The start page: one button per configured provider. */
export function ProviderButtons({ actor, config }: { actor: SignInActorRef; config: AppConfig }) {
  const notice = useContextValue(actor, (context) => context.notice);
  const loggedOut = useMatches(actor, 'logged-out');
  return (
    <section className="sign-in">
      <h1 id="page-title" tabIndex={-1}>
        Sign in to get your Sui address
      </h1>
      <StepAlert actor={actor} />
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : (
        loggedOut && (
          <p className="notice" role="status">
            You are signed out. Your session, keys and proof have been cleared from this browser.
          </p>
        )
      )}
      <p className="lead">Your Sui address comes from your sign-in with zkLogin. No wallet or seed phrase needed.</p>
      <div className="providers">
        {availableProviders(config).map((provider) => (
          <ProviderButton key={provider} actor={actor} provider={provider} />
        ))}
      </div>
    </section>
  );
}
