/**
 * Verify before trusting, in the browser (built-in mode): no token leaves before its nonce
 * is checked, and only sealed storage is believed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectCleanLoggedOut,
  expectState,
  PROVIDER_NAMES,
  readBrowserStorage,
  signIn,
  test,
  type ProviderId,
} from './fixtures.ts';

const APP_KEY = 'enoki_public_built_in_mock';
const STATE_KEY = `@zklogin-sign-in/state/${APP_KEY}`;

/** A token from the mock provider itself, validly signed, for a sign-in with another nonce. */
async function tokenForAnotherSignIn(request: APIRequestContext, authorize: URL) {
  const form = await request.post(`${authorize.origin}${authorize.pathname}`, {
    form: { ...Object.fromEntries(authorize.searchParams), nonce: 'the-nonce-of-another-sign-in', identity: 'alice' },
    maxRedirects: 0,
  });
  return new URLSearchParams(form.headers().location!.split('#')[1]).get('id_token')!;
}

/** Every request the page sends to the login service from now on, whatever becomes of it. */
function everyLoginServiceRequest(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('/v1/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

for (const provider of Object.keys(PROVIDER_NAMES) as ProviderId[]) {
  test(`${provider}: a token whose nonce is another sign-in's reaches the login service 0 times in 20`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAMES[provider]}` }).click();
    await page.waitForURL(/\/idp\/[a-z]+\/authorize/);
    const authorize = new URL(page.url());
    await page.goBack();
    await expectState(page, 'idle');
    const foreign = await tokenForAnotherSignIn(request, authorize);
    const before = await readBrowserStorage(page);
    const requests = everyLoginServiceRequest(page);
    for (let run = 0; run < 20; run++) {
      await page.goto('about:blank');
      await page.goto(`/#id_token=${foreign}`);
      await expect(page.getByRole('alert')).toContainText('nonce mismatch');
      await expectState(page, 'idle');
    }
    expect(requests).toEqual([]);
    expect(await readBrowserStorage(page)).toEqual(before);
  });
}

test('a plain sign-in state that names another address is not believed after a reload: signed out, never shown, never funded', async ({
  page,
}) => {
  const { login } = await signIn(page, 'google', 'Alice');
  const elsewhere = `0x${'e'.repeat(64)}`;
  await page.evaluate(
    ({ key, address }) => sessionStorage.setItem(key, JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), address })),
    { key: STATE_KEY, address: elsewhere },
  );
  const faucet: string[] = [];
  page.on('request', (request) => void (request.url().includes('/v2/gas') && faucet.push(request.url())));
  await page.reload();
  await expectCleanLoggedOut(page, 'Your stored session could not be read, so you have been signed out.');
  await expect(page.getByText(elsewhere)).toHaveCount(0);
  await expect(page.getByText(login.address)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Get test SUI' })).toHaveCount(0);
  expect(faucet).toEqual([]);
});
