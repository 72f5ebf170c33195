import type { Page } from '@playwright/test';
import { deleteVaultEntries, expect, expectCleanLoggedOut, expectState, readBrowserStorage, signIn, test } from './fixtures.ts';

const APP_KEY = 'enoki_public_built_in_mock';
const SESSION_KEY = `@zklogin-sign-in/session/${APP_KEY}`;
const STATE_KEY = `@zklogin-sign-in/state/${APP_KEY}`;

type Sealed = { v: number; salt: string; iv: string; payload: string };

/** Rewrites the stored session; the function runs in the page. */
async function tamper(page: Page, change: string) {
  await page.evaluate(
    ({ key, change }) => {
      const sealed = JSON.parse(sessionStorage.getItem(key)!) as Sealed;
      const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
      const next: Record<string, () => string> = {
        truncated: () => JSON.stringify({ ...sealed, payload: sealed.payload.slice(0, -12) }),
        'flipped bit': () => JSON.stringify({ ...sealed, payload: flip(sealed.payload) }),
        'wrong IV': () => JSON.stringify({ ...sealed, iv: flip(sealed.iv) }),
        'JSON not ours': () => JSON.stringify({ hello: 'world' }),
        'not JSON': () => 'garbage{',
      };
      sessionStorage.setItem(key, next[change]!());
    },
    { key: SESSION_KEY, change },
  );
}

for (const change of ['truncated', 'flipped bit', 'wrong IV', 'JSON not ours', 'not JSON']) {
  test(`a session with ${change} reads as a clean logged-out`, async ({ page }) => {
    await signIn(page, 'google', 'Alice');
    await tamper(page, change);
    await page.reload();
    await expectCleanLoggedOut(page, 'Your stored session could not be read, so you have been signed out.');
  });
}

test('a sign-in state that is not ours reads as a clean logged-out', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await page.evaluate((key) => sessionStorage.setItem(key, '{"provider":"myspace","address":1}'), STATE_KEY);
  await page.reload();
  await expectState(page, 'logged-out');
  expect((await readBrowserStorage(page)).session).toEqual({});
});

test('a session stored under another application key is not used', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await page.evaluate(
    ({ from, to }) => {
      for (const [i, key] of from.entries()) {
        sessionStorage.setItem(to[i]!, sessionStorage.getItem(key)!);
        sessionStorage.removeItem(key);
      }
    },
    { from: [SESSION_KEY, STATE_KEY], to: [SESSION_KEY.replace(APP_KEY, 'other_app'), STATE_KEY.replace(APP_KEY, 'other_app')] },
  );
  await page.reload();
  await expectState(page, 'idle');
  await expect(page.getByTestId('address')).toHaveCount(0);
});

test('the session key gone from IndexedDB: a clean logged-out', async ({ page }) => {
  await signIn(page, 'facebook', 'Bob');
  await deleteVaultEntries(page, APP_KEY);
  await page.reload();
  await expectState(page, 'logged-out');
  await expect(page.getByRole('status')).toContainText('could not be read');
});
