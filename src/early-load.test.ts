// @vitest-environment jsdom
/**
 * The boot's first step fetches the sign-in code at once only where a session may be
 * restored: the app's page finds its session in the tab (sessionStorage), the hosted
 * wallet's window in the wallet's origin (localStorage), being a new tab at every request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX } from '../packages/sui-zklogin-wallet/src/storage/keys.ts';

const load = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts', () => ({ runtimeModule: { load } }));
vi.mock('./ui/account-screens-loader.ts', () => ({ loadAccountScreens: vi.fn(() => Promise.resolve(null)) }));
vi.mock('./popup-relay.ts', () => ({ isSignInWindow: false }));

const SESSION_ENTRY = `${STORAGE_PREFIX}:session`;

/** The early load as a page of `kind` evaluates it, with what its storage holds. */
async function pageLoad(kind: 'app' | 'wallet-window', stored: { tab?: boolean; browser?: boolean }) {
  vi.resetModules();
  load.mockClear();
  if (kind === 'wallet-window') document.documentElement.dataset.page = 'wallet-window';
  else delete document.documentElement.dataset.page;
  if (stored.tab) sessionStorage.setItem(SESSION_ENTRY, 'sealed');
  if (stored.browser) localStorage.setItem(SESSION_ENTRY, 'sealed');
  return import('./early-load.ts');
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  delete document.documentElement.dataset.page;
});

describe('the early load', () => {
  it("the app's page with a session in its tab fetches the sign-in code at once", async () => {
    const early = await pageLoad('app', { tab: true });
    expect(early.mayShowAccount).toBe(true);
    expect(load).toHaveBeenCalledOnce();
  });

  it("the app's page does not take the wallet window's session for its own", async () => {
    const early = await pageLoad('app', { browser: true });
    expect(early.walletWindow).toBe(false);
    expect(early.mayShowAccount).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it("the hosted wallet's window finds its session in the wallet's origin and fetches the sign-in code at once", async () => {
    const early = await pageLoad('wallet-window', { browser: true });
    expect(early.walletWindow).toBe(true);
    expect(early.mayShowAccount).toBe(true);
    expect(load).toHaveBeenCalledOnce();
  });

  it("the hosted wallet's window with nothing stored fetches nothing ahead", async () => {
    const early = await pageLoad('wallet-window', {});
    expect(early.mayShowAccount).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });
});
