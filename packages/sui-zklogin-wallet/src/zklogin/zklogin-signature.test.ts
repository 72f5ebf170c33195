/**
 * The hand-written zkLogin signatures and address check, byte for byte against
 * @mysten/sui's own ZkLoginSigner and computeZkLoginAddressFromSeed (here in the test
 * only). Ed25519 signatures are deterministic, so the same key gives
 * the SDK's signature exactly.
 */
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { computeZkLoginAddressFromSeed, ZkLoginSigner } from '@mysten/sui/zklogin';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createZkLoginAccount } from '../../../../mocks/testing.ts';
import { issBase64Details } from '../../../../mocks/login-service/proof.ts';
import { proofIssuer, ZkLoginAccountSigner, zkLoginAddress, type EphemeralSigner } from './zklogin-signature.ts';

const ephemeralOf = (keypair: Ed25519Keypair): EphemeralSigner => ({
  flag: 0x00,
  publicKey: keypair.getPublicKey().toRawBytes(),
  sign: (digest) => keypair.sign(digest),
});

async function bothSigners(maxEpoch = 12) {
  const account = await createZkLoginAccount(maxEpoch);
  const inputs = account.proof;
  const ours = new ZkLoginAccountSigner({
    ephemeral: ephemeralOf(account.ephemeral),
    inputs,
    maxEpoch,
    address: account.address,
  });
  const sdk = new ZkLoginSigner({
    ephemeralSigner: account.ephemeral,
    inputs,
    maxEpoch,
    legacyAddress: false,
    address: account.address,
  });
  return { account, ours, sdk };
}

/** A token-like `header.payload.signature` whose payload carries `iss` after `prefix`. */
function tokenWith(iss: string, prefix: string): string {
  const payload = JSON.stringify({ pad: prefix, iss, sub: 'someone', aud: 'app' });
  return `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(payload).toString('base64url')}.c2ln`;
}

describe('zkLogin signatures', () => {
  it('signs personal messages exactly as ZkLoginSigner does: short, long and empty ones', async () => {
    const { ours, sdk } = await bothSigners();
    // 127 / 128 and 16,383 / 16,384 bytes: where the length prefix grows a byte.
    for (const length of [0, 1, 127, 128, 300, 16_383, 16_384]) {
      const message = crypto.getRandomValues(new Uint8Array(Math.min(length, 65_536)));
      expect(await ours.signPersonalMessage(message)).toEqual(await sdk.signPersonalMessage(message));
    }
    const text = new TextEncoder().encode('Hello from zkLogin — ünïcödé 👋');
    expect(await ours.signPersonalMessage(text)).toEqual(await sdk.signPersonalMessage(text));
  });

  it('signs transaction bytes exactly as ZkLoginSigner does', async () => {
    const { ours, sdk } = await bothSigners(987_654_321);
    const bytes = crypto.getRandomValues(new Uint8Array(512));
    expect(await ours.signTransaction(bytes)).toEqual(await sdk.signTransaction(bytes));
  });

  it('gives the account’s address, and refuses a proof made for another one', async () => {
    const { account, ours } = await bothSigners();
    expect(ours.toSuiAddress()).toBe(account.address);
    const make = (address: string) =>
      new ZkLoginAccountSigner({ ephemeral: ephemeralOf(account.ephemeral), inputs: account.proof, maxEpoch: 12, address });
    expect(() => make(`0x${'1'.repeat(64)}`)).toThrow(/not/);
    expect(() => make(account.address.toUpperCase().replace('0X', '0x'))).not.toThrow();
  });

  it('refuses a max epoch that is not a u64: no signer is made for it', async () => {
    const { account, ours } = await bothSigners();
    const message = new Uint8Array([1]);
    const withEpoch = (maxEpoch: number) =>
      new ZkLoginAccountSigner({
        ephemeral: ephemeralOf(account.ephemeral),
        inputs: account.proof,
        maxEpoch,
        address: account.address,
      });
    expect(() => withEpoch(-1)).toThrow(RangeError);
    expect(() => withEpoch(1.5)).toThrow(RangeError);
    await expect(ours.signPersonalMessage(message)).resolves.toBeDefined();
  });
});

describe('the proof’s issuer and the zkLogin address', () => {
  it('reads the issuer claim at every offset, to the address ZkLoginSigner derives from it', async () => {
    const { account } = await bothSigners();
    const seed = BigInt(account.proof.addressSeed);
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.webUrl(), (prefix, iss) => {
        const details = issBase64Details(tokenWith(iss, prefix));
        expect(proofIssuer(details)).toBe(iss);
        const inputs = { ...account.proof, issBase64Details: details };
        const sdk = new ZkLoginSigner({ ephemeralSigner: account.ephemeral, inputs, maxEpoch: 1, legacyAddress: false });
        expect(zkLoginAddress(seed, proofIssuer(details))).toBe(sdk.toSuiAddress());
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses a claim that is not the issuer, or not cut at a character boundary', () => {
    const json = JSON.stringify({ sub: 'x', iss: 'https://idp.test' });
    const token = `e30.${Buffer.from(json).toString('base64url')}.c2ln`;
    const details = issBase64Details(token);
    expect(proofIssuer(details)).toBe('https://idp.test');
    expect(() => proofIssuer({ ...details, indexMod4: 3 })).toThrow();
    expect(() => proofIssuer({ value: details.value.replace(/.$/, '*'), indexMod4: details.indexMod4 })).toThrow();
    const sub = Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url');
    expect(() => proofIssuer({ value: sub.slice(0, -2), indexMod4: 0 })).toThrow();
  });

  it('derives the address as computeZkLoginAddressFromSeed does, Google’s bare issuer included', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 254n }), fc.webUrl(), (seed, iss) => {
        expect(zkLoginAddress(seed, iss)).toBe(computeZkLoginAddressFromSeed(seed, iss, false));
      }),
      { numRuns: 500 },
    );
    const google = issBase64Details(tokenWith('accounts.google.com', 'ab'));
    const seed = 1234567890123456789n;
    expect(zkLoginAddress(seed, proofIssuer(google))).toBe(computeZkLoginAddressFromSeed(seed, 'accounts.google.com', false));
  });
});
