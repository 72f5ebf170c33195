/**
 * The default native key (NativeSigner with NATIVE_ED25519): signatures Sui's own
 * verifier accepts for the key's address, with the SDK's own intent and encoding around
 * them, and the public key as the login service is sent it.
 */
import { Ed25519PublicKey } from '@mysten/sui/keypairs/ed25519';
import { verifyPersonalMessageSignature } from '@mysten/sui/verify';
import { fromBase64 } from '@mysten/utils';
import { describe, expect, it } from 'vitest';
import { asSuiSigner } from '../../../../mocks/testing.ts';
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
    const sui = asSuiSigner(native);
    const address = sui.toSuiAddress();
    const message = new TextEncoder().encode('Hello from zkLogin');
    const { signature } = await sui.signPersonalMessage(message);
    expect(fromBase64(signature)[0]).toBe(0x00);
    await expect(verifyPersonalMessageSignature(message, signature, { address })).resolves.toBeDefined();
    await expect(verifyPersonalMessageSignature(new TextEncoder().encode('other'), signature, { address })).rejects.toThrow();
  });

  it('is non-extractable, and gives the login service the key as Sui encodes it', async () => {
    const { entry, signer: native } = await signer();
    expect(entry.privateKey.extractable).toBe(false);
    expect(native.flag).toBe(0x00);
    expect(toSuiPublicKey(native.flag, native.publicKey)).toBe(new Ed25519PublicKey(entry.publicKey).toSuiPublicKey());
  });
});
