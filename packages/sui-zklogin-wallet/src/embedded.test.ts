// @vitest-environment jsdom
/**
 * The embedded entry as a dApp's page calls it (issue 44, points 2, 3 and 6), and as
 * frameworks call things: React's StrictMode mounts, unmounts and mounts again; a hot reload
 * runs the registering code again; an unmount unregisters. One machine at most runs over the
 * page's storage, and an unregistered one leaves nothing behind: no listener, no running
 * machine, no wallet. The wallet's engine loads when it is first needed.
 */
import { getWallets } from '@mysten/wallet-standard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerZkLoginWallets, type EmbeddedWalletsOptions } from './embedded.ts';
import { invalidOptions } from './embedded-options.ts';
import { storageKeys } from './storage/keys.ts';
import { WALLETS_REMOVED } from './wallet/wallet-refusals.ts';

type Listened = { type: string; listener: unknown };

/** Every listener added to and removed from the window while `run` runs. */
function watchWindowListeners() {
  const added: Listened[] = [];
  const removed: Listened[] = [];
  const addOriginal = window.addEventListener.bind(window);
  const removeOriginal = window.removeEventListener.bind(window);
  const add = vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push({ type, listener });
    addOriginal(type, listener, options);
  });
  const remove = vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    removed.push({ type, listener });
    removeOriginal(type, listener, options);
  });
  return {
    /** What was added and not taken back. */
    left: () => added.filter((entry) => !removed.some((gone) => gone.type === entry.type && gone.listener === entry.listener)),
    restore: () => {
      add.mockRestore();
      remove.mockRestore();
    },
  };
}

const OPTIONS: EmbeddedWalletsOptions = {
  apiKey: 'enoki_public_embedded_test',
  providers: { google: { clientId: 'google-client' }, twitch: { clientId: 'twitch-client' } },
  network: 'testnet',
};

const zkLoginWallets = () =>
  getWallets()
    .get()
    .filter((wallet) => wallet.name.startsWith('Sign in with'));

/** A session of this app is stored in the tab: the engine is needed at once, to restore it. */
const storeSomething = () => sessionStorage.setItem(storageKeys(OPTIONS.apiKey).state, '{"provider":"google"}');

/** Until the engine has started (its machine listens for the provider's answer). */
const engineStarted = (listeners: ReturnType<typeof watchWindowListeners>) =>
  vi.waitFor(() => expect(listeners.left().map(({ type }) => type)).toContain('hashchange'));

