/**
 * A dapp-kit wallet initializer over a `registerZkLoginWallets`, as Enoki's
 * `enokiWalletsInitializer` is over `registerEnokiWallets`: dapp-kit-core calls `initialize`
 * when it starts (`createDAppKit({ walletInitializers: [...] })`) and `unregister` when it is
 * done. Typed by its shape, not by dapp-kit's types: the package does not depend on dapp-kit.
 */
import { isNetwork, NETWORKS, type Network } from './identity.ts';

/** What dapp-kit-core hands an initializer: its networks, and a client per network (the current one by default). */
export interface WalletInitializerArgs {
  networks: readonly string[];
  getClient: (network?: string) => { network: string };
}

/** Ours: dapp-kit's network is one no zkLogin wallet signs on. */
export const unsupportedNetwork = (network: string) => `The zkLogin wallets sign on ${NETWORKS.join(', ')}, not "${network}".`;

/**
 * The initializer of `register(options)`. The wallets sign on `options.network` when given,
 * else on dapp-kit's current network.
 */
export function initializerOf<O extends { network?: Network }>(
  id: string,
  register: (options: O) => { unregister: () => void },
  options: O,
) {
  return {
    id,
    initialize({ getClient }: WalletInitializerArgs) {
      const network = options.network ?? getClient().network;
      if (!isNetwork(network)) throw new Error(unsupportedNetwork(network));
      const { unregister } = register({ ...options, network });
      return { unregister };
    },
  };
}
