/**
 * The Stately inspector opens stately.ai and posts the machine's (redacted) context there:
 * only the dev server and a build made with VITE_INSPECT=true may attach it. On the dev
 * server `?inspect` attaches it without breaking the flow; a production build made without
 * VITE_INSPECT=true does not contain it, and `?inspect` there does nothing.
 */
import { createProof, expect, expectState, idleWorkDone, signIn, test } from './fixtures.ts';

/** The dev server of playwright.config.ts (built-in, no hot reload). */
const DEV_SERVER = 'http://localhost:4175';

/** The inspector's module as the dev server serves it, or its chunk in a build. */
const isInspectorCode = (url: string) =>
  /\/src\/transition-log\/inspector\.ts(\?|$)/.test(new URL(url).pathname + new URL(url).search) ||
  /\/assets\/inspector-[\w-]+\.js$/.test(url);

test.describe('on the dev server', () => {
  test.use({ baseURL: DEV_SERVER });

  test('?inspect loads the inspector without breaking the flow', async ({ page }) => {
    const loads: string[] = [];
    page.on('request', (request) => isInspectorCode(request.url()) && loads.push(request.url()));
    await page.goto('/?inspect');
    await expectState(page, 'idle');
    expect(loads).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    await expectState(page, 'signed-in');
    // The redirect URL kept ?inspect, so the callback page was inspected too.
    expect(new URL(page.url()).searchParams.has('inspect')).toBe(true);
    expect(loads).toHaveLength(2);
    await createProof(page);
  });

  test('a normal load does not load or open the inspector', async ({ page, context }) => {
    const loads: string[] = [];
    const popups: string[] = [];
    page.on('request', (request) => isInspectorCode(request.url()) && loads.push(request.url()));
    context.on('page', (popup) => popups.push(popup.url()));
    await signIn(page, 'google', 'Alice');
    await idleWorkDone(page);
    expect(loads).toEqual([]);
    expect(popups).toEqual([]);
  });
});

test('a production build without VITE_INSPECT: ?inspect loads no inspector and opens no window', async ({ page, context }) => {
  const loads: string[] = [];
  const popups: string[] = [];
  page.on('request', (request) => isInspectorCode(request.url()) && loads.push(request.url()));
  context.on('page', (popup) => popups.push(popup.url()));
  await page.goto('/?inspect');
  await expectState(page, 'idle');
  // Signed in with ?inspect kept: the callback page does not attach it either.
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  expect(new URL(page.url()).searchParams.has('inspect')).toBe(true);
  await idleWorkDone(page);
  expect(loads).toEqual([]);
  expect(popups).toEqual([]);
});
