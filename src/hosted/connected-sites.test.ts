// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { connectedSites, DISCONNECTED_KEPT } from './connected-sites.ts';

const SITE = 'https://dapp.example';
const ALICE = `0x${'a1'.repeat(32)}`;
const BOB = `0x${'b2'.repeat(32)}`;

afterEach(() => localStorage.clear());

describe("the hosted wallet's connected sites", () => {
  it("a disconnection is the account's: said to its visitor, never to the next person signed in at this browser, and gone once the site connects again", () => {
    const sites = connectedSites();
    sites.connect({ origin: SITE, provider: 'google', address: ALICE, sessionEnds: 1_000 });
    expect(sites.wasDisconnected(SITE, ALICE)).toBe(false);
    sites.disconnect(SITE);
    expect(sites.list()).toEqual([]);
    expect(sites.wasDisconnected(SITE, ALICE)).toBe(true);
    // Signed out, or signed in as someone else: not theirs to hear.
    expect(sites.wasDisconnected(SITE, undefined)).toBe(false);
    expect(sites.wasDisconnected(SITE, BOB)).toBe(false);
    sites.connect({ origin: SITE, provider: 'google', address: BOB, sessionEnds: 2_000 });
    expect(sites.wasDisconnected(SITE, ALICE)).toBe(false);
  });

  it("the wallet's page lists a session's sites, and a later session's (a renewal in another window), never an earlier one's or, signed out, any", () => {
    const sites = connectedSites();
    sites.connect({ origin: 'https://earlier.example', provider: 'google', address: ALICE, sessionEnds: 500 });
    sites.connect({ origin: SITE, provider: 'google', address: ALICE, sessionEnds: 1_000 });
    sites.connect({ origin: 'https://renewed.example', provider: 'google', address: ALICE, sessionEnds: 2_000 });
    sites.connect({ origin: 'https://bob.example', provider: 'google', address: BOB, sessionEnds: 1_000 });
    expect(sites.ofSession(ALICE, 1_000).map((site) => site.origin)).toEqual([SITE, 'https://renewed.example']);
    expect(sites.ofSession(null, null)).toEqual([]);
  });

  it('keeps the newest disconnections only, and reads a store it did not write as none', () => {
    const sites = connectedSites();
    for (let index = 0; index <= DISCONNECTED_KEPT; index++) {
      const origin = `https://site-${index}.example`;
      sites.connect({ origin, provider: 'google', address: ALICE, sessionEnds: 1_000 });
      sites.disconnect(origin);
    }
    expect(sites.wasDisconnected('https://site-0.example', ALICE)).toBe(false);
    expect(sites.wasDisconnected(`https://site-${DISCONNECTED_KEPT}.example`, ALICE)).toBe(true);
    // Entries of another shape (a field too many) are none.
    localStorage.setItem('zklogin-wallet:disconnected-sites', JSON.stringify([{ origin: SITE, address: ALICE, at: 1 }]));
    localStorage.setItem('zklogin-wallet:connected-sites', '{not json');
    expect(connectedSites().wasDisconnected(SITE, ALICE)).toBe(false);
    expect(connectedSites().list()).toEqual([]);
  });
});