describe('registerZkLoginWallets (embedded), as a page and frameworks call it', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('registers one wallet per provider given, in order, on the network given', () => {
    const { wallets, unregister } = registerZkLoginWallets(OPTIONS);
    expect(wallets.map((wallet) => wallet.name)).toEqual(['Sign in with Google', 'Sign in with Twitch']);
    expect(wallets.map((wallet) => wallet.chains)).toEqual([['sui:testnet'], ['sui:testnet']]);
    expect(zkLoginWallets()).toEqual(wallets);
    unregister();
    expect(registerZkLoginWallets({ ...OPTIONS, network: 'devnet' }).wallets[0]!.chains).toEqual(['sui:devnet']);
    registerZkLoginWallets(OPTIONS).unregister();
  });

  it('refuses options that cannot work, each named, and registers nothing', () => {
    expect(() =>
      registerZkLoginWallets({
        apiKey: ' ',
        providers: { google: { clientId: '' }, facebook: { clientId: 'f', authUrl: 'javascript:alert(1)' } },
        network: 'localnet' as never,
        loginServiceUrl: 'ftp://x',
        additionalEpochs: 31,
      }),
    ).toThrow(
      invalidOptions([
        'network must be one of mainnet, testnet, devnet (got "localnet")',
        'apiKey is required',
        'providers.google.clientId is required',
        'providers.facebook.authUrl must be an http(s) URL',
        'loginServiceUrl must be an http(s) URL',
        'additionalEpochs must be a whole number from 0 to 30',
      ]),
    );
    expect(() =>
      registerZkLoginWallets({
        ...OPTIONS,
        providers: { google: null as never },
        redirectUrl: 'https://elsewhere.example/back#here',
        zkLoginVerifyingKey: 'production' as never,
        extraScopes: 'email' as never,
      }),
    ).toThrow(
      invalidOptions([
        'providers.google must be { clientId }',
        `redirectUrl must be on this page's origin (${window.location.origin})`,
        'redirectUrl must have no fragment',
        'zkLoginVerifyingKey must be "prod", "test", "built-in" or a verifying key',
        'extraScopes must be a list of scope names (e.g. ["email"])',
      ]),
    );
    expect(() => registerZkLoginWallets({ ...OPTIONS, providers: {} })).toThrow(
      'providers must name at least one of google, facebook, twitch, with its clientId',
    );
    expect(zkLoginWallets()).toEqual([]);
  });

  it('a first visit loads no engine: a silent connect has no account to give; the first request loads it', async () => {
    const listeners = watchWindowListeners();
    try {
      const { wallets, unregister } = registerZkLoginWallets(OPTIONS);
      const [google] = wallets as unknown as {
        features: {
          'standard:connect': { connect: (input?: object) => Promise<{ accounts: unknown[] }> };
          'enoki:getSession': { getSession: () => Promise<unknown> };
        };
      }[];
      expect(await google!.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] });
      expect(listeners.left().map(({ type }) => type)).not.toContain('hashchange');
      // A request the engine must answer (here, no session: nobody signed in).
      expect(await google!.features['enoki:getSession'].getSession()).toBeNull();
      await engineStarted(listeners);
      unregister();
      expect(listeners.left()).toEqual([]);
    } finally {
      listeners.restore();
    }
  });

  it('unregister stops the engine it started and takes back every listener it added', async () => {
    storeSomething();
    // The page's Wallet Standard app (as dapp-kit's) listens first: its listener is its own.
    zkLoginWallets();
    const listeners = watchWindowListeners();
    try {
      const registration = registerZkLoginWallets(OPTIONS);
      await engineStarted(listeners);
      expect(listeners.left().map(({ type }) => type)).toEqual(expect.arrayContaining(['hashchange', 'pageshow']));
      registration.unregister();
      expect(listeners.left()).toEqual([]);
      expect(zkLoginWallets()).toEqual([]);
      const [google] = registration.wallets as unknown as {
        features: { 'standard:connect': { connect: (input?: object) => Promise<unknown> } };
      }[];
      await expect(google!.features['standard:connect'].connect({ silent: true })).rejects.toThrow(WALLETS_REMOVED);
    } finally {
      listeners.restore();
    }
  });

  it("StrictMode's mount, unmount, mount: one engine runs, and a provider's answer after the unmount reaches no stopped one", async () => {
    storeSomething();
    const listeners = watchWindowListeners();
    try {
      const first = registerZkLoginWallets(OPTIONS);
      first.unregister();
      // Nothing listens for the first machine: a fragment stays where a listener would have taken it.
      window.location.hash = '#id_token=after-unmount';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      expect(window.location.hash).toBe('#id_token=after-unmount');
      window.history.replaceState(null, '', '/');
      const second = registerZkLoginWallets(OPTIONS);
      await engineStarted(listeners);
      expect(listeners.left().filter(({ type }) => type === 'hashchange')).toHaveLength(1);
      expect(zkLoginWallets()).toEqual(second.wallets);
      second.unregister();
      expect(listeners.left()).toEqual([]);
    } finally {
      listeners.restore();
    }
  });

  it('a second call while the first stands replaces it cleanly: the first engine stops, its wallets go, one set remains', async () => {
    storeSomething();
    const listeners = watchWindowListeners();
    try {
      const first = registerZkLoginWallets(OPTIONS);
      await engineStarted(listeners);
      // (The first engine's restore cleared the unreadable entry: stored again, for the second.)
      storeSomething();
      const second = registerZkLoginWallets(OPTIONS);
      await vi.waitFor(() => expect(listeners.left().filter(({ type }) => type === 'hashchange')).toHaveLength(1));
      expect(zkLoginWallets()).toEqual(second.wallets);
      // The replaced registration's unregister, called late (an effect's cleanup), leaves the standing one alone.
      first.unregister();
      expect(zkLoginWallets()).toEqual(second.wallets);
      expect(listeners.left().filter(({ type }) => type === 'hashchange')).toHaveLength(1);
      second.unregister();
      expect(zkLoginWallets()).toEqual([]);
      expect(listeners.left()).toEqual([]);
    } finally {
      listeners.restore();
    }
  });

  it('a fragment that is not a sign-in answer is left alone and loads nothing', async () => {
    const listeners = watchWindowListeners();
    try {
      for (const fragment of ['#section-2', '#/route/7']) {
        window.history.replaceState(null, '', `/page${fragment}`);
        // A page load of its own: the entry reads what the page came with once per load.
        vi.resetModules();
        const { registerZkLoginWallets } = await import('./embedded.ts');
        const { unregister } = registerZkLoginWallets(OPTIONS);
        expect(window.location.hash).toBe(fragment);
        expect(listeners.left().map(({ type }) => type)).not.toContain('hashchange');
        unregister();
      }
    } finally {
      listeners.restore();
    }
  });

  it('a sign-in window coming back to the page (popup mode) hands its answer on and registers nothing', async () => {
    document.body.innerHTML = '<main id="app"></main>';
    window.history.replaceState(null, '', '/page#id_token=t&state=zklogin-popup.flow-1234abcd');
    const registration = registerZkLoginWallets({ ...OPTIONS, signInMode: 'popup' });
    // The token leaves the address bar at once, before the hand-off's code has loaded.
    expect(window.location.href).toBe(`${window.location.origin}/page`);
    expect(registration.wallets).toEqual([]);
    expect(zkLoginWallets()).toEqual([]);
    // The window says what it does, in place of the page.
    await vi.waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Signing you in…'));
    registration.unregister();
  });

  it("the provider's answer leaves the address bar at registration, before the engine's code arrives, and the engine takes it", async () => {
    const listeners = watchWindowListeners();
    try {
      window.history.replaceState(null, '', '/page?x=1#id_token=header.payload.signature&state=flow');
      // A page load of its own: the entry reads what the page came with once per load.
      vi.resetModules();
      const { registerZkLoginWallets } = await import('./embedded.ts');
      const first = registerZkLoginWallets(OPTIONS);
      expect(window.location.href).toBe(`${window.location.origin}/page?x=1`);
      // StrictMode: unmounted at once, mounted again; the second registration's engine takes the answer.
      first.unregister();
      const second = registerZkLoginWallets(OPTIONS);
      await engineStarted(listeners);
      second.unregister();
      expect(listeners.left()).toEqual([]);
    } finally {
      listeners.restore();
    }
  });

  it("back from the provider, a dApp's silent connect waits for the engine to take the answer, rather than saying no account", async () => {
    const listeners = watchWindowListeners();
    try {
      window.history.replaceState(null, '', '/page#id_token=header.payload.signature&state=flow');
      vi.resetModules();
      const { registerZkLoginWallets } = await import('./embedded.ts');
      const { wallets, unregister } = registerZkLoginWallets(OPTIONS);
      const [google] = wallets as unknown as {
        features: { 'standard:connect': { connect: (input?: object) => Promise<unknown> } };
      }[];
      await google!.features['standard:connect'].connect({ silent: true });
      // Answered by the engine's machine, once it had settled on the provider's answer.
      expect(listeners.left().map(({ type }) => type)).toContain('hashchange');
      unregister();
    } finally {
      listeners.restore();
    }
  });
});
