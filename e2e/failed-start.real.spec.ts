/**
 * Point 3 of "errors where they happen", for the browser's own parts of a start: when the
 * ephemeral key cannot be made or the session cannot be stored, the visitor is back at the
 * sign-in buttons with a clear message, storage is as it was, and a click starts afresh once
 * the fault has cleared. (The nonce call's faults are in the fault matrix.) Real mode, so
 * that the key is a native WebCrypto key kept in IndexedDB.
 */
import type { Page } from '@playwright/test';
import {
  BUTTONS,
  expect,
  expectEnabledButtons,
  expectState,
  readBrowserStorage,
  startFlowAndComeBack,
  test,
} from './fixtures.ts';

const KEY_FAILED = 'This browser could not create a sign-in key. Please try again.';
const STORAGE_FAILED =
  'This browser would not store your sign-in (storage may be full or blocked for this site). Free some space or allow storage, then try again.';

type Breakable = 'generateKey' | 'setItem';

/** Runs in the page: makes `what` refuse every call, keeping the real one to heal with. */
function breakApi(what: Breakable) {
  const target = (what === 'generateKey' ? SubtleCrypto.prototype : Storage.prototype) as unknown as Record<string, unknown>;
  (window as unknown as { __healed: unknown }).__healed = target[what];
  target[what] = () => {
    const error = new DOMException(`${what} refused by the test`, what === 'setItem' ? 'QuotaExceededError' : 'OperationError');
    if (what === 'setItem') throw error;
    return Promise.reject(error);
  };
}

/**
 * Breaks one browser API in the page until `heal` is called: from now, or (`fromLoad`)
 * from the page's first script on, as in a browser that never had it working.
 */
async function breakInPage(page: Page, what: Breakable, { fromLoad = false } = {}) {
  if (fromLoad) await page.addInitScript(breakApi, what);
  else await page.evaluate(breakApi, what);
  return () =>
    page.evaluate((what) => {
      const target = (what === 'generateKey' ? SubtleCrypto.prototype : Storage.prototype) as unknown as Record<string, unknown>;
      target[what] = (window as unknown as { __healed: unknown }).__healed;
    }, what);
}

async function expectBackAtSignIn(page: Page, message: string, before: Awaited<ReturnType<typeof readBrowserStorage>>) {
  await expect(page.getByRole('alert')).toHaveText(message);
  await expectState(page, 'idle');
  await expectEnabledButtons(page, [...BUTTONS.signIn, 'Dismiss']);
  expect(await readBrowserStorage(page)).toEqual(before);
}

test('the ephemeral key cannot be made: back at the sign-in buttons, nothing stored, a click goes on once it can', async ({
  page,
}) => {
  // Broken from the start: the page makes its next key ahead, as soon as it can.
  const heal = await breakInPage(page, 'generateKey', { fromLoad: true });
  await page.goto('/');
  await expectState(page, 'idle');
  const before = await readBrowserStorage(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expectBackAtSignIn(page, KEY_FAILED, before);
  await heal();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
});

test('the session cannot be stored: back at the sign-in buttons, storage as it was, a click goes on once it can', async ({
  page,
}) => {
  // A first start that reached the provider: a flow is stored, and the session key exists.
  const before = await startFlowAndComeBack(page);
  const heal = await breakInPage(page, 'setItem');
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  // The earlier flow is kept whole, and the new flow's native key was taken back out.
  await expectBackAtSignIn(page, STORAGE_FAILED, before);
  await heal();
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  await page.waitForURL(/\/idp\/twitch\/authorize/);
});
