// @vitest-environment jsdom
/**
 * The page's registration (the embedded entry's registerZkLoginWallets) called the way frameworks call things (issue 44, point 3): React's
 * StrictMode mounts, unmounts and mounts again; a hot reload runs the registering code
 * again; an unmount unregisters. One machine at most runs over the page's storage, and an
 * unregistered one leaves nothing behind: no listener, no running machine, no wallet.
 */
import { getWallets } from '@mysten/wallet-standard';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageConfig } from '../config.ts';
import { startSignInActor } from '../runtime/sign-in-actor.ts';
import { registerOnPage } from './page-registration.ts';

/** This test build's configuration, as the app's page reads it. */
const config = () => pageConfig(__SIGN_IN_CONFIG__, window.location.href);

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

const zkLoginWallets = () =>
  getWallets()
    .get()
    .filter((wallet) => wallet.name.startsWith('Sign in with'));

describe('the page registration, as frameworks call it', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('unregister stops the machine it started and takes back every listener it added', () => {
    // The page's Wallet Standard app (as dapp-kit's) listens first: its listener is its own.
    zkLoginWallets();
    const listeners = watchWindowListeners();
    try {
      const registration = registerOnPage(config());
      expect(registration.actor.getSnapshot().status).toBe('active');
      expect(zkLoginWallets()).toHaveLength(registration.wallets.length);
      expect(listeners.left().map(({ type }) => type)).toEqual(expect.arrayContaining(['hashchange', 'pageshow']));
      registration.unregister();
      expect(registration.actor.getSnapshot().status).toBe('stopped');
      expect(listeners.left()).toEqual([]);
      expect(zkLoginWallets()).toEqual([]);
    } finally {
      listeners.restore();
    }
  });

  it("StrictMode's mount, unmount, mount: one machine runs, and a provider's answer after the unmount reaches no stopped one", () => {
    const first = registerOnPage(config());
    first.unregister();
    // Nothing listens for the first machine: a fragment stays where a listener would have taken it.
    window.location.hash = '#id_token=after-unmount';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(window.location.hash).toBe('#id_token=after-unmount');
    window.history.replaceState(null, '', '/');
    const second = registerOnPage(config());
    expect(first.actor.getSnapshot().status).toBe('stopped');
    expect(second.actor.getSnapshot().status).toBe('active');
    expect(zkLoginWallets()).toHaveLength(second.wallets.length);
    second.unregister();
  });

  it('a second call while the first stands replaces it cleanly: the first machine stops, its wallets go, one set remains', () => {
    const first = registerOnPage(config());
    const second = registerOnPage(config());
    expect(first.actor.getSnapshot().status).toBe('stopped');
    expect(second.actor.getSnapshot().status).toBe('active');
    expect(zkLoginWallets()).toEqual(second.wallets);
    // The replaced registration's unregister, called late (an effect's cleanup), leaves the standing one alone.
    first.unregister();
    expect(second.actor.getSnapshot().status).toBe('active');
    expect(zkLoginWallets()).toEqual(second.wallets);
    second.unregister();
    expect(zkLoginWallets()).toEqual([]);
  });

  it("the caller's own machine is the caller's: unregister leaves it running", () => {
    const own = startSignInActor(config());
    const registration = registerOnPage(config(), { actor: own.actor });
    registration.unregister();
    expect(own.actor.getSnapshot().status).toBe('active');
    own.stop();
    expect(own.actor.getSnapshot().status).toBe('stopped');
  });
});
