/**
 * The hand-written nonce check against the reference, generateNonce from
 * @mysten/sui/zklogin (here in the test only): the same nonce for generated Ed25519,
 * Secp256k1 and Secp256r1 keys, maxEpochs and randomnesses, and for arbitrary key bytes
 * (the same refusals too); nonceMatches accepts exactly the answer made for our key and
 * refuses one made for another key, maxEpoch or randomness, and anything malformed,
 * without ever throwing. The module's imports are held to poseidon-lite's width 4.
 */
import { readFileSync } from 'node:fs';
import type { PublicKey } from '@mysten/sui/cryptography';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { Secp256k1Keypair } from '@mysten/sui/keypairs/secp256k1';
import { Secp256r1Keypair } from '@mysten/sui/keypairs/secp256r1';
import { generateNonce, generateRandomness } from '@mysten/sui/zklogin';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeNonce, nonceMatches } from './nonce-check.ts';
import { BN254_FIELD_SIZE } from './poseidon-field.ts';

const RUNS = 200;

const secretKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((bytes) => bytes.some((byte) => byte !== 0));
/** A public key of one of the schemes an ephemeral key uses (a P-256 or k1 scalar over the order is skipped). */
const publicKey: fc.Arbitrary<PublicKey> = fc
  .tuple(fc.constantFrom('ed25519', 'secp256r1', 'secp256k1'), secretKey)
  .map(([scheme, secret]) => {
    try {
      if (scheme === 'ed25519') return Ed25519Keypair.fromSecretKey(secret).getPublicKey();
      if (scheme === 'secp256r1') return Secp256r1Keypair.fromSecretKey(secret).getPublicKey();
      return Secp256k1Keypair.fromSecretKey(secret).getPublicKey();
    } catch {
      return undefined;
    }
  })
  .filter((key): key is PublicKey => key !== undefined);

const maxEpoch = fc.oneof(
  fc.nat({ max: 5000 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, 1, 2 ** 32, Number.MAX_SAFE_INTEGER),
);
/** Decimal randomnesses: generateRandomness's (16 random bytes), any field element, the edges. */
const randomness = fc.oneof(
  fc.constantFrom(...Array.from({ length: 8 }, () => generateRandomness())),
  fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map(String),
  fc.bigInt({ min: 0n, max: BN254_FIELD_SIZE - 1n }).map(String),
  fc.constantFrom('0', '1', '007', String((1n << 128n) - 1n), String(BN254_FIELD_SIZE - 1n)),
);

/** How a call ends: its value, or 'throws' (a plain Error, for ours). */
function outcome(call: () => string): string {
  try {
    return call();
  } catch (error) {
    return error instanceof Error ? 'throws' : 'throws a non-Error';
  }
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('computeNonce', () => {
  it('is generateNonce for generated keys, maxEpochs and randomnesses', () => {
    fc.assert(
      fc.property(publicKey, maxEpoch, randomness, (key, epoch, random) => {
        expect(computeNonce(key.toSuiBytes(), epoch, random)).toBe(generateNonce(key, epoch, random));
      }),
      { numRuns: RUNS },
    );
  });

  it('is generateNonce for any key bytes, maxEpoch and randomness string, refusing what it refuses', () => {
    let computed = 0;
    const anyEpoch = fc.oneof(
      { arbitrary: maxEpoch, weight: 6 },
      fc.double(),
      fc.integer({ min: -10, max: -1 }),
      fc.constantFrom(2 ** 60, 2 ** 300),
    );
    const anyRandomness = fc.oneof(
      { arbitrary: randomness, weight: 6 },
      fc.string({ maxLength: 6 }),
      fc.constantFrom('', ' 7 ', '0x1f', '0b101', '-1', '1e3', '1.5', String(BN254_FIELD_SIZE), String(1n << 256n)),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 52 }), anyEpoch, anyRandomness, (bytes, epoch, random) => {
        const reference = outcome(() => generateNonce({ toSuiBytes: () => bytes } as unknown as PublicKey, epoch, random));
        expect(outcome(() => computeNonce(bytes, epoch, random))).toBe(reference);
        if (reference !== 'throws') computed++;
      }),
      { numRuns: RUNS },
    );
    // Most runs compute a nonce, not only refusals (keys past 48 bytes leave the field).
    expect(computed).toBeGreaterThan(RUNS / 3);
  });

  it('splits the key into its high and low 128 bits in that order', () => {
    // Keys whose halves differ, so a swap of the halves shows.
    const key = Uint8Array.from({ length: 33 }, (_, i) => i);
    const reference = generateNonce({ toSuiBytes: () => key } as unknown as PublicKey, 7, '12345');
    expect(computeNonce(key, 7, '12345')).toBe(reference);
  });
});

