import {
  clearFaults,
  expect,
  expectState,
  injectFault,
  PROVIDER_NAMES,
  readBrowserStorage,
  signIn,
  test,
  type LoginServiceCall,
} from './fixtures.ts';
import type { Page } from '@playwright/test';

const FAULTS = [
  { fault: 'http-500', message: 'The login service answered with an error (HTTP 500): Injected failure: HTTP 500.' },
  { fault: 'wrong-shape', message: 'The login service sent an answer this app does not understand. Please try again.' },
  { fault: 'timeout', message: 'The login service did not answer within 2 seconds. Please try again.' },
];

test.afterEach(async ({ request }) => clearFaults(request));

/** Brings the visitor to the point where `call` is next, and returns the storage then. */
async function reachCall(page: Page, call: LoginServiceCall) {
  if (call === 'nonce') {
    await page.goto('/');
    await expectState(page, 'idle');
    return readBrowserStorage(page);
  }
  if (call === 'login') {
    // Start the flow, come back (bfcache) to read storage as the start left it, go on.
    await page.goto('/');
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAMES.google}` }).click();
    await page.waitForURL(/\/idp\/google\/authorize/);
    await page.goBack();
    await expectState(page, 'idle');
    const before = await readBrowserStorage(page);
    await page.goForward();
    await page.waitForURL(/\/idp\/google\/authorize/);
    return before;
  }
  await signIn(page, 'google', 'Alice');
  return readBrowserStorage(page);
}

async function makeCall(page: Page, call: LoginServiceCall) {
  if (call === 'nonce') await page.getByRole('button', { name: 'Sign in with Google' }).click();
  if (call === 'login') await page.getByRole('button', { name: /Continue as Alice/ }).click();
  if (call === 'proof') await page.getByRole('button', { name: 'Create proof' }).click();
}

async function expectRecovered(page: Page, call: LoginServiceCall) {
  if (call === 'nonce') await page.waitForURL(/\/idp\/google\/authorize/);
  if (call === 'login') await expectState(page, 'signed-in');
  if (call === 'proof') await expectState(page, 'ready');
}

for (const call of ['nonce', 'login', 'proof'] as const) {
  for (const { fault, message } of FAULTS) {
    test(`login service ${fault} on ${call}: clear message, nothing half-written, retry works`, async ({ page, request }) => {
      const before = await reachCall(page, call);
      await injectFault(request, call, fault);
      await makeCall(page, call);
      await expectState(page, 'failed');
      await expect(page.getByRole('alert')).toContainText(message);
      expect(await readBrowserStorage(page)).toEqual(before);

      await clearFaults(request);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectRecovered(page, call);
    });
  }
}
