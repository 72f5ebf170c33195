// @vitest-environment jsdom
import { Transaction } from '@mysten/sui/transactions';
import { getWallets } from '@mysten/wallet-standard';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletRefusal } from '../channel/dapp-side.ts';
import type { WalletWindowRequest } from '../channel/messages.ts';
import { FEATURE_VERSIONS } from '../identity.ts';
import { HostedZkLoginWallet, NOT_CONNECTED, UNREADABLE_ANSWER } from './hosted-wallet.ts';
import { registerZkLoginWallets } from './register.ts';
import { rememberedAccounts } from './remembered-accounts.ts';

const WALLET = 'https://wallet.example';
const ADDRESS = `0x${'ab'.repeat(32)}`;
const PUBLIC_KEY = btoa(String.fromCharCode(...new Uint8Array(33).fill(7)));
/** The test's own clock: the session the account was given in ends at 2,000,000. */
const SESSION_ENDS = 2_000_000;
const ACCOUNT = { address: ADDRESS, publicKey: PUBLIC_KEY, sessionEnds: SESSION_ENDS };

function walletWith(
  answer: (request: WalletWindowRequest) => unknown,
  now = () => 1_000_000,
  chain: `sui:${string}` = 'sui:testnet',
) {
  const asked: WalletWindowRequest[] = [];
  const memory = rememberedAccounts(WALLET);
  const wallet = new HostedZkLoginWallet({
    provider: 'google',
    chain,
    memory,
    now,
    ask: async (request) => {
      asked.push(request);
      return { value: answer(request) };
    },
  });
  return { wallet, asked, memory };
}

afterEach(() => localStorage.clear());

