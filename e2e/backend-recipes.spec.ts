/**
 * The README's two ways for a dApp's backend to know who signed in, run as a backend would
 * (in Node, against the built-in mocks the page used): the provider's token, checked
 * against the provider's keys, issuer, audience and expiry; and a signed personal message
 * (the backend's challenge, signed through the wallet with the visitor's approval), checked
 * against the challenge issued and verified in full with no node (sui-zklogin-wallet/verify:
 * the proof under the issuer's published key, the epoch, the ephemeral signature). Each is
 * refused when it is not what it claims. Each recipe also runs as the script it is, in a
 * Node process of its own. And the mock node, which the page's own checks ask, verifies the
 * same signatures in full: one with an altered proof is refused.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SuiGraphQLClient } from '@mysten/sui/graphql';
import { fromBase64 } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';
import { decodeJwt, getZkLoginSignature, parseZkLoginSignature } from '@mysten/sui/zklogin';
import { bn254 } from '@noble/curves/bn254.js';
import { epochClock, NOT_THE_CHALLENGE, whoSignedInByMessage } from '../examples/backend/verify-signed-message.ts';
import { BUILT_IN_VERIFYING_KEY } from '../packages/sui-zklogin-wallet/src/verify.ts';
import { whoSignedInByToken } from '../examples/backend/verify-token.ts';
import { expect, signIn, test } from './fixtures.ts';
import { connect, installDapp, signMessageThrough, walletsOf } from './wallet-protocol.ts';

const AUDIENCE = 'built-in-google-client';
const BN254_P = bn254.fields.Fp.ORDER;
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

/** Every URL this Node process fetches while `run` runs (the recipe's requests: the node would be among them). */
async function fetchesDuring<T>(run: () => Promise<T>): Promise<{ result: T; fetched: string[] }> {
  const fetched: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  };
  try {
    return { result: await run(), fetched };
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** A refusal's code (the verifier's), or the outcome. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    (address) => `verified as ${String(address)}`,
    (error: { code?: string; message: string }) => error.code ?? error.message,
  );

test('a signed message: the backend’s challenge, signed through the wallet and approved, verified with no node (the proof, the issuer’s key, the epoch, the signature); another message, an older challenge’s signature, a passed epoch or an altered proof is refused', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(installDapp);
  const WALLET = 'Sign in with Facebook';
  const { login } = await signIn(page, 'facebook', 'Bob');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const issuer = `${baseURL}/__mock/idp/facebook`;
  const challengeOf = () => `Sign in to Example backend\nNonce: ${crypto.randomUUID()}`;
  // An older challenge, signed and approved too; then the one the backend expects now.
  const older = challengeOf();
  const olderSigned = await signMessageThrough(page, WALLET, older);
  const challenge = challengeOf();
  const { signature } = await signMessageThrough(page, WALLET, challenge);
  // The one thing learnt from the network, once per epoch: its current epoch.
  const currentEpoch = await epochClock(`${baseURL}/__mock/sui/graphql`)();
  const maxEpoch = BigInt(parseZkLoginSignature(fromBase64(signature).slice(1)).maxEpoch);
  expect(maxEpoch).toBeGreaterThanOrEqual(currentEpoch);

  const verified = (message: string, signed: string, more: Partial<Parameters<typeof whoSignedInByMessage>[0]> = {}) =>
    whoSignedInByMessage({
      message,
      signature: signed,
      challenge,
      currentEpoch,
      issuers: [issuer],
      verifyingKey: BUILT_IN_VERIFYING_KEY,
      ...more,
    });
  const { result, fetched } = await fetchesDuring(async () => ({
    address: await verified(challenge, signature),
    // Another text than the challenge issued is refused before anything is verified.
    changed: await refusal(verified(`${challenge} (changed)`, signature)),
    olderText: await refusal(verified(older, olderSigned.signature)),
    // The older challenge's signature handed in with today's challenge.
    olderSignature: await refusal(verified(challenge, olderSigned.signature)),
    epochPassed: await refusal(verified(challenge, signature, { currentEpoch: maxEpoch + 1n })),
    alteredProof: await refusal(verified(challenge, withAlteredProof(signature))),
    // Under mainnet's key, the built-in login service's proof does not hold.
    prodKey: await refusal(verified(challenge, signature, { verifyingKey: 'prod' })),
    // A backend that accepts the providers' signers only fetches nothing for the mock provider.
    providersOnly: await refusal(verified(challenge, signature, { issuers: undefined })),
  }));
  expect(result).toEqual({
    address: login.address,
    changed: NOT_THE_CHALLENGE,
    olderText: NOT_THE_CHALLENGE,
    olderSignature: 'signature',
    epochPassed: 'epoch',
    alteredProof: 'proof',
    prodKey: 'proof',
    providersOnly: 'jwk',
  });
  // No node was asked: the issuer's published keys alone, fetched once and kept.
  expect(fetched).toEqual([
    `${issuer}/.well-known/openid-configuration`,
    expect.stringMatching(/^http.*\/__mock\/idp\/facebook\//),
  ]);

  // The same recipe as a script, given the epoch: no node either.
  const args = [String(currentEpoch), '--issuer', issuer, '--verifying-key', 'built-in'];
  expect(await runRecipe('verify-signed-message.ts', [challenge, challenge, signature, ...args])).toEqual({
    code: 0,
    stdout: login.address,
    stderr: '',
  });
  expect(
    await runRecipe('verify-signed-message.ts', [challenge, challenge, signature, String(maxEpoch + 1n), ...args.slice(1)]),
  ).toEqual({
    code: 1,
    stdout: '',
    stderr: expect.stringMatching(/^Refused: The signature's maxEpoch .* is before the current epoch/),
  });
});

test('the mock node verifies the wallet’s zkLogin signature in full, and refuses it with one proof coordinate altered', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(installDapp);
  const WALLET = 'Sign in with Google';
  const { login } = await signIn(page, 'google', 'Carol');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const message = `Checked by the node ${crypto.randomUUID()}`;
  const { signature } = await signMessageThrough(page, WALLET, message);
  const client = new SuiGraphQLClient({ url: `${baseURL}/__mock/sui/graphql`, network: 'testnet' });
  const bytes = new TextEncoder().encode(message);
  const signer = await verifyPersonalMessageSignature(bytes, signature, { client });
  expect(signer.toSuiAddress()).toBe(login.address);
  await expect(verifyPersonalMessageSignature(bytes, withAlteredProof(signature), { client })).rejects.toThrow(
    NOT_SIGNED_OVER_IT,
  );
});

/** The zkLogin signature with its proof's point A negated: still on the curve, so only the pairing can refuse it. */
function withAlteredProof(signature: string): string {
  const { inputs, maxEpoch, userSignature } = parseZkLoginSignature(fromBase64(signature).slice(1));
  const [x, y, z] = inputs.proofPoints.a;
  const negated = (BN254_P - BigInt(y!)).toString();
  return getZkLoginSignature({
    inputs: { ...inputs, proofPoints: { ...inputs.proofPoints, a: [x!, negated, z!] } },
    maxEpoch,
    userSignature,
  });
}
