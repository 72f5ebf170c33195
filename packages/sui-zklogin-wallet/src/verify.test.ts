/**
 * The verifier on a real zkLogin proof (test/zklogin-vectors.json, a copy of the spec's
 * shared/data/zklogin/test-vectors.json: the v1 circuit, Twitch's issuer, devnet's key): it
 * verifies, and each input that the proof binds, changed alone, is refused with what failed.
 * The vector's ephemeral key is Ed25519: the mock prover's proofs (built-in mode's setup)
 * show the other two schemes a zkLogin signature may carry accepted, and the expected
 * signer read in any form Sui reads.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSerializedSignature, type Keypair } from '@mysten/sui/cryptography';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Secp256k1Keypair } from '@mysten/sui/keypairs/secp256k1';
import { Secp256r1Keypair } from '@mysten/sui/keypairs/secp256r1';
import { computeZkLoginAddress, getZkLoginSignature, hashASCIIStrToField, poseidonHash } from '@mysten/sui/zklogin';
import fc from 'fast-check';
import { bn254 } from '@noble/curves/bn254.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDENTITIES } from '../../../mocks/identities.ts';
import { ACCOUNT_CLIENT_ID, ACCOUNT_ISSUERS, createZkLoginAccount, TEST_ISSUER_BASE } from '../../../mocks/testing.ts';
import { allInputsHash } from './all-inputs-hash.ts';
import {
  BUILT_IN_VERIFYING_KEY,
  PROD_VERIFYING_KEY,
  PROVIDER_ISSUERS,
  prepareVerifyingKey,
  TEST_VERIFYING_KEY,
  verifyZkLoginSignature,
  type Jwk,
  type VerifyOptions,
} from './verify.ts';

const VECTORS = fileURLToPath(new URL('../test/zklogin-vectors.json', import.meta.url));
const [vector] = JSON.parse(readFileSync(VECTORS, 'utf8')).vectors;
const ephemeral = Ed25519Keypair.fromSecretKey(Uint8Array.from(vector.ephemeralSecretKey));
const MESSAGE = new TextEncoder().encode('Sign in to the backend: challenge 42');
const P = bn254.fields.Fp.ORDER;

interface Inputs {
  proofPoints: { a: string[]; b: string[][]; c: string[] };
  issBase64Details: { value: string; indexMod4: number };
  headerBase64: string;
  addressSeed: string;
}
const INPUTS: Inputs = {
  proofPoints: vector.proofPoints,
  issBase64Details: vector.issBase64Details,
  headerBase64: vector.headerBase64,
  addressSeed: vector.addressSeed,
};

/** A zkLogin signature of `message` with the vector's proof, changed as `change` says. */
async function signed({
  inputs = INPUTS,
  maxEpoch = vector.maxEpoch as number,
  key = ephemeral as Ed25519Keypair | Secp256k1Keypair | Secp256r1Keypair,
  message = MESSAGE,
} = {}) {
  const { signature: userSignature } = await key.signPersonalMessage(message);
  return getZkLoginSignature({ inputs, maxEpoch, userSignature });
}

const verify = async (signature: string, options: Partial<VerifyOptions> = {}) =>
  verifyZkLoginSignature({
    signature,
    personalMessage: MESSAGE,
    currentEpoch: vector.maxEpoch,
    jwks: [vector.jwk as Jwk],
    verifyingKey: 'test',
    ...options,
  } as VerifyOptions);

