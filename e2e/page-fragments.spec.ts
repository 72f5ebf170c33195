/**
 * A page's own fragments are the page's (issue 44, point 4): only a fragment that carries a
 * provider's answer (`id_token`, `error` or `state`) is a sign-in callback. An anchor or a
 * hash router's route stays in the address bar and starts nothing, on a first load and on a
 * hashchange, signed out or signed in, on the app's page and on a dApp's page that embeds
 * the wallets.
 */
import type { Page } from '@playwright/test';
import type { TransitionEntry } from '../src/transition-log/transition-log.ts';
import { BUTTONS, expect, expectEnabledButtons, expectState, signIn, test } from './fixtures.ts';

/** Goes to `fragment` in the page (a hashchange), and returns once the page's own listeners have run for it. */
async function changeFragment(page: Page, fragment: string) {
  await page.evaluate(
    (next) =>
      new Promise<void>((resolve) => {
        // Registered after the app's listener, so it runs after it, in the same event.
        window.addEventListener('hashchange', () => resolve(), { once: true });
        window.location.hash = next;
      }),
    fragment,
  );
}

/**
 * A callback fragment is taken out of the address bar in the very listener that reads it
 * (the package's runtime/sign-in-actor.ts), or by the machine as it starts: a fragment still there once
 * the listeners ran, or once the page is at rest, was not taken.
 */
const fragmentOf = (page: Page) => new URL(page.url()).hash;

test('an anchor or a hash route on the first load and on a hashchange: left in the address bar, nothing started', async ({
  page,
  transitionLog,
}) => {
  await page.goto('/#section-2');
  await expectState(page, 'idle');
  await expectEnabledButtons(page, BUTTONS.signIn);
  expect(fragmentOf(page)).toBe('#section-2');
  await changeFragment(page, '#/settings?tab=2');
  expect(fragmentOf(page)).toBe('#/settings?tab=2');
  expect(
    (transitionLog as TransitionEntry[]).filter((entry) => entry.event === 'url.fragment' || entry.to.startsWith('callback')),
  ).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'idle');
});

test('signed in, a hash route changes nothing: the account stays, the route stays', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await expectState(page, 'signed-in');
  await changeFragment(page, '#/orders/42');
  expect(fragmentOf(page)).toBe('#/orders/42');
  await expectState(page, 'signed-in');
  await expectEnabledButtons(page, BUTTONS.signedIn);
  await expect(page.getByText(login.address).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a dApp page that embeds the wallets keeps its hash route, and its wallets register', async ({ page }) => {
  await page.goto('/dapp.html#/swap');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(page.getByRole('button', { name: /Sign in with Google/ })).toBeVisible();
  expect(fragmentOf(page)).toBe('#/swap');
  await changeFragment(page, '#/pool');
  expect(fragmentOf(page)).toBe('#/pool');
});
