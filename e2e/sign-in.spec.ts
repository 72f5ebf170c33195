import { decodeJwt, jwtToAddress } from '@mysten/sui/zklogin';
import {
  BUTTONS,
  expect,
  expectEnabledButtons,
  expectState,
  PROVIDER_NAMES,
  readBrowserStorage,
  signIn,
  test,
  type ProviderId,
} from './fixtures.ts';

const JOURNEYS: [ProviderId, string][] = [
  ['google', 'Alice'],
  ['google', 'Bob'],
  ['facebook', 'Alice'],
  ['facebook', 'Carol'],
  ['twitch', 'Bob'],
  ['twitch', 'Carol'],
];

test.describe('sign in with each provider', () => {
  for (const [provider, identity] of JOURNEYS) {
    test(`${PROVIDER_NAMES[provider]} as ${identity}: the address is the one the login service derived`, async ({ page }) => {
      const { authorizeUrl, idToken, login } = await signIn(page, provider, identity);
      const shown = (await page.getByTestId('address').textContent())!.trim();
      expect(shown).toBe(login.address);
      expect(shown).toBe(jwtToAddress(idToken, login.salt, false));
      await expect(page.getByText(PROVIDER_NAMES[provider], { exact: true })).toBeVisible();
      // The card names who signed in: the token's email.
      await expect(page.getByTestId('identity')).toHaveText(`${identity.toLowerCase()}@example.com`);
      expect((decodeJwt(idToken) as { email?: string }).email).toBe(`${identity.toLowerCase()}@example.com`);

      // What went to the provider: implicit id_token flow, openid scope, our nonce.
      const query = authorizeUrl.searchParams;
      expect(query.get('response_type')).toBe('id_token');
      expect(query.get('scope')).toBe('openid');
      expect(query.get('client_id')).toBe(`built-in-${provider}-client`);
      expect(query.get('redirect_uri')).toBe(new URL('/', page.url()).toString());
      expect(query.get('nonce')).toBe((decodeJwt(idToken) as { nonce?: string }).nonce);
      expect(query.get('force_verify')).toBe(provider === 'twitch' ? 'true' : null);

      // The token is gone from the address bar.
      expect(page.url()).not.toContain('#');
      expect(page.url()).not.toContain(idToken);
    });
  }

  test('different identities get different addresses, the same identity the same one', async ({ page, context }) => {
    const alice = (await signIn(page, 'google', 'Alice')).login.address;
    const bob = (await signIn(await context.newPage(), 'google', 'Bob')).login.address;
    const again = await context.newPage();
    const aliceAgain = (await signIn(again, 'google', 'Alice')).login.address;
    // A reload restores the same identity on the card (read from the stored, sealed token).
    await again.reload();
    await expectState(again, 'signed-in');
    await expect(again.getByTestId('identity')).toHaveText('alice@example.com');
    expect(alice).not.toBe(bob);
    expect(aliceAgain).toBe(alice);
  });

  test('a page that never reaches the provider (the visitor stopped it): the wait offers the way back, the started flow kept', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expectState(page, 'idle');
    // The navigation to the provider is stopped, as the browser's Stop does it: nothing tells the page.
    let stopped = 0;
    await page.route(/\/idp\/google\/authorize/, (route) => {
      stopped++;
      return route.abort('aborted');
    });
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect.poll(() => stopped).toBe(1);
    await expect(page.getByRole('status')).toHaveText('Preparing a secure sign-in with Google…');
    await expect(page.getByRole('button', { name: 'Back to sign-in' })).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('status')).toContainText("Still waiting for Google's page.");
    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await expectState(page, 'idle');
    await expectEnabledButtons(page, BUTTONS.signIn);
    // As Back from the provider's page: the flow started stays stored, and a click goes on.
    expect(Object.keys((await readBrowserStorage(page)).session)).toHaveLength(2);
    await page.unroute(/\/idp\/google\/authorize/);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    await expectState(page, 'signed-in');
  });

  test('cancelling at the provider leads back to the sign-in buttons with a clear message', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectState(page, 'idle');
    // In plain words first; the catalogue's message beneath, word for word.
    await expect(page.getByText('You cancelled the sign-in at Google', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Missing ID Token');
    // The provider's own words, quoted and named as Google's, beneath ours.
    await expect(page.getByRole('alert')).toContainText('Google said:');
    await expect(page.getByRole('alert').locator('q')).toHaveText('access_denied: The user cancelled the sign-in.');
    await expectEnabledButtons(page, [...BUTTONS.signIn, 'Dismiss']);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/idp\/google\/authorize/);
  });
});
