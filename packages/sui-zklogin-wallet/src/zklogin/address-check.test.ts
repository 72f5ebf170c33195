/**
 * The hand-written address check against the reference, @mysten/sui/zklogin (here in the
 * test only): zkLoginAddressOf gives jwtToAddress(jwt, salt, false) and the raw bytes of
 * toZkLoginPublicIdentifier(seed, iss, { legacyAddress: false }) for generated claims (iss
 * including both spellings of Google's, aud and sub of every length up to and past their
 * maximums, unicode, the characters JSON escapes) and salts, and refuses what they refuse;
 * loginAnswerMatches accepts the answer the mock service gives and refuses one for another
 * salt, sub, aud or seed, another encoding of the identifier, and anything malformed,
 * without ever throwing.
 */
import { readFileSync } from 'node:fs';
import {
  computeZkLoginAddress,
  genAddressSeed,
  hashASCIIStrToField,
  jwtToAddress,
  toZkLoginPublicIdentifier,
} from '@mysten/sui/zklogin';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginAnswerMatches, SUB_NAME_HASH, zkLoginAddressOf, type AddressClaims } from './address-check.ts';
import { BN254_FIELD_SIZE } from './poseidon-field.ts';

const RUNS = 200;

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const tokenOf = (claims: AddressClaims) =>
  `${b64url('{"alg":"RS256","typ":"JWT"}')}.${b64url(JSON.stringify({ ...claims, nonce: 'n' }))}.c2ln`;

/** The login service's answer for these claims and salt, made as the mock service makes it. */
function mockAnswer(claims: AddressClaims, salt: string) {
  const seed = genAddressSeed(BigInt(salt), 'sub', claims.sub, claims.aud);
  const publicKey = toZkLoginPublicIdentifier(seed, claims.iss, { legacyAddress: false });
  return { address: jwtToAddress(tokenOf(claims), salt, false), publicKey: publicKey.toBase64(), salt };
}

/**
 * The reference's address and identifier (hex), or 'throws'. jwtToAddress also refuses a
 * token too long for the circuit, which the claims alone cannot tell: past that, the
 * reference is computeZkLoginAddress with decodeJwt's rule that no claim is empty.
 */
function reference(claims: AddressClaims, salt: string): unknown {
  try {
    let address: string;
    try {
      address = jwtToAddress(tokenOf(claims), salt, false);
    } catch (error) {
      if ((error as Error).message !== 'JWT is too long') throw error;
      if (!claims.iss || !claims.aud || !claims.sub) throw new Error('Missing jwt data', { cause: error });
      address = computeZkLoginAddress({
        claimName: 'sub',
        claimValue: claims.sub,
        ...claims,
        userSalt: salt,
        legacyAddress: false,
      });
    }
    const seed = genAddressSeed(salt, 'sub', claims.sub, claims.aud);
    const identifier = toZkLoginPublicIdentifier(seed, claims.iss, { legacyAddress: false }).toRawBytes();
    return { address, identifier: Buffer.from(identifier).toString('hex') };
  } catch {
    return 'throws';
  }
}

function ours(claims: AddressClaims, salt: string): unknown {
  try {
    const { address, publicIdentifier } = zkLoginAddressOf(claims, salt);
    return { address, identifier: Buffer.from(publicIdentifier).toString('hex') };
  } catch (error) {
    // A plain Error, not a TypeError or a SyntaxError from inside.
    return (error as Error).constructor === Error ? 'throws' : `throws ${(error as Error).name}`;
  }
}

/** Characters by code point, from `min` to `max`. */
const chars = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCodePoint(code));
/** Printable ASCII but '"' and '\\', which genAddressSeed refuses. */
const plain = chars(0x20, 0x7e).filter((char) => char !== '"' && char !== '\\');
/** A string of `unit` of every length up to a little past `max`, often near `max`. */
const stringOf = (unit: fc.Arbitrary<string> | fc.StringConstraints['unit'], max: number) =>
  fc
    .oneof(fc.integer({ min: 0, max: max + 3 }), fc.integer({ min: max - 3, max: max + 3 }))
    .chain((length) => fc.string({ unit, minLength: length, maxLength: length }));
