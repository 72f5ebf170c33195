/**
 * The default native key (NativeSigner with NATIVE_ED25519): signatures Sui's own
 * verifier accepts for the key's address, and the public key's own verification.
 */
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';
import { fromBase64 } from '@mysten/utils';
import { describe, expect, it } from 'vitest';
import { generateNativeEd25519, NATIVE_ED25519, toSuiPublicKey } from './native-ed25519.ts';
import { NativeSigner } from './native-signer.ts';

async function signer() {
  const entry = await generateNativeEd25519();
  if (!entry) throw new Error('This runtime has no WebCrypto Ed25519');
  return { entry, signer: new NativeSigner(entry, NATIVE_ED25519) };
}

describe('the native Ed25519 signer', () => {
  it('signs personal messages that Sui’s verifier accepts for its address', async () => {
    const { signer: native } = await signer();
    const address = native.getPublicKey().toSuiAddress();
    const message = new TextEncoder().encode('Hello from zkLogin');
    const { signature } = await native.signPersonalMessage(message);
    expect(fromBase64(signature)[0]).toBe(0x00);
    await expect(verifyPersonalMessageSignature(message, signature, { address })).resolves.toBeDefined();
    await expect(verifyPersonalMessageSignature(new TextEncoder().encode('other'), signature, { address })).rejects.toThrow();
  });

  it('gives the login service the key as Sui encodes it, and verifies its own signatures', async () => {
    const { entry, signer: native } = await signer();
    expect(toSuiPublicKey(NATIVE_ED25519, entry.publicKey)).toBe(native.getPublicKey().toSuiPublicKey());
    const data = new TextEncoder().encode('data');
    const signature = await native.sign(data);
    expect(await native.getPublicKey().verify(data, signature)).toBe(true);
    expect(await native.getPublicKey().verify(new TextEncoder().encode('other'), signature)).toBe(false);
  });
});
