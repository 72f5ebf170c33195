import { fromBase64 } from '@mysten/sui/utils';
import { computeZkLoginAddressFromSeed, decodeJwt, parseZkLoginSignature } from '@mysten/sui/zklogin';
import { createProof, expect, signIn, test } from './fixtures.ts';

test('create the proof, reach ready, sign a message: a zkLogin signature for the address', async ({ page }) => {
  const { idToken, login } = await signIn(page, 'facebook', 'Bob');
  await createProof(page);
  await page.getByLabel('Message').fill('Pay Alice 1 SUI');
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signature = (await page.getByTestId('signature').textContent())!.trim();
  const parsed = parseZkLoginSignature(fromBase64(signature).slice(1));
  const { iss } = decodeJwt(idToken);
  expect(computeZkLoginAddressFromSeed(BigInt(parsed.inputs.addressSeed), iss, false)).toBe(login.address);
  expect(parsed.inputs.headerBase64).toBe(idToken.split('.')[0]);
});
