// @vitest-environment jsdom
/**
 * The embedded entry's wallet shell refuses an interactive connect the visitor did not make,
 * before the engine is asked, except once for the Connect that left the page for the
 * provider (redirect mode): the dApp finishes it when the page comes back, with no gesture.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbeddedEngine } from './embedded-engine.ts';
import { EmbeddedZkLoginWallet, type EngineSource } from './lazy-wallet.ts';
import { CONNECT_NEEDS_A_GESTURE } from './wallet-refusals.ts';
import type { ZkLoginWallet } from './zklogin-wallet.ts';

/** An engine whose wallets answer every connect with no account, counting the calls. */
function fakeEngine() {
  const connect = vi.fn(async () => ({ accounts: [] }));
  const wallet = { accounts: [], features: { 'standard:connect': { version: '1.0.0', connect } } } as unknown as ZkLoginWallet;
  const engine: EmbeddedEngine = { wallet: () => wallet, stop: () => {} };
  return { engine, connect };
}

/** The entry's source, as embedded.ts makes it, for a page that came back from `returning`'s Connect (or from none). */
function sourceReturningFrom(engine: EmbeddedEngine, returning: string | null): EngineSource {
  let unfinished = returning;
  return {
    current: () => engine,
    load: async () => engine,
    mayHaveAccount: () => true,
    takeReturningConnect: (name) => {
      if (unfinished !== name) return false;
      unfinished = null;
      return true;
    },
  };
}

const connectOf = (wallet: EmbeddedZkLoginWallet) => wallet.features['standard:connect'].connect;

let activation: { isActive: boolean };
beforeEach(() => {
  activation = { isActive: false };
  Object.defineProperty(navigator, 'userActivation', { configurable: true, get: () => activation });
});
afterEach(() => {
  delete (navigator as { userActivation?: unknown }).userActivation;
});

describe('the embedded wallet shell: an interactive connect needs the visitor', () => {
  it('with no gesture, an interactive connect is refused and the engine is not asked', async () => {
    const { engine, connect } = fakeEngine();
    const google = new EmbeddedZkLoginWallet('google', 'sui:testnet', sourceReturningFrom(engine, null));
    await expect(connectOf(google)()).rejects.toThrow(CONNECT_NEEDS_A_GESTURE);
    expect(connect).not.toHaveBeenCalled();
  });

  it("back from the provider, the returning Connect's wallet is excused once, and only that wallet", async () => {
    const { engine, connect } = fakeEngine();
    const source = sourceReturningFrom(engine, 'Sign in with Google');
    const google = new EmbeddedZkLoginWallet('google', 'sui:testnet', source);
    const twitch = new EmbeddedZkLoginWallet('twitch', 'sui:testnet', source);
    await expect(connectOf(twitch)()).rejects.toThrow(CONNECT_NEEDS_A_GESTURE);
    await expect(connectOf(google)()).resolves.toEqual({ accounts: [] });
    expect(connect).toHaveBeenCalledOnce();
    // Once: a second interactive connect without the visitor is refused again.
    await expect(connectOf(google)()).rejects.toThrow(CONNECT_NEEDS_A_GESTURE);
  });

  it("the visitor's own click needs no excuse, and leaves the returning Connect's for the dApp", async () => {
    const { engine, connect } = fakeEngine();
    const source = sourceReturningFrom(engine, 'Sign in with Google');
    const google = new EmbeddedZkLoginWallet('google', 'sui:testnet', source);
    activation.isActive = true;
    await connectOf(google)();
    activation.isActive = false;
    await connectOf(google)();
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
