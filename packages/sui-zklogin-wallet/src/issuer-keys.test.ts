/**
 * The issuers' keys as a verifier gets them: from the issuer's discovery document, kept,
 * fetched again for a key the kept set lacks (not more than once per minRefetchMs), and
 * only for the issuers it trusts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issuerKeys } from './issuer-keys.ts';

const ISS = 'https://idp.example/idp/google';

/** An issuer's discovery document and key set over fetch; `sets` are its key sets, one per fetch of the set (null: it answers 503). */
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

  it('a failed first fetch is tried again, but not before 5 s; only well-formed keys are read', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    const { fetcher, setsFetched } = issuer([null, [{ kid: 'one', n: 'AQ' }]] as never);
    const keys = issuerKeys({ issuers: 'any', fetch: fetcher });
    await expect(keys(ISS, { kid: 'one' })).rejects.toThrow(/answered 503/);
    // A provider that is down is not asked again at every signature.
    await expect(keys(ISS, { kid: 'one' })).rejects.toThrow(/answered 503/);
    expect(setsFetched()).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    const malformed = issuerKeys({ issuers: 'any', fetch: issuer([[{ kid: 'ok', n: 'AQ' }, { kid: 3 } as never]]).fetcher });
    expect(await malformed(ISS)).toEqual([{ kid: 'ok', n: 'AQ' }]);
  });

  it('keeps its set while a refetch is under way and after it fails; a failed refetch is not tried again before minRefetchMs', async () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    let release: (response: Response) => void = () => {};
    let served = 0;
    const fetcher = (async (input: string | URL | Request) => {
      const url = String(input);
      if (url.endsWith('/openid-configuration')) return Response.json({ jwks_uri: `${ISS}/keys` });
      served++;
      if (served === 1) return Response.json({ keys: [{ kid: 'one', n: 'AQ' }] });
      return new Promise<Response>((resolve) => (release = resolve));
    }) as typeof fetch;
    const keys = issuerKeys({ issuers: [ISS], fetch: fetcher, minRefetchMs: 60_000 });
    await keys(ISS, { kid: 'one' });
    vi.advanceTimersByTime(60_000);
    // A made-up kid starts a refetch, which hangs; the known key is answered meanwhile.
    const madeUp = keys(ISS, { kid: 'made-up' });
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    // The provider fails: the kept set still answers, and nobody fetches again for a minute.
    await vi.waitFor(() => expect(served).toBe(2));
    release(new Response('too many requests', { status: 429 }));
    expect(await madeUp).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(await keys(ISS, { kid: 'another' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(await keys(ISS, { kid: 'one' })).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(served).toBe(2);
  });

  it('gives up a request after timeoutMs', async () => {
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as typeof fetch;
    const keys = issuerKeys({ issuers: 'any', fetch: hanging, timeoutMs: 20 });
    await expect(keys(ISS)).rejects.toThrow(/timed out|aborted/i);
  });
});