describe('nonceMatches', () => {
  it('accepts the nonce made for our key, maxEpoch and randomness', () => {
    fc.assert(
      fc.property(publicKey, maxEpoch, randomness, (key, epoch, random) => {
        const answer = { nonce: generateNonce(key, epoch, random), maxEpoch: epoch, randomness: random };
        expect(nonceMatches(answer, key.toSuiPublicKey())).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a nonce made for another key, another maxEpoch or another randomness', () => {
    fc.assert(
      fc.property(
        publicKey,
        publicKey,
        maxEpoch,
        maxEpoch,
        randomness,
        randomness,
        (key, other, epoch, otherEpoch, random, otherRandom) => {
          const answer = { nonce: generateNonce(key, epoch, random), maxEpoch: epoch, randomness: random };
          if (!other.equals(key) || other.flag() !== key.flag()) {
            expect(nonceMatches(answer, other.toSuiPublicKey())).toBe(false);
          }
          if (otherEpoch !== epoch) expect(nonceMatches({ ...answer, maxEpoch: otherEpoch }, key.toSuiPublicKey())).toBe(false);
          if (BigInt(otherRandom) !== BigInt(random)) {
            expect(nonceMatches({ ...answer, randomness: otherRandom }, key.toSuiPublicKey())).toBe(false);
          }
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it('refuses the same key under another scheme flag', () => {
    const key = Secp256r1Keypair.fromSecretKey(new Uint8Array(32).fill(3)).getPublicKey();
    const answer = { nonce: generateNonce(key, 10, '99'), maxEpoch: 10, randomness: '99' };
    const suiBytes = key.toSuiBytes();
    expect(nonceMatches(answer, b64(suiBytes))).toBe(true);
    expect(nonceMatches(answer, b64(Uint8Array.of(0x01, ...suiBytes.subarray(1))))).toBe(false);
  });

  it('refuses a randomness generateNonce would read but that is not decimal digits', () => {
    const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(1)).getPublicKey();
    for (const random of ['0x1f', ' 31', '31 ', '+31', '0b11111', '0o37']) {
      const answer = { nonce: generateNonce(key, 3, random), maxEpoch: 3, randomness: random };
      expect(nonceMatches(answer, key.toSuiPublicKey()), random).toBe(false);
      expect(nonceMatches({ ...answer, randomness: '31' }, key.toSuiPublicKey())).toBe(true);
    }
  });

  it('refuses a public key that is not canonical base64 of flag + key', () => {
    const ed = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(2)).getPublicKey();
    const r1 = Secp256r1Keypair.fromSecretKey(new Uint8Array(32).fill(2)).getPublicKey();
    for (const key of [ed, r1]) {
      const answer = { nonce: generateNonce(key, 5, '42'), maxEpoch: 5, randomness: '42' };
      const text = key.toSuiPublicKey();
      expect(nonceMatches(answer, text)).toBe(true);
      const variants = [
        text.replace(/=+$/, ''),
        ` ${text}`,
        `${text}\n`,
        text.replace(/\+/g, '-').replace(/\//g, '_'),
        b64(key.toRawBytes()),
        b64(Uint8Array.of(...key.toSuiBytes(), 0)),
        b64(key.toSuiBytes().subarray(0, -1)),
        '',
        '!!!!',
      ].filter((variant) => variant !== text);
      for (const variant of variants) expect(nonceMatches(answer, variant), JSON.stringify(variant)).toBe(false);
    }
    // Stray trailing bits: atob reads "AB==" and "AA==" alike.
    const oneByte = { nonce: computeNonce(Uint8Array.of(0), 1, '1'), maxEpoch: 1, randomness: '1' };
    expect(nonceMatches(oneByte, 'AB==')).toBe(false);
  });

  it('refuses a key no scheme has and a maxEpoch past the safe integers, even with the nonce made for them', () => {
    const ed = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(4)).getPublicKey().toSuiBytes();
    const shapes = [
      ed.subarray(1), // no flag byte
      Uint8Array.of(...ed, 7), // a byte too many
      Uint8Array.of(0x03, ...ed.subarray(1)), // MultiSig's flag
      Uint8Array.of(0x05, ...ed.subarray(1), 1), // zkLogin's flag
      Uint8Array.of(0x02, ...ed.subarray(1)), // P-256's flag with 32 bytes
      Uint8Array.of(0x00),
    ];
    for (const bytes of shapes) {
      const answer = { nonce: computeNonce(bytes, 9, '5'), maxEpoch: 9, randomness: '5' };
      expect(nonceMatches(answer, b64(bytes)), b64(bytes)).toBe(false);
    }
    const unsafe = { nonce: computeNonce(ed, 2 ** 53, '5'), maxEpoch: 2 ** 53, randomness: '5' };
    expect(nonceMatches(unsafe, b64(ed))).toBe(false);
    expect(nonceMatches({ ...unsafe, nonce: computeNonce(ed, 2 ** 53 - 1, '5'), maxEpoch: 2 ** 53 - 1 }, b64(ed))).toBe(true);
  });

  it('is false, never a throw, for malformed answers and keys', () => {
    const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(9)).getPublicKey();
    const good = { nonce: generateNonce(key, 4, '77'), maxEpoch: 4, randomness: '77' };
    const field = String(BN254_FIELD_SIZE);
    const answers: unknown[] = [
      null,
      undefined,
      'nonce',
      {},
      { ...good, nonce: undefined },
      { ...good, nonce: `${good.nonce}A` },
      { ...good, nonce: good.nonce.slice(1) },
      { ...good, maxEpoch: '4' },
      { ...good, maxEpoch: 4.5 },
      { ...good, maxEpoch: -4 },
      { ...good, maxEpoch: Number.NaN },
      { ...good, maxEpoch: Number.POSITIVE_INFINITY },
      { ...good, maxEpoch: 2 ** 53 },
      { ...good, maxEpoch: 4n },
      { ...good, randomness: 77 },
      { ...good, randomness: '' },
      { ...good, randomness: '-77' },
      { ...good, randomness: '7.7' },
      { ...good, randomness: '1e3' },
      { ...good, randomness: field },
      { ...good, randomness: '9'.repeat(79) },
      { ...good, randomness: '9'.repeat(100_000) },
    ];
    answers.forEach((answer, index) => {
      expect(nonceMatches(answer as never, key.toSuiPublicKey()), `answer ${index}`).toBe(false);
    });
    for (const text of [undefined, null, 42, {}, '=', 'AA', 'A'.repeat(44)]) {
      expect(nonceMatches(good, text as never), String(text)).toBe(false);
    }
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (answer, text) => {
        expect(nonceMatches(answer as never, text as never)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('imports only poseidon-lite/poseidon4 and local helpers that import nothing', () => {
    const importsOf = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(importsOf('./nonce-check.ts')).toEqual(['poseidon-lite/poseidon4', './poseidon-field.ts']);
    expect(importsOf('./poseidon-field.ts')).toEqual([]);
  });
});
