/**
 * The README's two ways for a dApp's backend to know who signed in, run as a backend would
 * (in Node, against the built-in mocks the page used): the provider's token, checked
 * against the provider's keys, issuer, audience and expiry; and a signed personal message,
 * checked by the Sui node. Each is refused when it is not what it claims.
 */
import { decodeJwt } from '@mysten/sui/zklogin';
import { whoSignedInByMessage } from '../examples/backend/verify-signed-message.ts';
import { whoSignedInByToken } from '../examples/backend/verify-token.ts';
import { createProof, expect, signIn, test } from './fixtures.ts';

test('the token: its identity once the provider signed it for this client; another audience is refused', async ({
  page,
  baseURL,
}) => {
  const { idToken } = await signIn(page, 'google', 'Alice');
  const issuer = `${baseURL}/__mock/idp/google`;
  const identity = await whoSignedInByToken(idToken, { issuer, audience: 'built-in-google-client' });
  expect(identity).toMatchObject({ sub: decodeJwt(idToken).sub, iss: issuer });
  await expect(whoSignedInByToken(idToken, { issuer, audience: 'another-dapp' })).rejects.toThrow(/aud/);
  const [header, payload] = idToken.split('.');
  await expect(
    whoSignedInByToken(`${header}.${payload}.${'A'.repeat(86)}`, { issuer, audience: 'built-in-google-client' }),
  ).rejects.toThrow();
});

test('a signed message: the node verifies it and gives the account’s address; another message is refused', async ({
  page,
  baseURL,
}) => {
  const { login } = await signIn(page, 'facebook', 'Bob');
  await createProof(page);
  const message = `Sign in to Example backend\nNonce: ${crypto.randomUUID()}`;
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signature = (await page.getByTestId('signature').textContent())!.trim();
  const graphqlUrl = `${baseURL}/__mock/sui/graphql`;
  expect(await whoSignedInByMessage({ message, signature, graphqlUrl, network: 'testnet' })).toBe(login.address);
  await expect(
    whoSignedInByMessage({ message: `${message} (changed)`, signature, graphqlUrl, network: 'testnet' }),
  ).rejects.toThrow();
});
