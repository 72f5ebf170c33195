import { expect, expectState, signIn, test } from './fixtures.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

test('a fragment with no flow started shows the catalogue message and leaves a session untouched', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await page.goto(`/#id_token=${token({ iss: 'x', aud: 'y', sub: 'z', nonce: 'n' })}`);
  await expectState(page, 'failed');
  await expect(page.getByRole('alert')).toContainText(
    'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.',
  );
  expect(page.url()).not.toContain('#');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
});

test('a fragment on a fresh page: flow not started, start over leads to idle', async ({ page }) => {
  await page.goto(`/#id_token=${token({ iss: 'x', aud: 'y', sub: 'z' })}`);
  await expectState(page, 'failed');
  await expect(page.getByRole('alert')).toContainText('Start of sign-in flow could not be found.');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expectState(page, 'idle');
});