const claimText = (max: number) =>
  fc.oneof(
    { arbitrary: stringOf(plain, max), weight: 8 },
    { arbitrary: fc.stringMatching(/^[0-9]{1,30}$/), weight: 2 },
    // Latin-1 (one code unit, two UTF-8 bytes), and code units of three hex digits.
    { arbitrary: stringOf(chars(0xa0, 0xff), max), weight: 1 },
    { arbitrary: stringOf(chars(0x100, 0xfff), 40), weight: 1 },
    // Control characters, '"' and '\\'; any unicode, astral and lone surrogates too.
    { arbitrary: stringOf('binary-ascii', max), weight: 1 },
    { arbitrary: stringOf('grapheme', max), weight: 1 },
    { arbitrary: stringOf('binary', 20), weight: 1 },
  );
const iss = fc.oneof(
  fc.constantFrom(
    'accounts.google.com',
    'https://accounts.google.com',
    'https://www.facebook.com',
    'https://id.twitch.tv/oauth2',
    'https://appleid.apple.com',
    'http://localhost:5173/mock-idp',
  ),
  fc.string({ unit: 'grapheme', minLength: 0, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 0, maxLength: 12 }),
);
const claims: fc.Arbitrary<AddressClaims> = fc.record({ iss, aud: claimText(145), sub: claimText(115) });
const salt = fc.oneof(
  { arbitrary: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map(String), weight: 6 },
  fc.bigInt({ min: 0n, max: BN254_FIELD_SIZE + 5n }).map(String),
  fc.constantFrom('0', '1', String((1n << 128n) - 1n), String(BN254_FIELD_SIZE - 1n), String(BN254_FIELD_SIZE)),
  fc.constantFrom('', ' 7 ', '0x1f', '0b101', '-1', '1.5', '1e3', 'salt', '１２'),
);
/** Claims the reference accepts: a Google-like or short ASCII iss, printable ASCII aud and sub within their maximums. */
const printable = (min: number, max: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    minLength: min,
    maxLength: max,
  });
