/**
 * The hand-written BLAKE2b-256 against RFC 7693's published vector and against
 * @noble/hashes (the kept library it replaces, here in the test only), on inputs of every
 * length class: empty, within one block, exactly one or more blocks, one byte either side.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blake2b256 } from './blake2b.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const reference = (input: Uint8Array) => hex(blake2b(input, { dkLen: 32 }));

describe('blake2b256', () => {
  it('gives the published BLAKE2b-256 digests of "" and "abc"', () => {
    // BLAKE2b with a 32-byte digest (the parameter block, not a cut 512-bit digest).
    expect(hex(blake2b256(new Uint8Array()))).toBe('0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8');
    expect(hex(blake2b256(new TextEncoder().encode('abc')))).toBe(
      'bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319',
    );
  });

  it('matches @noble/hashes at every block boundary', () => {
    for (const length of [0, 1, 31, 32, 64, 111, 112, 127, 128, 129, 255, 256, 257, 1023, 1024, 1025]) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(hex(blake2b256(input)), `length ${length}`).toBe(reference(input));
    }
  });

  it('matches @noble/hashes on generated inputs', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (input) => hex(blake2b256(input)) === reference(input)),
      { numRuns: 300 },
    );
  });

  it('reads only the bytes of the view it is given', () => {
    const backing = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
    const view = backing.subarray(7, 207);
    expect(hex(blake2b256(view))).toBe(reference(backing.slice(7, 207)));
  });
});
