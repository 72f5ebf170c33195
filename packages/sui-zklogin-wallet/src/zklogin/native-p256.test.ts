/**
 * The native P-256 key as a Sui Secp256r1 signer (NativeSigner with NATIVE_P256): its
 * encodings checked against WebCrypto's own, and its signatures against @mysten/sui's
 * verifier (the JavaScript curve, here in the test only).
 */
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';
import { fromBase64 } from '@mysten/utils';
import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { asSuiSigner } from '../../../../mocks/testing.ts';
import { toSuiPublicKey } from './native-ed25519.ts';
import { compressP256, generateNativeP256, isNativeP256Entry, NATIVE_P256, toLowS } from './native-p256.ts';
import { NativeSigner } from './native-signer.ts';

const SECP256R1_FLAG = 0x02;
const signerOf = async () => new NativeSigner(await generateNativeP256(), NATIVE_P256);

const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const sOf = (signature: Uint8Array) => BigInt(`0x${Buffer.from(signature.subarray(32, 64)).toString('hex')}`);

describe('the native P-256 key', () => {
  it('is non-extractable, and its public key is the compressed point in Sui’s encoding', async () => {
    const entry = await generateNativeP256();
    expect(entry.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', entry.privateKey)).rejects.toThrow();
    expect(entry.publicKey).toHaveLength(33);
    expect([0x02, 0x03]).toContain(entry.publicKey[0]);
    const native = new NativeSigner(entry, NATIVE_P256);
    const sui = fromBase64(toSuiPublicKey(native.flag, native.publicKey));
    expect(sui[0]).toBe(SECP256R1_FLAG);
    expect(sui.subarray(1)).toEqual(entry.publicKey);
  });

  it('compresses points as WebCrypto exports them (the JavaScript curve gives them back whole)', async () => {
    for (let i = 0; i < 10; i++) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      expect(p256.Point.fromBytes(compressP256(raw)).toBytes(false)).toEqual(raw);
    }
    expect(() => compressP256(new Uint8Array(33))).toThrow();
  });

  it('signs personal messages that Sui’s verifier accepts for its address, every s in the low half', async () => {
    const signer = asSuiSigner(await signerOf());
    const address = signer.toSuiAddress();
    // Half of WebCrypto's signatures have a high s: twenty without one would be chance ~1e-6.
    for (let i = 0; i < 20; i++) {
      const message = new TextEncoder().encode(`message ${i}`);
      const { signature } = await signer.signPersonalMessage(message);
      const parsed = fromBase64(signature);
      expect(parsed[0]).toBe(SECP256R1_FLAG);
      expect(sOf(parsed.subarray(1, 65))).toBeLessThanOrEqual(N / 2n);
      await expect(verifyPersonalMessageSignature(message, signature, { address })).resolves.toBeDefined();
    }
  });

  it('moves a high s to n − s and leaves a low one', () => {
    const high = new Uint8Array(64).fill(7);
    high.set(Buffer.from((N - 1n).toString(16), 'hex'), 32);
    expect(sOf(toLowS(high))).toBe(1n);
    expect(toLowS(high).subarray(0, 32)).toEqual(high.subarray(0, 32));
    const low = new Uint8Array(64).fill(1);
    expect(toLowS(low)).toEqual(low);
  });

  it('reads vault entries in the shape stored before (no scheme), and no Ed25519 entry', async () => {
    const { privateKey, publicKey } = await generateNativeP256();
    expect(isNativeP256Entry({ privateKey, publicKey })).toBe(true);
    expect(isNativeP256Entry({ scheme: 'ED25519', privateKey, publicKey: new Uint8Array(32) })).toBe(false);
    expect(isNativeP256Entry({ privateKey, publicKey: new Uint8Array(32) })).toBe(false);
    expect(isNativeP256Entry(undefined)).toBe(false);
  });
});
