/**
 * The login service's answers are checked against what the browser knows (real mode, the
 * standalone mock service told to lie): a nonce made for another key stops the sign-in
 * before the provider, an address the token and salt do not give is never shown, and a proof
 * that does not verify is never stored.
 */
import {
  BUTTONS,
  clearFaults,
  expect,
  expectEnabledButtons,
  expectState,
  MOCK_SERVER,
  readBrowserStorage,
  signIn,
  tellLie,
  test,
} from './fixtures.ts';

const NONCE_NOT_OURS =
  "The login service answered with a nonce that was not made for this browser's sign-in key, so the sign-in was stopped before it reached the provider. Nothing was stored. Please try again later.";
const ADDRESS_NOT_OURS =
  'The login service answered with an address that does not belong to this sign-in, so it was refused and nothing was stored. Please start over.';

test.afterEach(async ({ request }) => clearFaults(request));

test('a nonce made for another key: no navigation to the provider, our message, storage as it was', async ({ page, request }) => {
  await tellLie(request, 'nonce-for-another-key');
  await page.goto('/');
  await expectState(page, 'idle');
  const before = await readBrowserStorage(page);
  const authorizations = async () => (await (await request.get(`${MOCK_SERVER}/__control/authorizations`)).json()).length;
  const authorized = await authorizations();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && navigations.push(frame.url())));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(NONCE_NOT_OURS);
  await expectState(page, 'idle');
  await expectEnabledButtons(page, [...BUTTONS.signIn, 'Dismiss']);
  expect(navigations).toEqual([]);
  expect(await authorizations()).toBe(authorized);
  expect(await readBrowserStorage(page)).toEqual(before);

  // An honest answer again: the same click goes to the provider.
  await clearFaults(request);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
});

for (const lie of ['address-not-from-token', 'public-key-not-from-token'] as const) {
  test(`get login that answers ${lie}: refused with our message, the address never shown nor stored`, async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
    await page.waitForURL(/\/idp\/twitch\/authorize/);
    await tellLie(request, lie);
    const answer = page.waitForResponse((response) => /\/v1\/zklogin$/.test(new URL(response.url()).pathname));
    const shown: string[] = [];
    await page.exposeBinding('__addressShown', (_, text: string) => void shown.push(text));
    await page.addInitScript(() => {
      // Every address the page ever puts on screen, as it happens.
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-testid="address"]')) {
          (window as unknown as { __addressShown: (text: string) => void }).__addressShown(element.textContent ?? '');
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    const lied = ((await (await answer).json()) as { data: { address: string } }).data.address;
    await expectState(page, 'failed');
    await expect(page.getByRole('alert')).toContainText(ADDRESS_NOT_OURS);
    await expect(page.getByRole('button', { name: 'Start over' })).toBeEnabled();
    expect(shown).toEqual([]);
    await expect(page.getByText(lied)).toHaveCount(0);
    const stored = await readBrowserStorage(page);
    expect(JSON.stringify(stored)).not.toContain(lied);
  });
}

test('a proof that does not verify is refused in the browser before it is stored: the visitor keeps the account, and Create proof works once the service is honest', async ({
  page,
  request,
}) => {
  const { login } = await signIn(page, 'google', 'Bob');
  await expectState(page, 'signed-in');
  const before = await readBrowserStorage(page);
  await tellLie(request, 'proof-does-not-verify');
  const proofAnswered = page.waitForResponse((response) => /\/v1\/zklogin\/zkp$/.test(new URL(response.url()).pathname));
  await page.getByRole('button', { name: 'Create proof' }).click();
  expect((await proofAnswered).ok()).toBe(true);
  await expect(page.getByRole('alert')).toContainText(
    "The login service's proof does not verify, so it was not stored. Please create the proof again.",
  );
  await expectState(page, 'signed-in');
  await expect(page.getByText(login.address).first()).toBeVisible();
  await expectEnabledButtons(page, [...BUTTONS.signedIn, 'Dismiss']);
  // Nothing was written: the session is the one sealed before the proof came.
  expect(await readBrowserStorage(page)).toEqual(before);

  await clearFaults(request);
  await page.getByRole('button', { name: 'Create proof' }).click();
  await expectState(page, 'ready');
});
