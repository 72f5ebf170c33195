// @vitest-environment jsdom
/**
 * The hosted client's registration as dApps make it: directly, twice (React's StrictMode),
 * and through dapp-kit's `walletInitializers`, on dapp-kit-core itself.
 */
import { createDAppKit } from '@mysten/dapp-kit-core';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { getWallets } from '@mysten/wallet-standard';
import { afterEach, describe, expect, it } from 'vitest';
import { unsupportedNetwork } from '../initializer.ts';
import { registerZkLoginWallets, zkLoginWalletsInitializer } from './register.ts';

const WALLET = 'https://wallet.example';
const zkLoginWallets = () =>
  getWallets()
    .get()
    .filter((wallet) => wallet.name.startsWith('Sign in with'));
const unregisterAll: (() => void)[] = [];

afterEach(() => unregisterAll.splice(0).forEach((unregister) => unregister()));

describe("the hosted client's registration", () => {
  it('a second call replaces the first: the apps see one set of wallets, and a late unregister of the first leaves it', () => {
    const first = registerZkLoginWallets({ walletUrl: WALLET });
    const second = registerZkLoginWallets({ walletUrl: WALLET, providers: ['twitch'] });
    unregisterAll.push(second.unregister);
    expect(zkLoginWallets().map((wallet) => wallet.name)).toEqual(['Sign in with Twitch']);
    first.unregister();
    expect(zkLoginWallets()).toEqual(second.wallets);
    second.unregister();
    expect(zkLoginWallets()).toEqual([]);
  });

  it("through dapp-kit's walletInitializers: the three wallets on dapp-kit's current network, or the one given", async () => {
    const dAppKit = createDAppKit({
      networks: ['devnet'],
      createClient: (network) => new SuiGraphQLClient({ url: 'https://graphql.example', network }),
      slushWalletConfig: null,
      walletInitializers: [zkLoginWalletsInitializer({ walletUrl: WALLET })],
    });
    await expect
      .poll(() => dAppKit.stores.$wallets.get().map((wallet) => wallet.name))
      .toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch']);
    expect(zkLoginWallets().map((wallet) => wallet.chains)).toEqual([['sui:devnet'], ['sui:devnet'], ['sui:devnet']]);
    // Another initializer's registration replaces dapp-kit's (one set of wallets on a page).
    const given = zkLoginWalletsInitializer({ walletUrl: WALLET, network: 'mainnet' }).initialize({
      networks: ['devnet'],
      getClient: () => ({ network: 'devnet' }),
    });
    expect(zkLoginWallets().map((wallet) => wallet.chains[0])).toEqual(['sui:mainnet', 'sui:mainnet', 'sui:mainnet']);
    given.unregister();
    expect(zkLoginWallets()).toEqual([]);
  });

  it('refuses a dapp-kit network no zkLogin wallet signs on, saying which, and registers nothing', () => {
    const initializer = zkLoginWalletsInitializer({ walletUrl: WALLET });
    expect(() => initializer.initialize({ networks: ['localnet'], getClient: () => ({ network: 'localnet' }) })).toThrow(
      unsupportedNetwork('localnet'),
    );
    expect(zkLoginWallets()).toEqual([]);
  });
});
