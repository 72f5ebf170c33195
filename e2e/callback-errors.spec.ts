import { expect, expectState, signIn, test } from './fixtures.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

test('a fragment with no flow started shows the catalogue message and leaves a session untouched', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await page.goto(`/#id_token=${token({ iss: 'x', aud: 'y', sub: 'z', nonce: 'n' })}`);
  await expectState(page, 'failed');
  await expect(page.getByRole('alert')).toHaveText(
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
  await expect(page.getByRole('alert')).toHaveText('Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expectState(page, 'idle');
});

/** Starts a flow (the pending session is stored), then lands on the app with `fragment`. */
async function callbackWith(page: import('@playwright/test').Page, fragment: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
  await page.goto(`/${fragment}`);
}

const claims = { iss: 'http://localhost/__mock/idp/google', aud: 'built-in-google-client', sub: '1', nonce: 'n' };

const CASES: [string, string, string][] = [
  ['no id_token', '#state=abc', 'Missing ID Token'],
  ['a token without iss', `#id_token=${token({ ...claims, iss: undefined })}`, 'Missing jwt data'],
  ['a token without aud', `#id_token=${token({ ...claims, aud: undefined })}`, 'Missing jwt data'],
  ['a token without sub', `#id_token=${token({ ...claims, sub: undefined })}`, 'Missing jwt data'],
  ['an array aud', `#id_token=${token({ ...claims, aud: ['a', 'b'] })}`, 'Not supported aud. Aud is an array, string was expected.'],
  [
    'a token whose nonce is not ours',
    `#id_token=${token({ ...claims, nonce: 'someone-elses-nonce' })}`,
    'This sign-in response was not issued for the sign-in you started (nonce mismatch), so it was refused. Please sign in again.',
  ],
];

for (const [name, fragment, message] of CASES) {
  test(`callback with ${name}: the exact message, and the visitor can start over`, async ({ page }) => {
    await callbackWith(page, fragment);
    await expectState(page, 'failed');
    await expect(page.getByRole('alert')).toHaveText(message);
    expect(page.url()).not.toContain('#');
    await page.getByRole('button', { name: 'Start over' }).click();
    await expectState(page, 'idle');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });
}

test('a callback arriving by hashchange, after Back from the provider, completes the sign-in', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  const authorize = new URL(page.url().includes('/authorize') ? page.url() : (await page.waitForURL(/\/authorize/), page.url()));
  // Back from the provider's page: the app must not spin in "redirecting".
  await page.goBack();
  await expectState(page, 'idle');
  // The provider's answer, delivered by a fragment change on the open page.
  const form = await request.post(`${authorize.origin}${authorize.pathname}`, {
    form: { ...Object.fromEntries(authorize.searchParams), identity: 'carol' },
    maxRedirects: 0,
  });
  const fragment = form.headers().location!.split('#')[1]!;
  await page.evaluate((hash) => (window.location.hash = hash), fragment);
  await expectState(page, 'signed-in');
  expect(page.url()).not.toContain('#');
  expect(page.url()).not.toContain('id_token');
});