describe('the hosted client', () => {
  it("announces the three wallets to the page's apps, with the embedded wallets' names, features and versions, and takes them back", () => {
    // An app of the page, as the standard's window protocol has it (dapp-kit's, say).
    let registered: { name: string }[] = [];
    const app = {
      register: (...added: { name: string }[]) => {
        registered.push(...added);
        return () => void (registered = registered.filter((wallet) => !added.includes(wallet)));
      },
    };
    // An app that was there first hears of them at once.
    const heard = (event: Event) => (event as CustomEvent<(api: typeof app) => void>).detail(app);
    window.addEventListener('wallet-standard:register-wallet', heard);
    const { wallets, unregister } = registerZkLoginWallets({ walletUrl: WALLET });
    window.removeEventListener('wallet-standard:register-wallet', heard);
    try {
      expect(registered.map((wallet) => wallet.name)).toEqual([
        'Sign in with Google',
        'Sign in with Facebook',
        'Sign in with Twitch',
      ]);
      // One that says it is ready later hears of them too.
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: app }));
      expect(registered).toHaveLength(6);
      const versions = Object.fromEntries(Object.entries(wallets[0]!.features).map(([name, feature]) => [name, feature.version]));
      expect(versions).toEqual(FEATURE_VERSIONS);
      expect(wallets[0]!.chains).toEqual(['sui:testnet']);
      expect(wallets[1]!.features['enoki:getMetadata'].getMetadata()).toEqual({ provider: 'facebook' });
    } finally {
      unregister();
    }
    expect(registered).toEqual([]);
    // And after unregister, a new app hears of nothing.
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: app }));
    expect(registered).toEqual([]);
  });

  it("reaches the standard's own app registry (@wallet-standard/app, dapp-kit's), whose events are not CustomEvents", () => {
    const { unregister } = registerZkLoginWallets({ walletUrl: WALLET });
    const ours = () =>
      getWallets()
        .get()
        .filter((wallet) => wallet.name.startsWith('Sign in with'))
        .map((wallet) => wallet.name);
    try {
      expect(ours()).toEqual(['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch']);
    } finally {
      unregister();
    }
    expect(ours()).toEqual([]);
  });

  it('a silent connect opens nothing and answers what an approved connect remembered, on this origin only', async () => {
    const first = walletWith(() => ACCOUNT);
    expect((await first.wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
    expect(first.asked).toEqual([]);

    const { accounts } = await first.wallet.features['standard:connect'].connect();
    // The site's network goes with it: the wallet refuses a site on another network than its account's.
    expect(first.asked).toEqual([{ kind: 'connect', provider: 'google', chain: 'sui:testnet' }]);
    expect(accounts.map((account) => account.address)).toEqual([ADDRESS]);
    // What the page keeps: the public account, nothing else.
    expect(Object.entries(localStorage)).toEqual([
      [`sui-zklogin-wallet:${WALLET}:google`, JSON.stringify({ ...ACCOUNT, chain: 'sui:testnet' })],
    ]);

    // After a reload: a new client answers a silent connect from it, without a window.
    const reloaded = walletWith(() => {
      throw new Error('no window may open');
    });
    const silent = await reloaded.wallet.features['standard:connect'].connect({ silent: true });
    expect(silent.accounts.map((account) => account.address)).toEqual([ADDRESS]);
    expect(reloaded.asked).toEqual([]);
  });

  it("enoki:getSession for another network than the wallet's is refused at once, as the embedded wallet words it, and opens no window", async () => {
    const { wallet, asked } = walletWith(() => ACCOUNT);
    await wallet.features['standard:connect'].connect();
    await expect(wallet.features['enoki:getSession'].getSession({ network: 'mainnet' })).rejects.toThrow(
      "This wallet's account is on testnet: it has no session for mainnet.",
    );
    expect(asked).toEqual([{ kind: 'connect', provider: 'google', chain: 'sui:testnet' }]);
  });

  it("a renewal at the wallet: an answer's later session end moves the remembered one, so a silent connect after the first end still answers the account", async () => {
    const memory = rememberedAccounts(WALLET);
    let now = 1_000_000;
    const RENEWED = SESSION_ENDS + 3_600_000;
    /** When the wallet's session ends, as its window says with each answer. */
    let ends = SESSION_ENDS;
    const wallet = new HostedZkLoginWallet({
      provider: 'google',
      chain: 'sui:testnet',
      memory,
      now: () => now,
      ask: async (request) => ({
        value: request.kind === 'connect' ? ACCOUNT : { bytes: 'Yg==', signature: 'cw==' },
        sessionEnds: ends,
      }),
    });
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    // "Stay signed in" at the wallet: the next answer says the session's new end.
    ends = RENEWED;
    await wallet.features['sui:signPersonalMessage'].signPersonalMessage({ account: account!, message: new Uint8Array([1]) });
    expect(memory.read('google')).toEqual({ ...ACCOUNT, chain: 'sui:testnet', sessionEnds: RENEWED });
    // Past the first end, before the renewed one: a silent connect (a new page) still answers.
    now = SESSION_ENDS + 1;
    const reloaded = walletWith(
      () => {
        throw new Error('no window may open');
      },
      () => now,
    );
    expect((await reloaded.wallet.features['standard:connect'].connect({ silent: true })).accounts.map((a) => a.address)).toEqual(
      [ADDRESS],
    );
    // An earlier end never shortens it.
    ends = SESSION_ENDS;
    await wallet.features['sui:signPersonalMessage'].signPersonalMessage({ account: account!, message: new Uint8Array([1]) });
    expect(memory.read('google')?.sessionEnds).toBe(RENEWED);
  });

  it('a silent connect on another network than the account was given on answers none, opens nothing, and keeps it for that network', async () => {
    const noWindow = () => {
      throw new Error('no window may open');
    };
    await walletWith(() => ACCOUNT).wallet.features['standard:connect'].connect();
    // The site now runs on mainnet: the testnet account is not its account there.
    const onMainnet = walletWith(noWindow, undefined, 'sui:mainnet');
    expect((await onMainnet.wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
    expect(onMainnet.asked).toEqual([]);
    // Back on testnet, it answers again.
    const back = walletWith(noWindow);
    expect((await back.wallet.features['standard:connect'].connect({ silent: true })).accounts.map((a) => a.address)).toEqual([
      ADDRESS,
    ]);
    // An account kept by an earlier client, which named no network, answers none.
    localStorage.setItem(`sui-zklogin-wallet:${WALLET}:google`, JSON.stringify(ACCOUNT));
    expect((await walletWith(noWindow).wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
  });

  it('a silent connect after the session it was given in has ended answers none, and forgets it', async () => {
    const first = walletWith(() => ACCOUNT);
    await first.wallet.features['standard:connect'].connect();
    const later = walletWith(
      () => {
        throw new Error('no window may open');
      },
      () => SESSION_ENDS,
    );
    expect((await later.wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([]);
    expect(later.memory.read('google')).toBeNull();
  });

  it('a refusal that says the site is disconnected forgets the account: the next silent connect answers none', async () => {
    const { wallet, memory } = walletWith((request) => {
      if (request.kind === 'connect') return ACCOUNT;
      throw new WalletRefusal('This site is no longer connected to your wallet.', true);
    });
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const change = vi.fn();
    wallet.features['standard:events'].on('change', change);
    await expect(
      wallet.features['sui:signPersonalMessage'].signPersonalMessage({ account: account!, message: new Uint8Array([1]) }),
    ).rejects.toThrow('no longer connected');
    expect(change).toHaveBeenCalledWith({ accounts: [] });
    expect(wallet.accounts).toEqual([]);
    expect(memory.read('google')).toBeNull();
  });

  it("carries each request's own fields to the window, and checks the answer", async () => {
    const { wallet, asked } = walletWith((request) =>
      request.kind === 'connect'
        ? ACCOUNT
        : request.kind === 'signAndExecuteTransaction'
          ? { bytes: 'Yg==', signature: 'cw==', digest: 'd', effects: 'ZQ==' }
          : { bytes: 'Yg==', signature: 'cw==' },
    );
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    await wallet.features['sui:signPersonalMessage'].signPersonalMessage({
      account: account!,
      message: new TextEncoder().encode('hi'),
    });
    const transaction = new Transaction();
    transaction.setSender(ADDRESS);
    const executed = await wallet.features['sui:signAndExecuteTransaction'].signAndExecuteTransaction({
      account: account!,
      chain: 'sui:testnet',
      transaction,
    });
    expect(executed).toEqual({ bytes: 'Yg==', signature: 'cw==', digest: 'd', effects: 'ZQ==' });
    expect(asked[1]).toEqual({
      kind: 'signPersonalMessage',
      provider: 'google',
      address: ADDRESS,
      chain: 'sui:testnet',
      message: btoa('hi'),
    });
    expect(asked[2]).toMatchObject({ kind: 'signAndExecuteTransaction', address: ADDRESS, chain: 'sui:testnet' });
    expect(JSON.parse((asked[2] as { transaction: string }).transaction)).toMatchObject({ sender: ADDRESS });
  });

  it('refuses a request for an account it did not give, and an answer it cannot read', async () => {
    const { wallet, asked } = walletWith(() => ACCOUNT);
    const stranger = { address: `0x${'cd'.repeat(32)}` } as never;
    await expect(
      wallet.features['sui:signPersonalMessage'].signPersonalMessage({ account: stranger, message: new Uint8Array() }),
    ).rejects.toThrow(NOT_CONNECTED);
    expect(asked).toEqual([]);
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    await expect(
      wallet.features['sui:signPersonalMessage'].signPersonalMessage({ account: account!, message: new Uint8Array() }),
    ).rejects.toThrow(UNREADABLE_ANSWER);
  });
});
