import { describe, expect, it } from 'vitest';
import { issuerKeys } from './issuer-keys.ts';

const ISS = 'https://idp.example/idp/google';

/** An issuer's discovery document and key set over fetch; `sets` are its key sets, one per fetch of the set. */
function issuer(sets: { kid: string; n: string }[][]) {
  const asked: string[] = [];
  let served = 0;
  const fetcher = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    if (url === `${ISS}/.well-known/openid-configuration`) return Response.json({ issuer: ISS, jwks_uri: `${ISS}/keys` });
    if (url === `${ISS}/keys`) {
      const keys = sets[Math.min(served++, sets.length - 1)];
      return keys ? Response.json({ keys }) : new Response('gone', { status: 503 });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}

describe("the mock node's issuer keys", () => {
  it("learns an issuer's keys from its discovery document, keeps them, and fetches them again when asked to", async () => {
    const { fetcher, asked } = issuer([[{ kid: 'one', n: 'AQ' }], [{ kid: 'two', n: 'Ag' }]]);
    const keys = issuerKeys(fetcher);
    expect(await keys.of(ISS)).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(await keys.of(ISS)).toEqual([{ kid: 'one', n: 'AQ' }]);
    expect(asked).toEqual([`${ISS}/.well-known/openid-configuration`, `${ISS}/keys`]);
    // A token named a key the kept set lacks: the issuer rotated its keys.
    expect(await keys.refresh(ISS)).toEqual([{ kid: 'two', n: 'Ag' }]);
    expect(await keys.of(ISS)).toEqual([{ kid: 'two', n: 'Ag' }]);
  });

  it('keeps no failed fetch, and reads only well-formed keys', async () => {
    const { fetcher } = issuer([]);
    const keys = issuerKeys(fetcher);
    await expect(keys.of(ISS)).rejects.toThrow(/answered 503/);
    await expect(keys.of(ISS)).rejects.toThrow(/answered 503/);
    const malformed = issuerKeys(issuer([[{ kid: 'ok', n: 'AQ' }, { kid: 3 } as never]]).fetcher);
    expect(await malformed.of(ISS)).toEqual([{ kid: 'ok', n: 'AQ' }]);
  });
});
