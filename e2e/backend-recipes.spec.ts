/**
 * The README's two ways for a dApp's backend to know who signed in, run as a backend would
 * (in Node, against the built-in mocks the page used): the provider's token, checked
 * against the provider's keys, issuer, audience and expiry; and a signed personal message
 * (the backend's challenge, signed through the wallet with the visitor's approval), checked
 * against the challenge issued and by the Sui node. Each is refused when it is not what it
 * claims. Each recipe also runs as the script it is, in a Node process of its own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeJwt } from '@mysten/sui/zklogin';
import { NOT_THE_CHALLENGE, whoSignedInByMessage } from '../examples/backend/verify-signed-message.ts';
import { whoSignedInByToken } from '../examples/backend/verify-token.ts';
import { expect, signIn, test } from './fixtures.ts';
import { connect, installDapp, signMessageThrough, walletsOf } from './wallet-protocol.ts';

const AUDIENCE = 'built-in-google-client';
/** jose's error for a signature that does not hold over the token's header and payload. */
const BAD_SIGNATURE = 'signature verification failed';
/** @mysten/sui's error when the node finds that the signature does not hold over the message. */
const NOT_SIGNED_OVER_IT = 'Signature is not valid for the provided message';

/** Runs one of examples/backend/ as a script, in Node (type stripping), as the README says; its output. */
async function runRecipe(script: string, args: string[]) {
  const path = fileURLToPath(new URL(`../examples/backend/${script}`, import.meta.url));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path, ...args], { timeout: 20_000 });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: (failed.stdout ?? '').trim(), stderr: (failed.stderr ?? '').trim() };
  }
}

test('the token: its identity once the provider signed it for this client; another audience, a forged signature or a changed claim is refused', async ({
  page,
  baseURL,
}) => {
  const { idToken } = await signIn(page, 'google', 'Alice');
  const issuer = `${baseURL}/__mock/idp/google`;
  const identity = await whoSignedInByToken(idToken, { issuer, audience: AUDIENCE });
  expect(identity).toMatchObject({ sub: decodeJwt(idToken).sub, iss: issuer });
  await expect(whoSignedInByToken(idToken, { issuer, audience: 'another-dapp' })).rejects.toThrow(/aud/);
  const [header, payload, signature] = idToken.split('.');
  await expect(whoSignedInByToken(`${header}.${payload}.${'A'.repeat(86)}`, { issuer, audience: AUDIENCE })).rejects.toThrow(
    BAD_SIGNATURE,
  );
  // Another person's `sub` in the provider's signed token: the signature no longer holds.
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string };
  const otherSub = Buffer.from(JSON.stringify({ ...claims, sub: `${claims.sub}0` })).toString('base64url');
  await expect(whoSignedInByToken(`${header}.${otherSub}.${signature}`, { issuer, audience: AUDIENCE })).rejects.toThrow(
    BAD_SIGNATURE,
  );

  // The same recipe as a script: the identity as JSON, or why it refused (exit code 1).
  const run = await runRecipe('verify-token.ts', [idToken, issuer, AUDIENCE]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(JSON.parse(run.stdout)).toEqual(identity);
  expect(await runRecipe('verify-token.ts', [idToken, issuer, 'another-dapp'])).toMatchObject({
    code: 1,
    stdout: '',
    stderr: expect.stringMatching(/^Refused: .*aud/),
  });
});

test('a signed message: the backend’s challenge, signed through the wallet and approved; the node verifies it and gives the account’s address; another message or an older challenge’s signature is refused', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(installDapp);
  const WALLET = 'Sign in with Facebook';
  const { login } = await signIn(page, 'facebook', 'Bob');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const graphqlUrl = `${baseURL}/__mock/sui/graphql`;
  const challengeOf = () => `Sign in to Example backend\nNonce: ${crypto.randomUUID()}`;
  // An older challenge, signed and approved too; then the one the backend expects now.
  const older = challengeOf();
  const olderSigned = await signMessageThrough(page, WALLET, older);
  const challenge = challengeOf();
  const { signature } = await signMessageThrough(page, WALLET, challenge);

  expect(await whoSignedInByMessage({ message: challenge, signature, challenge, graphqlUrl, network: 'testnet' })).toBe(
    login.address,
  );
  // Another text than the challenge issued is refused before the node is asked.
  await expect(
    whoSignedInByMessage({ message: `${challenge} (changed)`, signature, challenge, graphqlUrl, network: 'testnet' }),
  ).rejects.toThrow(NOT_THE_CHALLENGE);
  await expect(
    whoSignedInByMessage({ message: older, signature: olderSigned.signature, challenge, graphqlUrl, network: 'testnet' }),
  ).rejects.toThrow(NOT_THE_CHALLENGE);
  // The older challenge's signature handed in with today's challenge: the node refuses it.
  await expect(
    whoSignedInByMessage({ message: challenge, signature: olderSigned.signature, challenge, graphqlUrl, network: 'testnet' }),
  ).rejects.toThrow(NOT_SIGNED_OVER_IT);

  // The same recipe as a script.
  expect(await runRecipe('verify-signed-message.ts', [challenge, challenge, signature, graphqlUrl, 'testnet'])).toEqual({
    code: 0,
    stdout: login.address,
    stderr: '',
  });
});
