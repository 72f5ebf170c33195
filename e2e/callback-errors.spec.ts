import type { Page } from '@playwright/test';
import {
  BUTTONS,
  countLoginServiceRequests,
  expect,
  expectEnabledButtons,
  expectState,
  FLOW_NOT_STARTED,
  readBrowserStorage,
  startFlowAndComeBack,
  test,
} from './fixtures.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

/**
 * Point 4 of "errors where they happen": a refused callback with no account returns to the
 * sign-in buttons, with the exact message, storage byte for byte as it was, and a click
 * on a provider starts afresh.
 */

/** The refused callback leaves the visitor at the sign-in buttons, and one of them works. */
async function expectBackAtSignIn(page: Page, message: string, before: Awaited<ReturnType<typeof readBrowserStorage>>) {
  await expect(page.getByRole('alert')).toHaveText(message);
  await expectState(page, 'idle');
  await expect(page.getByTestId('address')).toHaveCount(0);
  await expectEnabledButtons(page, [...BUTTONS.signIn, 'Dismiss']);
  expect(await readBrowserStorage(page)).toEqual(before);
  expect(page.url()).not.toContain('#');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
}

test('a fragment on a first visit (no flow started): the message beside the sign-in buttons', async ({ page }) => {
  await page.goto('/');
  await expectState(page, 'idle');
  const before = await readBrowserStorage(page);
  const requests = countLoginServiceRequests(page);
  await page.goto('about:blank');
  await page.goto(`/#id_token=${token({ iss: 'x', aud: 'y', sub: 'z' })}`);
  await expectBackAtSignIn(page, FLOW_NOT_STARTED, before);
  expect(requests.filter((request) => !request.endsWith('/nonce'))).toEqual([]);
});

/** Starts a flow (the pending session is stored), then lands on the app with `fragment`. */
async function callbackWith(page: Page, fragment: string) {
  // The started flow, as storage holds it before the callback.
  const before = await startFlowAndComeBack(page);
  expect(Object.keys(before.session)).toHaveLength(2);
  await page.goto('about:blank');
  await page.goto(`/${fragment}`);
  return before;
}

const claims = { iss: 'http://localhost/__mock/idp/google', aud: 'built-in-google-client', sub: '1', nonce: 'n' };

const CASES: [string, string, string][] = [
  ['no id_token', '#state=abc', 'Missing ID Token'],
  ['a token without iss', `#id_token=${token({ ...claims, iss: undefined })}`, 'Missing jwt data'],
  ['a token without aud', `#id_token=${token({ ...claims, aud: undefined })}`, 'Missing jwt data'],
  ['a token without sub', `#id_token=${token({ ...claims, sub: undefined })}`, 'Missing jwt data'],
  [
    'an array aud',
    `#id_token=${token({ ...claims, aud: ['a', 'b'] })}`,
    'Not supported aud. Aud is an array, string was expected.',
  ],
  [
    'a token whose nonce is not ours',
    `#id_token=${token({ ...claims, nonce: 'someone-elses-nonce' })}`,
    'This sign-in response was not issued for the sign-in you started (nonce mismatch), so it was refused. Please sign in again.',
  ],
];

for (const [name, fragment, message] of CASES) {
  test(`callback with ${name}: the exact message beside the sign-in buttons, the started flow untouched`, async ({ page }) => {
    const before = await callbackWith(page, fragment);
    await expectBackAtSignIn(page, message, before);
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
