/**
 * The example dApp's page: dapp-kit's Connect button, the connected address, "Sign
 * message", and a transfer of 0.001 SUI to the connected address itself, signed only
 * ("Sign transaction") or signed and executed ("Sign and execute"). Every call goes to the
 * connected wallet through dapp-kit; results and refusals are shown beside the buttons.
 */
import {
  DAppKitProvider,
  useCurrentAccount,
  useCurrentWallet,
  useDAppKit,
  type DefaultExpectedDppKit,
} from '@mysten/dapp-kit-react';
import { ConnectButton } from '@mysten/dapp-kit-react/ui';
import { Transaction } from '@mysten/sui/transactions';
import { useState } from 'react';
import { useKeptFocus } from '../ui/use-focus-on-change.ts';

/** The hosted wallet's own page (wallet.html with no site named): its account and connected sites. */
const walletPageUrl = (walletUrl: string) => new URL('wallet.html', walletUrl.endsWith('/') ? walletUrl : `${walletUrl}/`).href;

/** 0.001 SUI, in MIST. */
const TRANSFER_MIST = 1_000_000n;
const MESSAGE = 'Hello from the example dApp';

type Outcome = { kind: 'message' | 'signed' | 'executed'; lines: [string, string][] } | { kind: 'error'; text: string };

function transferToSelf(address: string) {
  const transaction = new Transaction();
  const [coin] = transaction.splitCoins(transaction.gas, [TRANSFER_MIST]);
  transaction.transferObjects([coin!], address);
  return transaction;
}

function Actions() {
  const dAppKit = useDAppKit();
  const account = useCurrentAccount();
  const wallet = useCurrentWallet();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A button is disabled while its request is out (its window open): it has the focus back after.
  useKeptFocus();
  if (!account) return <p className="hint">Connect a wallet to sign with it. The zkLogin wallets are named “Sign in with …”.</p>;

  const run = (name: string, action: () => Promise<Outcome>) => async () => {
    setBusy(name);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (error) {
      setOutcome({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };
  const signMessage = run('Sign message', async () => {
    const { signature } = await dAppKit.signPersonalMessage({ message: new TextEncoder().encode(MESSAGE) });
    return {
      kind: 'message',
      lines: [
        ['Message', MESSAGE],
        ['Signature', signature],
      ],
    };
  });
  const signTransaction = run('Sign transaction', async () => {
    const { signature, bytes } = await dAppKit.signTransaction({ transaction: transferToSelf(account.address) });
    return {
      kind: 'signed',
      lines: [
        ['Transaction bytes', bytes],
        ['Signature', signature],
      ],
    };
  });
  const signAndExecute = run('Sign and execute', async () => {
    const result = await dAppKit.signAndExecuteTransaction({ transaction: transferToSelf(account.address) });
    const executed = result.$kind === 'Transaction' ? result.Transaction : result.FailedTransaction;
    const status = executed.effects?.status.success ? 'success' : `failed: ${executed.effects?.status.error?.message ?? ''}`;
    return {
      kind: 'executed',
      lines: [
        ['Digest', executed.digest],
        ['Status', status],
      ],
    };
  });

  return (
    <>
      <section aria-labelledby="account-title">
        <h2 id="account-title">Connected</h2>
        <p>
          {wallet?.name}: <code data-testid="dapp-address">{account.address}</code>
        </p>
      </section>
      <section aria-labelledby="sign-title">
        <h2 id="sign-title">Sign a message</h2>
        <button type="button" disabled={busy !== null} onClick={signMessage}>
          Sign message
        </button>
      </section>
      <section aria-labelledby="transfer-title">
        <h2 id="transfer-title">Send 0.001 SUI to yourself</h2>
        <div className="buttons">
          <button type="button" disabled={busy !== null} onClick={signTransaction}>
            Sign transaction
          </button>
          <button type="button" disabled={busy !== null} onClick={signAndExecute}>
            Sign and execute
          </button>
        </div>
      </section>
      {busy && (
        <p role="status" className="hint">
          {busy}: waiting for the wallet…
        </p>
      )}
      {outcome?.kind === 'error' && (
        <p role="alert" className="error">
          {outcome.text}
        </p>
      )}
      {outcome && outcome.kind !== 'error' && (
        <dl data-testid={`dapp-${outcome.kind}`} aria-live="polite">
          {outcome.lines.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <code data-testid={`dapp-${label.toLowerCase().replace(/ /g, '-')}`}>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/**
 * `walletUrl`: the hosted wallet's origin (VITE_WALLET_URL), whose own page holds the account and
 * the sites connected to it; null where the page embeds the wallet, whose account is the app's.
 */
export function DApp({ dAppKit, walletUrl = null }: { dAppKit: DefaultExpectedDppKit; walletUrl?: string | null }) {
  return (
    <DAppKitProvider dAppKit={dAppKit}>
      <main className="dapp">
        <header>
          <h1>Example dApp</h1>
          <p className="hint">
            A dApp written only against the Wallet Standard with dapp-kit. The zkLogin account reaches it as a wallet:{' '}
            {walletUrl ? (
              <>
                its account and the sites connected to it are on <a href={walletPageUrl(walletUrl)}>the wallet’s own page</a>, on
                the wallet’s site.
              </>
            ) : (
              <>
                see <a href="/">the sign-in app</a>.
              </>
            )}
          </p>
          <ConnectButton />
        </header>
        <Actions />
      </main>
    </DAppKitProvider>
  );
}
