/**
 * The mock node learns an issuer's keys as validators do, through its default source
 * (handlers.ts: the issuer's discovery document, then its jwks_uri, kept, and fetched again at
 * once for a `kid` the kept set lacks). An issuer that rotates its keys after the node kept
 * the old set is asked again, and a signature under the new key verifies; one under a key the
 * issuer never published is refused once the node has asked.
 */
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningKeys, type SigningKeys } from '../idp/signing-keys.ts';
import { createZkLoginAccount } from '../testing.ts';
import { createSuiNode } from './handlers.ts';

const NODE = 'https://sui-node.rotation.test/graphql';
const ISSUER = 'https://idp.rotation.test/idp/google';

/** The node as the mock server and the dev server make it: no issuers' keys given. */
const node = createSuiNode();
/** The keys the issuer publishes now (a rotation replaces them), and what the node asked it for. */
let published = createSigningKeys();
const asked: string[] = [];
const issuer = [
  http.get(`${ISSUER}/.well-known/openid-configuration`, () => {
    asked.push('discovery');
    return HttpResponse.json({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` });
  }),
  http.get(`${ISSUER}/jwks`, async () => {
    asked.push('jwks');
    return HttpResponse.json({ keys: [(await published.forProvider('google')).publicJwk] });
  }),
];
const server = setupServer(...node.handlers, ...issuer);
// Looked up per call: MSW replaces the global fetch only when the server starts listening.
const client = new SuiGraphQLClient({ url: NODE, network: 'testnet', fetch: (input, init) => fetch(input, init) });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const MESSAGE = new TextEncoder().encode('signed under a rotated key');

/** The node's verdict on a personal message signed by an account whose token `keys` signed: 'verified', or its reason. */
async function verdictFor(keys: SigningKeys): Promise<string> {
  const account = await createZkLoginAccount(node.ledger.currentEpoch() + 2, { keys, issuer: ISSUER });
  const signature = await account.sign((await account.ephemeral.signPersonalMessage(MESSAGE)).signature);
  const { data, errors } = await client.query({
    query: `query ($message: Base64!, $signature: Base64!, $author: SuiAddress!) {
      verifySignature(message: $message, signature: $signature, intentScope: PERSONAL_MESSAGE, author: $author) { success } }`,
    variables: { message: Buffer.from(MESSAGE).toString('base64'), signature, author: account.address },
  });
  return errors?.[0]?.message ?? (data?.verifySignature ? 'verified' : 'no answer');
}

describe("the mock node's issuer keys, through its default source", () => {
  it('fetches the set again for an unknown kid: the rotated key verifies, a key never published is refused', async () => {
    const before = published;
    expect(await verdictFor(before)).toBe('verified');
    expect(asked).toEqual(['discovery', 'jwks']);
    // Kept: a second signature under the same key asks the issuer nothing.
    expect(await verdictFor(before)).toBe('verified');
    expect(asked).toHaveLength(2);

    // The issuer rotates: it now publishes a new key only, which the node's kept set lacks.
    published = createSigningKeys();
    expect(await verdictFor(published)).toBe('verified');
    expect(asked).toEqual(['discovery', 'jwks', 'discovery', 'jwks']);

    // A key the issuer never published: the node asks once more, and refuses it by name.
    const stranger = createSigningKeys();
    const { kid } = await stranger.forProvider('google');
    expect(await verdictFor(stranger)).toBe(`${ISSUER} has no key ${kid}.`);
    expect(asked).toHaveLength(6);
  });
});
