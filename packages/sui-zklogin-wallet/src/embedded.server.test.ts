/**
 * On a server (no `window`: Next.js or Remix rendering the page), importing the entries that
 * register the wallets does not throw, and registering says it runs in a browser.
 */
import { describe, expect, it } from 'vitest';
import { NEEDS_A_BROWSER } from './announce.ts';

describe('registering the wallets where there is no browser', () => {
  it('the embedded and the hosted entries import, and registering says it runs in a browser', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const embedded = await import('./embedded.ts');
    const hosted = await import('./hosted/register.ts');
    expect(() => embedded.registerZkLoginWallets({ apiKey: 'enoki_public_x', providers: { google: { clientId: 'g' } } })).toThrow(
      NEEDS_A_BROWSER,
    );
    expect(() => hosted.registerZkLoginWallets({ walletUrl: 'https://wallet.example' })).toThrow(NEEDS_A_BROWSER);
  });
});
