import type { WalletConfig } from '../../packages/sui-zklogin-wallet/src/config.ts';
import { Balance } from './Balance.tsx';
import { SendForm } from './SendForm.tsx';

/**
 * Beside the account: the address on chain (its balance, test SUI, a transfer). Its own
 * landmark, below the sign-in card, so that the node's work never crowds the account's
 * controls, and an unreachable node is a message here, not in the way.
 */
export function ChainPanel({ config }: { config: WalletConfig }) {
  return (
    <section className="card chain" aria-labelledby="chain-title">
      <h2 id="chain-title" className="card-title">
        Your address on Sui <span className="network">{config.network}</span>
      </h2>
      <Balance faucet={config.suiFaucetUrl !== null} />
      <SendForm />
    </section>
  );
}