/** The refusal's code, or 'verified'. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'verified',
    (error: { code?: string }) => error.code ?? `threw ${String(error)}`,
  );

describe('verifyZkLoginSignature, on a real proof', () => {
  it("computes the vector's all-inputs hash", () => {
    const hash = allInputsHash({
      ephemeralPublicKey: ephemeral.getPublicKey().toSuiBytes(),
      addressSeed: BigInt(vector.addressSeed),
      maxEpoch: BigInt(vector.maxEpoch),
      issBase64Details: vector.issBase64Details,
      headerBase64: vector.headerBase64,
      modulus: vector.jwk.n,
    });
    expect(hash.toString()).toBe(vector.allInputsHash);
  });

  it("is the library's hash for any inputs of the circuit's sizes (ours uses only Poseidon's widths 8 and 9)", () => {
    const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-';
    const piece = (max: number) => fc.string({ unit: fc.constantFrom(...BASE64), maxLength: max });
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 33, maxLength: 33 }),
        fc.bigInt({ min: 0n, max: 2n ** 250n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        piece(224),
        fc.integer({ min: 0, max: 3 }),
        piece(248),
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
        (key, addressSeed, maxEpoch, iss, indexMod4, header, modulusBytes) => {
          const modulus = Buffer.from(modulusBytes).toString('base64url');
          const n = BigInt(`0x${Buffer.from(modulusBytes).toString('hex')}`);
          const chunks = Array.from({ length: 9 }, (_, i) => (n >> (248n * BigInt(8 - i))) & ((1n << 248n) - 1n));
          const big = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
          const expected = poseidonHash([
            big(key.subarray(0, 17)),
            big(key.subarray(17)),
            addressSeed,
            maxEpoch,
            hashASCIIStrToField(iss, 224),
            BigInt(indexMod4),
            hashASCIIStrToField(header, 248),
            poseidonHash(chunks),
          ]);
          const ours = allInputsHash({
            ephemeralPublicKey: key,
            addressSeed,
            maxEpoch,
            issBase64Details: { value: iss, indexMod4 },
            headerBase64: header,
            modulus,
          });
          expect(ours).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("verifies, and answers the signer's address", async () => {
    const { address } = await verify(await signed());
    expect(address).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await verify(await signed(), { address })).toEqual({ address });
    // The keys may come from a function of the issuer, as a backend fetches them.
    const asked: string[] = [];
    const jwks = async (iss: string) => (asked.push(iss), [vector.jwk as Jwk]);
    expect(await verify(await signed(), { jwks })).toEqual({ address });
    expect(asked).toEqual([vector.iss]);
  });

  it('refuses a proof under another verifying key (prod)', async () => {
    expect(await outcome(verify(await signed(), { verifyingKey: 'prod' }))).toBe('proof');
  });

  it.each([
    ['maxEpoch 11', { maxEpoch: 11 }],
    ['another ephemeral key', { key: new Ed25519Keypair() }],
    ['a Secp256k1 ephemeral key', { key: new Secp256k1Keypair() }],
    ['a Secp256r1 ephemeral key', { key: new Secp256r1Keypair() }],
    ['another address seed', { inputs: { ...INPUTS, addressSeed: (BigInt(vector.addressSeed) + 1n).toString() } }],
  ])('refuses the proof with %s', async (_, change) => {
    expect(await outcome(verify(await signed(change as never), { currentEpoch: 0 }))).toBe('proof');
  });

  it('refuses another header (another kid), even with a key of that kid', async () => {
    const header = btoa(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: '2' })).replace(/=+$/, '');
    const signature = await signed({ inputs: { ...INPUTS, headerBase64: header } });
    expect(await outcome(verify(signature))).toBe('jwk');
    expect(await outcome(verify(signature, { jwks: [vector.jwk, { ...vector.jwk, kid: '2' }] }))).toBe('proof');
  });

  it('refuses another modulus under the same kid', async () => {
    const n = `${vector.jwk.n.slice(0, 10)}${vector.jwk.n[10] === 'A' ? 'B' : 'A'}${vector.jwk.n.slice(11)}`;
    expect(await outcome(verify(await signed(), { jwks: [{ ...vector.jwk, n }] }))).toBe('proof');
  });

  it("refuses another issuer, and the issuer's piece read at another place", async () => {
    // The issuer's piece of another token: Google's.
    const value = btoa('"iss":"https://accounts.google.com",').replaceAll('=', '');
    const google = await signed({ inputs: { ...INPUTS, issBase64Details: { value, indexMod4: 0 } } });
    expect(await outcome(verify(google))).toBe('proof');
    // The same piece at another offset no longer reads as a claim.
    const shifted = await signed({ inputs: { ...INPUTS, issBase64Details: { ...INPUTS.issBase64Details, indexMod4: 1 } } });
    expect(await outcome(verify(shifted))).toBe('input');
  });

  it('refuses one proof coordinate changed: a point still on the curve, one off it, a non-canonical one', async () => {
    const [x, y] = INPUTS.proofPoints.a;
    const negated = { ...INPUTS.proofPoints, a: [x!, (P - BigInt(y!)).toString(), '1'] };
    expect(await outcome(verify(await signed({ inputs: { ...INPUTS, proofPoints: negated } })))).toBe('proof');
    const off = { ...INPUTS.proofPoints, a: [x!, (BigInt(y!) + 1n).toString(), '1'] };
    expect(await outcome(verify(await signed({ inputs: { ...INPUTS, proofPoints: off } })))).toBe('input');
    const nonCanonical = {
      ...INPUTS.proofPoints,
      c: [(BigInt(INPUTS.proofPoints.c[0]!) + P).toString(), INPUTS.proofPoints.c[1]!, '1'],
    };
    expect(await outcome(verify(await signed({ inputs: { ...INPUTS, proofPoints: nonCanonical } })))).toBe('input');
  });

  it('refuses an empty JWK set, a later epoch, another signer, another message, and a signature that is not zkLogin', async () => {
    const signature = await signed();
    expect(await outcome(verify(signature, { jwks: [] }))).toBe('jwk');
    expect(await outcome(verify(signature, { currentEpoch: vector.maxEpoch + 1 }))).toBe('epoch');
    // A maxEpoch further ahead than the bound given, as validators bound it.
    expect(await outcome(verify(signature, { currentEpoch: vector.maxEpoch - 3, maxEpochsAhead: 2 }))).toBe('epoch');
    expect(await outcome(verify(signature, { currentEpoch: vector.maxEpoch - 2, maxEpochsAhead: 2 }))).toBe('verified');
    expect(await outcome(verify(signature, { address: `0x${'ab'.repeat(32)}` }))).toBe('address');
    expect(await outcome(verify(signature, { personalMessage: new TextEncoder().encode('another') }))).toBe('signature');
    expect(await outcome(verify(signature, { transaction: MESSAGE, personalMessage: undefined }))).toBe('signature');
    const { signature: plain } = await ephemeral.signPersonalMessage(MESSAGE);
    expect(await outcome(verify(plain))).toBe('input');
    expect(await outcome(verify('not a signature'))).toBe('input');
    // An address seed outside the field Poseidon hashes over.
    const hugeSeed = await signed({ inputs: { ...INPUTS, addressSeed: (1n << 254n).toString() } });
    expect(await outcome(verify(hugeSeed, { currentEpoch: 0 }))).toBe('input');
  });
});

describe('verifyZkLoginSignature without jwks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches a provider's published keys itself (Twitch's, here) and keeps them", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = String(input);
      asked.push(url);
      if (url === `${vector.iss}/.well-known/openid-configuration`) return Response.json({ jwks_uri: `${vector.iss}/keys` });
      if (url === `${vector.iss}/keys`) return Response.json({ keys: [vector.jwk] });
      return new Response('not found', { status: 404 });
    });
    const signature = await signed();
    const { address } = await verify(signature, { jwks: undefined });
    expect(address).toMatch(/^0x[0-9a-f]{64}$/);
    await verify(signature, { jwks: undefined });
    expect(asked).toEqual([`${vector.iss}/.well-known/openid-configuration`, `${vector.iss}/keys`]);
  });

  it('fetches nothing for an issuer that is not a provider: refused with jwk', async () => {
    const fetched = vi.fn(async () => new Response('not found', { status: 404 }));
    vi.stubGlobal('fetch', fetched);
    const value = btoa('"iss":"https://example.com/x",').replaceAll('=', '');
    const stranger = await signed({ inputs: { ...INPUTS, issBase64Details: { value, indexMod4: 0 } } });
    expect(await outcome(verify(stranger, { jwks: undefined }))).toBe('jwk');
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe('prepareVerifyingKey', () => {
  it('prepares a key ahead; a proof then verifies under it, and is refused under another', async () => {
    prepareVerifyingKey('test');
    prepareVerifyingKey();
    expect(await outcome(verify(await signed()))).toBe('verified');
    expect(await outcome(verify(await signed(), { verifyingKey: 'prod' }))).toBe('proof');
  });

  it("refuses a key whose points are not the curve's: prepared ahead, or met while verifying", async () => {
    const [x, y] = TEST_VERIFYING_KEY.alpha_g1;
    const offCurve = { ...TEST_VERIFYING_KEY, alpha_g1: [x, (BigInt(y) + 1n).toString()] as [string, string] };
    expect(() => prepareVerifyingKey(offCurve)).toThrow(expect.objectContaining({ code: 'input' }));
    expect(await outcome(verify(await signed(), { verifyingKey: offCurve }))).toBe('input');
    const [[x0, x1], yDelta] = TEST_VERIFYING_KEY.delta_g2;
    const badDelta = {
      ...TEST_VERIFYING_KEY,
      delta_g2: [[x0, (BigInt(x1) + 1n).toString()], yDelta] as typeof TEST_VERIFYING_KEY.delta_g2,
    };
    expect(await outcome(verify(await signed(), { verifyingKey: badDelta }))).toBe('input');
  });
});

describe('the form of a proof and a key: one encoding, nothing at infinity, nothing outside the group', () => {
  const withPoints = async (proofPoints: Inputs['proofPoints']) =>
    outcome(verify(await signed({ inputs: { ...INPUTS, proofPoints } })));
  const { a, b, c } = INPUTS.proofPoints;

  it('refuses a point at infinity (A, B or C), and coordinates of another length', async () => {
    expect(await withPoints({ a: ['0', '0', '1'], b, c })).toBe('input');
    expect(await withPoints({ a, b, c: ['0', '0', '1'] })).toBe('input');
    expect(
      await withPoints({
        a,
        b: [
          ['0', '0'],
          ['0', '0'],
          ['1', '0'],
        ],
        c,
      }),
    ).toBe('input');
    expect(await withPoints({ a: a.slice(0, 2), b, c })).toBe('input');
    expect(await withPoints({ a: [...a, '1'], b, c })).toBe('input');
    expect(await withPoints({ a, b: [...b, ['1', '0']], c })).toBe('input');
  });

  it("refuses a B on the twist's curve but outside its prime-order subgroup", async () => {
    // x = 1: y² = 1 + b' has a root, and the point's order is not the group's.
    const outside = [
      ['1', '0'],
      [
        '3610091866386166428467545612961983990332663701371483510632385378352395651980',
        '15975588672102553735566230729081043132501226101599136527557730645158523614371',
      ],
      ['1', '0'],
    ];
    expect(await withPoints({ a, b: outside, c })).toBe('input');
  });

  it('refuses an ephemeral signature of another scheme than Ed25519, Secp256k1 or Secp256r1', async () => {
    const { signature: userSignature } = await ephemeral.signPersonalMessage(MESSAGE);
    const bytes = Uint8Array.from(atob(userSignature), (char) => char.charCodeAt(0));
    bytes[0] = 0x03; // MultiSig's flag
    const other = getZkLoginSignature({ inputs: INPUTS, maxEpoch: vector.maxEpoch, userSignature: bytes });
    expect(await outcome(verify(other))).toBe('signature');
  });

  it('prepares a key by its values: a key object changed after it was prepared is not judged by its old values', async () => {
    const key = structuredClone(TEST_VERIFYING_KEY) as typeof TEST_VERIFYING_KEY;
    expect(await outcome(verify(await signed(), { verifyingKey: key }))).toBe('verified');
    Object.assign(key, structuredClone(PROD_VERIFYING_KEY));
    expect(await outcome(verify(await signed(), { verifyingKey: key }))).toBe('proof');
  });

  it('refuses a key with a point at infinity; the published keys and the providers’ issuers cannot be changed', () => {
    expect(() => prepareVerifyingKey({ ...TEST_VERIFYING_KEY, alpha_g1: ['0', '0'] })).toThrow(
      expect.objectContaining({ code: 'input' }),
    );
    expect(Object.isFrozen(PROD_VERIFYING_KEY.delta_g2[0])).toBe(true);
    expect(Object.isFrozen(PROVIDER_ISSUERS)).toBe(true);
  });
});

describe("verifyZkLoginSignature, on proofs of the mock prover (under built-in mode's key)", () => {
  const MAX_EPOCH = 10;
  /** A zkLogin signature of MESSAGE by `ephemeral`, with the mock login service's proof for that key. */
  async function signedWithMockProof(ephemeral: Keypair, salt?: string) {
    const account = await createZkLoginAccount(MAX_EPOCH, { ephemeral, salt });
    const signature = await account.sign((await ephemeral.signPersonalMessage(MESSAGE)).signature);
    return { address: account.address, signature, account };
  }
  const verifyBuiltIn = (signature: string, options: Partial<VerifyOptions> = {}) =>
    verifyZkLoginSignature({
      signature,
      personalMessage: MESSAGE,
      currentEpoch: MAX_EPOCH,
      jwks: ACCOUNT_ISSUERS,
      verifyingKey: BUILT_IN_VERIFYING_KEY,
      ...options,
    } as VerifyOptions);

  it.each([
    ['Secp256k1', 0x01, () => new Secp256k1Keypair()],
    ['Secp256r1', 0x02, () => new Secp256r1Keypair()],
  ])(
    "accepts a %s ephemeral key (flag %i) whose proof is for that key, and answers the signer's address",
    async (_, flag, generate) => {
      const { address, signature, account } = await signedWithMockProof(generate());
      const parsed = parseSerializedSignature(signature);
      expect(parsed.signatureScheme === 'ZkLogin' && parsed.zkLogin.userSignature[0]).toBe(flag);
      expect(await verifyBuiltIn(signature)).toEqual({ address });
      expect(await verifyBuiltIn(signature, { address })).toEqual({ address });
      // The proof is for that key: another key of the same scheme, its signature wrapped in the
      // same proof, is refused; so is the signature under another setup's key.
      const stranger = await account.sign((await generate().signPersonalMessage(MESSAGE)).signature);
      expect(await outcome(verifyBuiltIn(stranger))).toBe('proof');
      expect(await outcome(verifyBuiltIn(signature, { verifyingKey: 'test' }))).toBe('proof');
    },
  );

  it('takes the expected signer short (leading zeros left out), upper case or without 0x, and answers it normalized', async () => {
    // A salt whose address starts with a zero digit, so that it has a short form.
    const addressOf = (salt: number) =>
      computeZkLoginAddress({
        claimName: 'sub',
        claimValue: TEST_IDENTITIES[0]!.sub,
        userSalt: BigInt(salt),
        iss: `${TEST_ISSUER_BASE}/google`,
        aud: ACCOUNT_CLIENT_ID,
        legacyAddress: false,
      });
    let salt = 1;
    while (!addressOf(salt).startsWith('0x0')) salt += 1;
    const { address, signature } = await signedWithMockProof(new Ed25519Keypair(), String(salt));
    expect(address).toBe(addressOf(salt));
    const short = address.replace(/^0x0+/, '0x');
    expect(short.length).toBeLessThan(address.length);
    for (const form of [short, address.toUpperCase(), address.slice(2)]) {
      expect(await verifyBuiltIn(signature, { address: form })).toEqual({ address });
    }
    expect(await outcome(verifyBuiltIn(signature, { address: `0x${'ab'.repeat(32)}` }))).toBe('address');
  });

  it('refuses an expected signer that is not a Sui address, with input', async () => {
    const { signature } = await signedWithMockProof(new Ed25519Keypair());
    for (const address of ['', '0x', 'not an address', '0xg1', `0x${'ab'.repeat(33)}`]) {
      expect(await outcome(verifyBuiltIn(signature, { address }))).toBe('input');
    }
    // What a JavaScript caller may pass where a string belongs: refused with its code, never a TypeError.
    for (const address of [null, 42, { address: '0x2' }]) {
      expect(await outcome(verifyBuiltIn(signature, { address } as never))).toBe('input');
    }
  });
});
