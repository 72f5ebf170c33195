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

test('a signature and its verdict stay with the text that was signed: editing the message says so, and signing again signs the new text', async ({
  page,
}) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  const message = page.getByLabel('Message');
  await message.fill('Pay Bob 1 SUI');
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signed = page.getByRole('region', { name: 'Signed text' });
  await expect(signed.getByText('Verified by the Sui node')).toBeVisible();
  await expect(signed.getByTestId('signed-message')).toHaveText('Pay Bob 1 SUI');
  const first = await signed.getByTestId('signature').textContent();

  await message.fill('Pay Bob 100 SUI');
  // The verdict is shown only beside the text it is about, and the page says the draft differs.
  await expect(signed.getByTestId('signed-message')).toHaveText('Pay Bob 1 SUI');
  await expect(signed.getByTestId('message-edited')).toContainText(
    'The signature and the verdict below are for the signed text above',
  );
  await page.screenshot({ path: test.info().outputPath('signed-then-edited.png'), fullPage: true });

  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(signed.getByTestId('signed-message')).toHaveText('Pay Bob 100 SUI');
  await expect(signed.getByText('Verified by the Sui node')).toBeVisible();
  await expect(signed.getByTestId('message-edited')).toHaveCount(0);
  expect(await signed.getByTestId('signature').textContent()).not.toBe(first);
});
