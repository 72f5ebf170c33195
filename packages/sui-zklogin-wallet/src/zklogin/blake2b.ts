/**
 * BLAKE2b-256 (RFC 7693, unkeyed, 32-byte digest): the hash Sui signs and derives
 * addresses with.
 *
 * Hand-written rather than @noble/hashes' blake2b, which is kept and correct, because
 * its module carries BLAKE2s, keyed/salted/personalised variants, a streaming class and
 * 32-bit-pair arithmetic: 4.3 KB gzip that every visitor who signs loaded, for the one
 * function Sui uses. This is that function, on BigInt words (the browser does the 64-bit
 * arithmetic; a BigUint64Array store wraps every sum and shift to 64 bits). It only ever
 * hashes public data (the bytes being signed, an address preimage), so it needs no
 * constant-time care. It is slower than the library (about 4 ms for a 16 KB message here,
 * against 0.4 ms), which no signature notices: a transaction is a few hundred bytes.
 * The unit tests hold it against RFC 7693's vector and @noble/hashes on generated
 * inputs of every length class.
 */

const IV = BigUint64Array.of(
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
);

/**
 * The message schedule: for each round, the order in which it takes the block's 16
 * words, as hex digits (RFC 7693's SIGMA; rounds 10 and 11 reuse rows 0 and 1).
 */
const SIGMA =
  '0123456789abcdef' +
  'ea489fd61c02b753' +
  'b8c052fdae367194' +
  '7931dcbe265a40f8' +
  '905724afe1bc683d' +
  '2c6a0b834d75fe19' +
  'c51fed4a0763928b' +
  'db7ec13950f4862a' +
  '6fe9b308c2d714a5' +
  'a2847615fb9e3cd0';
const scheduled = (round: number, position: number) => parseInt(SIGMA[(round % 10) * 16 + position]!, 16);

const BLOCK_BYTES = 128;
const DIGEST_BYTES = 32;

/** A right rotation of a 64-bit word; the caller's BigUint64Array store drops the bits above 64. */
const rotr = (word: bigint, bits: bigint) => (word >> bits) | (word << (64n - bits));

export function blake2b256(input: Uint8Array): Uint8Array {
  // Parameter block: digest length 32, no key, fanout 1, depth 1.
  const state = IV.slice();
  state[0]! ^= 0x01010000n | BigInt(DIGEST_BYTES);
  const work = new BigUint64Array(16);
  const block = new Uint8Array(BLOCK_BYTES);
  const blockView = new DataView(block.buffer);
  const message = new BigUint64Array(16);
  // An empty input is one block of zeros, as RFC 7693 pads it.
  const blocks = Math.max(1, Math.ceil(input.length / BLOCK_BYTES));
  for (let index = 0; index < blocks; index++) {
    const last = index === blocks - 1;
    block.fill(0);
    block.set(input.subarray(index * BLOCK_BYTES, (index + 1) * BLOCK_BYTES));
    for (let i = 0; i < 16; i++) message[i] = blockView.getBigUint64(i * 8, true);
    work.set(state);
    work.set(IV, 8);
    // The byte count so far (its high word is always zero here), and the last block's flag.
    work[12]! ^= BigInt(last ? input.length : (index + 1) * BLOCK_BYTES);
    if (last) work[14] = ~work[14]!;
    for (let round = 0; round < 12; round++) {
      // Eight mixes: the four columns of the 4×4 work words (step 0–3), then the four diagonals.
      for (let step = 0; step < 8; step++) {
        const column = step & 3;
        const shift = step >> 2;
        const a = column;
        const b = 4 + ((column + shift) & 3);
        const c = 8 + ((column + 2 * shift) & 3);
        const d = 12 + ((column + 3 * shift) & 3);
        const x = message[scheduled(round, 2 * step)]!;
        const y = message[scheduled(round, 2 * step + 1)]!;
        work[a] = work[a]! + work[b]! + x;
        work[d] = rotr(work[d]! ^ work[a]!, 32n);
        work[c] = work[c]! + work[d]!;
        work[b] = rotr(work[b]! ^ work[c]!, 24n);
        work[a] = work[a]! + work[b]! + y;
        work[d] = rotr(work[d]! ^ work[a]!, 16n);
        work[c] = work[c]! + work[d]!;
        work[b] = rotr(work[b]! ^ work[c]!, 63n);
      }
    }
    for (let i = 0; i < 8; i++) state[i]! ^= work[i]! ^ work[i + 8]!;
  }
  const digest = new Uint8Array(DIGEST_BYTES);
  const digestView = new DataView(digest.buffer);
  for (let i = 0; i < DIGEST_BYTES / 8; i++) digestView.setBigUint64(i * 8, state[i]!, true);
  return digest;
}
