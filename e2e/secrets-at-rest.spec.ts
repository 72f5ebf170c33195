import type { Page } from '@playwright/test';
import { DEV_SERVER_PORT } from '../playwright.config.ts';
import { readStoredData } from './browser-storage.ts';
import { createProof, expect, expectState, fetchThrough, signIn, test } from './fixtures.ts';

/** Every value the page keeps: sessionStorage, localStorage, IndexedDB (keys described). */
async function everyStoredValue(page: Page) {
  const storage = await readStoredData(page);
  return [
    ...Object.values(storage.session),
    ...Object.values(storage.local),
    ...Object.values(storage.databases).flatMap((entries) => Object.values(entries).map((value) => JSON.stringify(value))),
  ].map(String);
}

/**
 * Collects the secrets of a journey from what the services sent, as an attacker would want
 * them. Read in a route, before the page gets each answer: a response listener races the
 * navigation to the provider, after which the browser no longer holds the nonce's body.
 */
async function collectSecrets(page: Page) {
  const secrets: string[] = ['suiprivkey'];
  const kinds = new Set<string>();
  await page.route('**/v1/zklogin/**', async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fallback();
    const response = await fetchThrough(route);
    const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
    const data = body?.data;
    if (typeof data?.randomness === 'string') {
      secrets.push(data.randomness);
      kinds.add('randomness');
    }
    if (data?.proofPoints) {
      secrets.push((data.proofPoints as { a: string[] }).a[0]!, String(data.addressSeed));
      kinds.add('proof');
    }
    await route.fulfill({ response });
  });
  return { secrets, kinds };
}

test('storage, console and page text hold no plaintext jwt, private key, randomness or proof', async ({ page }) => {
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const { secrets, kinds } = await collectSecrets(page);
  const { idToken } = await signIn(page, 'google', 'Bob');
  secrets.push(idToken, idToken.split('.')[1]!);
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  expect([...kinds].sort()).toEqual(['proof', 'randomness']);

  const stored = await everyStoredValue(page);
  expect(stored.length).toBeGreaterThanOrEqual(3);
  const pageText = await page.locator('body').innerText();
  for (const secret of secrets) {
    for (const value of stored) expect(value).not.toContain(secret);
    for (const line of consoleText) expect(line).not.toContain(secret);
    expect(pageText).not.toContain(secret);
  }
  // The keys in IndexedDB are CryptoKeys that cannot be exported.
  for (const value of stored.filter((v) => v.includes('"algorithm"'))) expect(value).toContain('"extractable":false');
});

// The inspector attaches only on the dev server (or in a build made with VITE_INSPECT=true).
test.describe('on the dev server, where ?inspect attaches the inspector', () => {
  test.use({ baseURL: `http://localhost:${DEV_SERVER_PORT}` });

  test('the inspector stream carries no secret', async ({ page }) => {
    const posted: string[] = [];
    await page.exposeBinding('__recordInspector', (_, message: string) => void posted.push(message));
    // Stand in for Stately's inspector window (there is no network here): record what it is sent.
    await page.addInitScript(() => {
      const record = (window as unknown as { __recordInspector: (m: string) => void }).__recordInspector;
      // The inspector is loaded lazily: keep saying "connected" until it sends something (it
      // listens by then), however long a cold dev server takes to serve its code.
      const timer = setInterval(() => window.postMessage({ type: '@statelyai.connected' }, '*'), 100);
      const postMessage = (message: unknown) => {
        clearInterval(timer);
        record(JSON.stringify(message));
      };
      window.open = () => ({ postMessage, close() {}, closed: false }) as unknown as Window;
    });
    const { secrets, kinds } = await collectSecrets(page);
    await page.goto('/?inspect');
    await expectState(page, 'idle');
    await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
    const redirect = page.waitForResponse((response) => response.status() === 303);
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    const idToken = new URLSearchParams((await redirect).headers().location!.split('#')[1]).get('id_token')!;
    secrets.push(idToken, idToken.split('.')[1]!);
    await expectState(page, 'signed-in');
    await createProof(page);
    await page.getByRole('button', { name: 'Sign message' }).click();
    await expect(page.getByTestId('signature')).not.toBeEmpty();

    const stream = posted.join('\n');
    expect(stream).toContain('xstate.done.actor.fetchLogin');
    expect(stream).toContain('[redacted]');
    expect([...kinds].sort()).toEqual(['proof', 'randomness']);
    for (const secret of secrets) expect(stream).not.toContain(secret);
  });
});

test("the session key is this browser's own: a copied session does not open elsewhere", async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, 'google', 'Alice');
  await signIn(b, 'google', 'Alice');
  // Same app bundle, same application key, same identity; copy A's stored entries into B.
  const entries = await a.evaluate(() => ({ ...sessionStorage }));
  await b.evaluate((values) => Object.entries(values).forEach(([key, value]) => sessionStorage.setItem(key, value)), entries);
  await b.reload();
  await expectState(b, 'logged-out');
  await expect(b.getByRole('status')).toContainText('Your stored session could not be read');
  await first.close();
  await second.close();
});
