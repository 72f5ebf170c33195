// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { REJECTIONS_WITHIN_MS, WALLET_PAUSE_MS } from '../../packages/sui-zklogin-wallet/src/core/account-wallet.ts';
import { sitePauses } from './site-pauses.ts';

const SITE = 'https://dapp.example';
const OTHER = 'https://other.example';

/**
 * localStorage as a second window of the wallet sees it in a race: what it reads is the
 * storage as it was when the view was made (the other window's write has not reached it),
 * while what it writes reaches the one storage. A rule that reads a list, adds to it and
 * writes it back loses the other window's entry here.
 */
function staleView(storage: Storage): Storage {
  const before = new Map(Object.entries(storage));
  return {
    get length() {
      return before.size;
    },
    key: (index) => [...before.keys()][index] ?? null,
    getItem: (key) => before.get(key) ?? null,
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    clear: () => storage.clear(),
  };
}

describe("the hosted wallet's pause per site", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('two windows rejecting at once each keep their rejection (neither overwrites the other)', () => {
    const now = 1_000_000;
    const first = sitePauses(localStorage, () => now);
    // The second window read storage before the first one's write, and rejects the same site.
    const second = sitePauses(staleView(localStorage), () => now + 2);
    first.rejected(SITE);
    second.rejected(SITE);
    expect(sitePauses(localStorage, () => now).rejections(SITE)).toEqual([now, now + 2]);
  });

  it('counts by site: the third rejection of one site pauses it, not the other', () => {
    let now = 5_000_000;
    const pauses = sitePauses(localStorage, () => now);
    pauses.rejected(SITE);
    pauses.rejected(OTHER);
    now += 1_000;
    pauses.rejected(SITE);
    expect(pauses.paused(SITE)).toBe(false);
    pauses.rejected(SITE);
    expect(pauses.paused(SITE)).toBe(true);
    expect(pauses.paused(OTHER)).toBe(false);
    pauses.approved(SITE);
    expect(pauses.paused(SITE)).toBe(false);
    expect(pauses.rejections(OTHER)).toEqual([5_000_000]);
  });

  it('drops entries too old to count in any pause as new ones come, and keeps the rest', () => {
    let now = 9_000_000;
    const pauses = sitePauses(localStorage, () => now);
    pauses.rejected(OTHER);
    now += REJECTIONS_WITHIN_MS + WALLET_PAUSE_MS;
    pauses.rejected(SITE);
    expect(pauses.rejections(OTHER)).toEqual([9_000_000]);
    now += 1;
    pauses.rejected(SITE);
    expect(pauses.rejections(OTHER)).toEqual([]);
    expect(pauses.rejections(SITE)).toHaveLength(2);
  });

  it("a window's close is taken back only by that window coming back (its own sessionStorage), never by another", () => {
    let now = 3_000_000;
    const closing = sitePauses(localStorage, () => now, sessionStorage);
    closing.closedWhileAsking(SITE);
    expect(closing.rejections(SITE)).toEqual([3_000_000]);
    // Another window (storage of its own, nothing named in it) takes nothing back.
    const other: Storage = staleView(localStorage);
    sitePauses(localStorage, () => now, { ...other, getItem: () => null, removeItem: () => {} }).notClosed();
    expect(closing.rejections(SITE)).toEqual([3_000_000]);
    // A plain rejection, later, is never taken back: the close's own entry is.
    now += 1_000;
    closing.rejected(SITE);
    sitePauses(localStorage, () => now, sessionStorage).notClosed();
    expect(closing.rejections(SITE)).toEqual([3_001_000]);
    expect(sessionStorage.length).toBe(0);
  });

  it('ignores an unreadable entry, and a storage that refuses leaves the site unpaused', () => {
    localStorage.setItem('zklogin-wallet:rejection:broken', '{not json');
    localStorage.setItem('zklogin-wallet:rejection:wrong', JSON.stringify({ origin: SITE, at: 'yesterday' }));
    const pauses = sitePauses(localStorage, () => 1);
    expect(pauses.rejections(SITE)).toEqual([]);
    const refusing: Storage = {
      ...staleView(localStorage),
      setItem: () => {
        throw new Error('quota');
      },
    };
    const full = sitePauses(refusing, () => 1);
    for (let count = 0; count < 3; count++) full.rejected(SITE);
    expect(full.paused(SITE)).toBe(false);
    expect(sitePauses(null, () => 1).paused(SITE)).toBe(false);
  });
});
