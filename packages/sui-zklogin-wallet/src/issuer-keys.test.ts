/**
 * The issuers' keys as a verifier gets them: from the issuer's discovery document, kept,
 * fetched again for a key the kept set lacks (not more than once per minRefetchMs), and
 * only for the issuers it trusts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issuerKeys } from './issuer-keys.ts';

const ISS = 'https://idp.example/idp/google';

/** An issuer's discovery document and key set over fetch; `sets` are its key sets, one per fetch of the set. */
function issuer(sets: { kid: string; n: string }[][], iss = ISS) {
  const asked: string[] = [];
  let served = 0;
  const fetcher = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url === `${iss}/.well-known/openid-configuration`) return Response.json({ issuer: iss, jwks_uri: `${iss}/keys` });
    if (url === `${iss}/keys`) {
      const keys = sets[Math.min(served++, sets.length - 1)];
      return keys ? Response.json({ keys }) : new Response('gone', { status: 503 });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked, setsFetched: () => asked.filter((url) => url.endsWith('/keys')).length };
}

afterEach(() => vi.useRealTimers());

describe('issuerKeys', () => {
  it("learns an issuer's keys from its discovery document and keeps them", async () => {
    const { fetcher, asked } = issuer([[{ kid: 'one', n: 'AQ' }]]);
    const keys = issuerKeys({ issuers: [ISS], fetch: fetcher });
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(asked).toEqual([`${ISS}/.well-known/openid-configuration`, `${ISS}/keys`]);
  });

  it('fetches the set again for a key it lacks (a rotation), at most once per minRefetchMs', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const { fetcher, setsFetched } = issuer([[{ kid: 'one', n: 'AQ' }], [{ kid: 'two', n: 'Ag' }], [{ kid: 'three', n: 'Aw' }]]);
    const keys = issuerKeys({ issuers: [ISS], fetch: fetcher, minRefetchMs: 60_000 });
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    // Asked at once for a key the set lacks: the kept set, no fetch.
    expect(await keys(ISS, { kid: 'two' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(setsFetched()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(await keys(ISS, { kid: 'two' })).toEqual([{ kid: 'two', n: 'Ag' }]);
    // A made-up key right after: still the kept set.
    expect(await keys(ISS, { kid: 'made-up' })).toEqual([{ kid: 'two', n: 'Ag' }]);
    expect(setsFetched()).toBe(2);
  });

  it('with minRefetchMs 0, fetches at once; callers asking together share one fetch', async () => {
    const { fetcher, setsFetched } = issuer([[{ kid: 'one', n: 'AQ' }], [{ kid: 'two', n: 'Ag' }]]);
    const keys = issuerKeys({ issuers: 'any', fetch: fetcher, minRefetchMs: 0 });
    await keys(ISS, { kid: 'one' });
    const both = await Promise.all([keys(ISS, { kid: 'two' }), keys(ISS, { kid: 'two' })]);
    expect(both).toEqual([[{ kid: 'two', n: 'Ag' }], [{ kid: 'two', n: 'Ag' }]]);
    expect(setsFetched()).toBe(2);
  });

  it('fetches nothing for an issuer it does not trust', async () => {
    const { fetcher, asked } = issuer([[{ kid: 'one', n: 'AQ' }]], 'http://169.254.169.254/latest');
    const keys = issuerKeys({ issuers: [ISS], fetch: fetcher });
    await expect(keys('http://169.254.169.254/latest', { kid: 'one' })).rejects.toThrow(/not an issuer whose keys/);
    expect(asked).toEqual([]);
  });

  it("reads Google's scheme-less issuer at its https address", async () => {
    const google = 'https://accounts.google.com';
    const { fetcher, asked } = issuer([[{ kid: 'g', n: 'AQ' }]], google);
    const keys = issuerKeys({ issuers: [google], fetch: fetcher });
    expect(await keys('accounts.google.com', { kid: 'g' })).toEqual([{ kid: 'g', n: 'AQ' }]);
    expect(asked[0]).toBe(`${google}/.well-known/openid-configuration`);
  });

  it('keeps no failed fetch, and reads only well-formed keys', async () => {
    const keys = issuerKeys({ issuers: 'any', fetch: issuer([]).fetcher });
    await expect(keys(ISS)).rejects.toThrow(/answered 503/);
    await expect(keys(ISS)).rejects.toThrow(/answered 503/);
    const malformed = issuerKeys({ issuers: 'any', fetch: issuer([[{ kid: 'ok', n: 'AQ' }, { kid: 3 } as never]]).fetcher });
    expect(await malformed(ISS)).toEqual([{ kid: 'ok', n: 'AQ' }]);
  });
});
