/**
 * Popup mode (VITE_SIGN_IN_MODE=popup, built-in mode): the provider in a window of its
 * own. The opening page never navigates and its URL and history never see the token; the
 * window hands its answer back and closes; a blocked window falls back to a redirect and
 * says so; a closed one returns to the buttons with a notice, and one the provider's page
 * isolated still signs in from there; the window says where its answer went;
 * a second click brings the open window forward. The wallets' interactive connect resolves in the
 * page. Everything is driven through buttons, `data-*` attributes and the Wallet
 * Standard's own protocol.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { countNavigations, expect, expectState, test } from './fixtures.ts';
import {
  accountsOf,
  checkZkLoginSignature,
  connect,
  installDapp,
  isolateProviderPages,
  signMessageThrough,
  walletsOf,
} from './wallet-protocol.ts';

/** A window that reads as closed once at the provider: it may only be cut off, and its answer is still taken. */
const LOST_NOTICE =
  'The sign-in window was closed, or the provider cut it off from this page. If it is still open, finish there to be signed in here.';
const BLOCKED_NOTICE = 'Your browser blocked the sign-in window, so this page goes to the provider instead.';

/** Clicks a sign-in button and returns the window it opened, once at the provider's page. */
async function openSignInWindow(page: Page, provider = 'Google') {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Sign in with ${provider}` }).click();
  const popup = await opened;
  await popup.waitForURL(/\/idp\/[a-z]+\/authorize\?/);
  return popup;
}

test('the provider in a window: signed in without this page navigating, and the token never in its URL or history', async ({
  page,
}) => {
  const navigations = countNavigations(page);
  await page.goto('/');
  await expectState(page, 'idle');
  const historyLength = await page.evaluate(() => history.length);

  const popup = await openSignInWindow(page);
  // The request carries the window's flow as `state`, beside the usual nonce.
  const authorize = new URL(popup.url());
  expect(authorize.searchParams.get('state')).toMatch(/^zklogin-popup\.[\w-]+$/);
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  // Meanwhile the page keeps its buttons and says where to look.
  await expect(page.getByTestId('sign-in-window')).toContainText('Finish signing in with Google in the window that opened');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await closed;
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(/^0x[0-9a-f]{64}$/);

  expect(navigations).toEqual([page.url()]);
  expect(page.url()).not.toContain('id_token');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test("still signs in when the provider's page severs window.opener (the flow's BroadcastChannel)", async ({ page, context }) => {
  // The provider's page drops the link to its opener, as some providers' pages do.
  await context.addInitScript(() => {
    // Assigning null disowns the opener for the whole window, later pages included.
    if (location.pathname.includes('/idp/')) window.opener = null;
  });
  // What the window saw once back on the app: no opener to post to.
  const openerOnReturn: boolean[] = [];
  await context.exposeBinding('__openerOnReturn', (_, present: boolean) => void openerOnReturn.push(present));
  await context.addInitScript(() => {
    if (location.hash.includes('state=zklogin-popup'))
      (window as unknown as { __openerOnReturn: (present: boolean) => void }).__openerOnReturn(window.opener !== null);
  });
  await page.goto('/');
  const popup = await openSignInWindow(page);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await closed;
  await expectState(page, 'signed-in');
  expect(openerOnReturn).toEqual([false]);
});

test('a window the visitor closes returns the page to the sign-in buttons, with a notice', async ({ page }) => {
  await page.goto('/');
  const popup = await openSignInWindow(page);
  // Closed, and known to be: how soon the page notices is popup-window.test.ts's (its
  // checks, on a clock of its own), not this machine's speed.
  const closed = popup.waitForEvent('close');
  await popup.close();
  await closed;
  await expect(page.getByText(LOST_NOTICE)).toBeVisible();
  await expectState(page, 'idle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByRole('status').locator('.spinner')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  // And a click opens a new window.
  const again = await openSignInWindow(page, 'Twitch');
  await expect(again).toHaveURL(/\/idp\/twitch\/authorize/);
});

test('a provider page that isolates itself (Cross-Origin-Opener-Policy: same-origin) still signs the visitor in', async ({
  page,
  context,
}) => {
  // The provider's page isolates its window: the opener's handle reads closed at once.
  const isolated = await isolateProviderPages(context);
  await page.goto('/');
  const popup = await openSignInWindow(page);
  // The page cannot tell isolated from closed: it says so, gives the buttons back, and listens on.
  await expect(page.getByText(LOST_NOTICE)).toBeVisible();
  await expectState(page, 'idle');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  // The visitor finishes in the window, which is still open: the answer reaches the page.
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  expect(isolated.pages).toBeGreaterThan(0);
  await expect(page.getByTestId('address')).toHaveText(/^0x[0-9a-f]{64}$/);
  // The window closes itself, or (where the browser would not let it) says where the sign-in
  // went. It does either once the page's receipt arrives, which may be after the page shows
  // the account: wait for the first of the two. It asks to close before it says anything,
  // and a window the browser lets close reads as closed from that moment (window.closed),
  // so one that reads open then is the one that stays.
  const received = popup.getByRole('heading', { name: 'You can close this window' });
  await Promise.race([popup.waitForEvent('close'), received.waitFor().catch(() => {})]);
  const closing =
    popup.isClosed() ||
    (await popup
      .evaluate(() => window.closed)
      .catch(async (error: unknown) => {
        // The window went while asked: its close event follows. Any other failure is the test's.
        if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 }).catch(() => Promise.reject(error));
        return true;
      }));
  if (!closing) {
    await expect(popup.getByRole('heading', { name: 'You can close this window' })).toBeVisible();
    await expect(popup.getByText('The sign-in went back to the page that opened this window.')).toBeVisible();
  }
});

test('a window whose page stopped waiting says the sign-in did not reach it, never that it did', async ({ page }) => {
  await page.goto('/');
  const popup = await openSignInWindow(page);
  // The page that opened the window is reloaded: nothing there listens for this flow any more.
  await page.reload();
  await expectState(page, 'idle');
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await expect(popup.getByRole('heading', { name: 'The sign-in did not reach the page' })).toBeVisible();
  await expect(popup.getByText('Close this window and sign in again from the page.')).toBeVisible();
  await expect(popup.getByText('The sign-in went back to the page')).toHaveCount(0);
  await expectState(page, 'idle');
});

test('a second click while the window is open brings it forward and opens no other', async ({ page, context }) => {
  await page.goto('/');
  const popup = await openSignInWindow(page);
  const popups: Page[] = [];
  page.on('popup', (other) => void popups.push(other));
  await page.bringToFront();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
  await expect.poll(() => popup.evaluate(() => document.hasFocus())).toBe(true);
  expect(popups).toEqual([]);
  expect(context.pages()).toHaveLength(2);
  await expect(page.getByTestId('sign-in-window')).toContainText('Google');
  // The open window still finishes the sign-in.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: /Continue as Alice/ }).click();
  await closed;
  await expectState(page, 'signed-in');
});

test('a blocked window falls back to this page going to the provider, and says so', async ({ page }) => {
  // What a popup blocker does to the page: window.open gives nothing back.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  // What the page said before it left, reported as it appeared (the page is gone after).
  const said: string[] = [];
  await page.exposeBinding('__said', (_, text: string) => void said.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { __said: (text: string) => void }).__said;
    new MutationObserver(() => {
      document.querySelectorAll('[role="status"]').forEach((node) => report(node.textContent ?? ''));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/');
  await expectState(page, 'idle');
  const toProvider = page.waitForURL(/\/idp\/google\/authorize\?/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await toProvider;
  expect(said.some((text) => text.includes(BLOCKED_NOTICE))).toBe(true);
  // The redirect's flow needs no window: no state in its request.
  expect(new URL(page.url()).searchParams.get('state')).toBeNull();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
});

test.describe('the wallets in popup mode', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installDapp);
  });

  test('an interactive connect signs in through a window and resolves with the account; the page never navigates', async ({
    page,
  }) => {
    const navigations = countNavigations(page);
    await page.goto('/');
    await expectState(page, 'idle');
    await walletsOf(page);
    const opened = page.waitForEvent('popup');
    const connecting = connect(page, 'Sign in with Google', false);
    const popup = await opened;
    await popup.getByRole('button', { name: /Continue as Alice/ }).click();
    const [account] = await accountsOf(connecting);
    expect(account).toMatchObject({ chains: ['sui:testnet'], label: 'Google' });
    await expect(page.getByTestId('address')).toHaveText(account!.address);
    expect(navigations).toHaveLength(1);

    // The account signs at once for the dApp.
    const { signature } = await signMessageThrough(page, 'Sign in with Google', 'hello from a dApp');
    const bytes = new TextEncoder().encode('hello from a dApp');
    expect(await checkZkLoginSignature(signature, bytes, 'PersonalMessage')).toBe(account!.address);
  });

  test("an interactive connect whose window is closed at the provider waits for that window's sign-in (the window may only be cut off); the next connect answers it with the notice", async ({
    page,
  }) => {
    await page.goto('/');
    await walletsOf(page);
    const opened = page.waitForEvent('popup');
    const first = connect(page, 'Sign in with Twitch', false);
    const popup = await opened;
    await popup.waitForURL(/\/idp\/twitch\/authorize/);
    await popup.close();
    await expect(page.getByText(LOST_NOTICE)).toBeVisible();
    await expectState(page, 'idle');

    // The next connect replaces that sign-in: the first is answered, and the second gets a window of its own.
    const reopened = page.waitForEvent('popup');
    const second = connect(page, 'Sign in with Google', false);
    expect(await first).toEqual({ ok: false, error: LOST_NOTICE });
    await (await reopened).getByRole('button', { name: /Continue as Alice/ }).click();
    const [account] = await accountsOf(second);
    expect(account).toMatchObject({ label: 'Google' });
    await expect(page.getByTestId('address')).toHaveText(account!.address);
  });
});