const goodClaims: fc.Arbitrary<AddressClaims> = fc.record({
  iss: fc.oneof(fc.constantFrom('accounts.google.com', 'https://accounts.google.com'), printable(1, 40)),
  aud: printable(1, 145).filter((text) => !/["\\]/.test(text)),
  sub: printable(1, 115).filter((text) => !/["\\]/.test(text)),
});
const goodSalt = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map(String);

describe('zkLoginAddressOf', () => {
  it('is jwtToAddress(jwt, salt, false) and toZkLoginPublicIdentifier, refusing what they refuse', () => {
    let computed = 0;
    fc.assert(
      fc.property(claims, salt, (generated, generatedSalt) => {
        const expected = reference(generated, generatedSalt);
        expect(ours(generated, generatedSalt)).toEqual(expected);
        if (expected !== 'throws') computed++;
      }),
      { numRuns: 300 },
    );
    // Not only refusals: about a third of the generated inputs give an address (110 ± 9).
    expect(computed).toBeGreaterThan(60);
  });

  it('gives the address for claims at exactly their maximum lengths, and refuses one character more', () => {
    for (const [aud, sub] of [
      ['a'.repeat(145), 'b'.repeat(115)],
      ['a'.repeat(146), 'b'],
      ['a', 'b'.repeat(116)],
      ['a'.repeat(31), 'b'.repeat(31)],
      ['a'.repeat(124), 'b'.repeat(84)],
    ]) {
      const generated = { iss: 'https://accounts.google.com', aud: aud!, sub: sub! };
      expect(ours(generated, '12345'), `${aud!.length}/${sub!.length}`).toEqual(reference(generated, '12345'));
    }
    expect(ours({ iss: 'x', aud: 'a'.repeat(146), sub: 'b' }, '1')).toBe('throws');
    expect(ours({ iss: 'x', aud: 'a', sub: 'b'.repeat(116) }, '1')).toBe('throws');
  });

  it('reads "accounts.google.com" as "https://accounts.google.com", and no other issuer', () => {
    const base = { aud: 'client-id', sub: '1234567890' };
    const short = zkLoginAddressOf({ ...base, iss: 'accounts.google.com' }, '99');
    const long = zkLoginAddressOf({ ...base, iss: 'https://accounts.google.com' }, '99');
    expect(short.address).toBe(long.address);
    expect(Buffer.from(short.publicIdentifier).subarray(1, 28).toString()).toBe('https://accounts.google.com');
    expect(zkLoginAddressOf({ ...base, iss: 'http://accounts.google.com' }, '99').address).not.toBe(long.address);
  });

  it('pads a seed with leading zero bytes to 32 bytes (not the legacy encoding)', () => {
    // Find a salt whose seed has a zero first byte: about one in 49 does.
    const generated = { iss: 'https://accounts.google.com', aud: 'client', sub: 'subject' };
    let found = 0n;
    for (let s = 1n; s < 2000n; s++) {
      if (genAddressSeed(s, 'sub', generated.sub, generated.aud) < 1n << 248n) {
        found = s;
        break;
      }
    }
    expect(found).toBeGreaterThan(0n);
    expect(ours(generated, String(found))).toEqual(reference(generated, String(found)));
  });

  it('refuses an iss longer than the identifier can hold (255 UTF-8 bytes), and takes one of 255', () => {
    const base = { aud: 'client', sub: 'subject' };
    expect(ours({ ...base, iss: 'i'.repeat(256) }, '5')).toBe('throws');
    expect(ours({ ...base, iss: 'é'.repeat(128) }, '5')).toBe('throws');
    expect(ours({ ...base, iss: 'i'.repeat(255) }, '5')).toEqual(reference({ ...base, iss: 'i'.repeat(255) }, '5'));
  });

  it('refuses claims that are missing, empty or not strings, with a plain Error', () => {
    const good = { iss: 'https://accounts.google.com', aud: 'client', sub: 'subject' };
    const bad: unknown[] = [null, undefined, 'claims', {}, { ...good, iss: '' }, { ...good, aud: '' }, { ...good, sub: '' }];
    bad.push({ ...good, aud: ['client'] }, { ...good, sub: 42 }, { ...good, iss: undefined });
    bad.forEach((value, index) => expect(ours(value as AddressClaims, '1'), `claims ${index}`).toBe('throws'));
    expect(ours(good, 5 as never)).toBe('throws');
  });
});

describe('loginAnswerMatches', () => {
  it("accepts the mock service's answer, its address in any case", () => {
    fc.assert(
      fc.property(goodClaims, goodSalt, (generated, generatedSalt) => {
        const answer = mockAnswer(generated, generatedSalt);
        expect(loginAnswerMatches(generated, answer)).toBe(true);
        expect(loginAnswerMatches(generated, { ...answer, address: answer.address.toUpperCase().replace('0X', '0x') })).toBe(
          true,
        );
      }),
      { numRuns: 120 },
    );
  });

  it('refuses an answer for another salt, sub or aud, and a publicKey for another seed', () => {
    fc.assert(
      fc.property(
        goodClaims,
        goodSalt,
        goodSalt,
        printable(1, 115),
        printable(1, 145),
        (generated, s, otherSalt, otherSub, otherAud) => {
          const answer = mockAnswer(generated, s);
          if (otherSalt !== s) {
            // The right address and salt, but another seed's identifier; and the other way round.
            const other = mockAnswer(generated, otherSalt);
            expect(loginAnswerMatches(generated, { ...answer, publicKey: other.publicKey })).toBe(false);
            expect(loginAnswerMatches(generated, { ...answer, address: other.address })).toBe(false);
            expect(loginAnswerMatches(generated, { ...answer, salt: otherSalt })).toBe(false);
          }
          if (otherSub !== generated.sub && !/["\\]/.test(otherSub)) {
            expect(loginAnswerMatches(generated, mockAnswer({ ...generated, sub: otherSub }, s))).toBe(false);
            expect(loginAnswerMatches({ ...generated, sub: otherSub }, answer)).toBe(false);
          }
          if (otherAud !== generated.aud && !/["\\]/.test(otherAud)) {
            expect(loginAnswerMatches(generated, mockAnswer({ ...generated, aud: otherAud }, s))).toBe(false);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses the answer of another issuer, but not the other spelling of Google', () => {
    const base = { aud: 'client', sub: 'subject' };
    const google = mockAnswer({ ...base, iss: 'https://accounts.google.com' }, '7');
    expect(loginAnswerMatches({ ...base, iss: 'accounts.google.com' }, google)).toBe(true);
    expect(loginAnswerMatches({ ...base, iss: 'https://www.facebook.com' }, google)).toBe(false);
  });

  it('accepts the identifier only as padded base64 of its raw bytes', () => {
    // An iss whose identifier (58 bytes) base64 pads, so that the unpadded form differs.
    const generated = { iss: 'https://appleid.apple.com', aud: 'client', sub: 'subject' };
    // A seed with a zero first byte, so that the legacy encoding differs.
    let s = 1n;
    while (genAddressSeed(s, 'sub', generated.sub, generated.aud) >= 1n << 248n) s++;
    const answer = mockAnswer(generated, String(s));
    expect(loginAnswerMatches(generated, answer)).toBe(true);
    const seed = genAddressSeed(s, 'sub', generated.sub, generated.aud);
    const identifier = toZkLoginPublicIdentifier(seed, generated.iss, { legacyAddress: false });
    const legacy = toZkLoginPublicIdentifier(seed, generated.iss, { legacyAddress: true });
    const raw = Buffer.from(identifier.toRawBytes());
    // The legacy identifier: the seed without its leading zero byte (the class keeps it padded).
    const legacyRaw = Buffer.concat([raw.subarray(0, 26), raw.subarray(27)]);
    expect(raw[26]).toBe(0);
    const encodings = [
      identifier.toSuiPublicKey(), // with the 0x05 flag byte
      legacyRaw.toString('base64'),
      raw.toString('base64url'),
      raw.toString('base64').replace(/=+$/, ''),
      raw.toString('hex'),
      ` ${identifier.toBase64()}`,
    ];
    for (const publicKey of encodings) {
      expect(publicKey).not.toBe(answer.publicKey);
      expect(loginAnswerMatches(generated, { ...answer, publicKey }), publicKey).toBe(false);
    }
    // The legacy address with its own identifier is not the address the service derives.
    expect(legacy.toSuiAddress()).not.toBe(answer.address);
    for (const publicKey of [answer.publicKey, legacyRaw.toString('base64')]) {
      expect(loginAnswerMatches(generated, { ...answer, address: legacy.toSuiAddress(), publicKey })).toBe(false);
    }
  });

  it('is false, never a throw, for malformed claims and answers', () => {
    const generated = { iss: 'https://accounts.google.com', aud: 'client', sub: 'subject' };
    const good = mockAnswer(generated, '123');
    const answers: unknown[] = [
      null,
      undefined,
      'answer',
      {},
      { ...good, address: undefined },
      { ...good, address: `${good.address}0` },
      { ...good, address: good.address.slice(0, -1) },
      { ...good, address: `${good.address.slice(0, -1)}g` },
      { ...good, address: ` ${good.address}` },
      { ...good, publicKey: undefined },
      { ...good, publicKey: '' },
      { ...good, salt: 123 },
      { ...good, salt: '' },
      { ...good, salt: '-123' },
      { ...good, salt: '1.5' },
      { ...good, salt: String(BN254_FIELD_SIZE) },
    ];
    answers.forEach((answer, index) => expect(loginAnswerMatches(generated, answer as never), `answer ${index}`).toBe(false));
    for (const bad of [null, {}, { ...generated, sub: '' }, { ...generated, aud: 7 }, { ...generated, sub: 'a"b' }]) {
      expect(loginAnswerMatches(bad as never, good)).toBe(false);
    }
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (someClaims, answer) => {
        expect(loginAnswerMatches(someClaims as never, answer as never)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it("the name 'sub' hashes to the constant kept for it (so width 2 is never loaded)", () => {
    expect(SUB_NAME_HASH).toBe(hashASCIIStrToField('sub', 32));
  });

  it("imports poseidon-lite widths 1, 4 and 5, the core's address form, the BLAKE2b and the field helpers only", () => {
    const source = readFileSync(new URL('./address-check.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(imports).toEqual([
      'poseidon-lite/poseidon1',
      'poseidon-lite/poseidon4',
      'poseidon-lite/poseidon5',
      '../core/sui-address.ts',
      './blake2b.ts',
      './poseidon-field.ts',
    ]);
  });
});
