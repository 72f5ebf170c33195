/**
 * The keyboard's place through the account's work, in real Chromium (which moves the focus
 * off a button as it is disabled): a button pressed with the keyboard is disabled while its
 * work runs, and has the focus back once it is enabled; a send that first creates the proof
 * changes the screen under it without taking the visitor to the page's top.
 */
import type { Page } from '@playwright/test';
import { createProof, expect, expectState, signIn, test } from './fixtures.ts';

const chainPanel = (page: Page) => page.getByRole('region', { name: /Your address on Sui/ });

/** Focuses `name` with the keyboard's own focus (not a click) and presses Enter on it. */
async function pressWithKeyboard(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  return button;
}

/** Holds the page's next request whose body says `what` until the returned function is called. */
async function holdNext(page: Page, url: string, what: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(url, async (route) => {
    if (held || !(route.request().postData() ?? '').includes(what)) return route.fallback();
    held = true;
    await released;
    await route.fallback();
  });
  return release;
}

/**
 * Pressed by keyboard while its request is held: the button is disabled and the browser has
 * moved the focus off it (to the body); released, the work ends and the focus is back on it.
 */
async function focusComesBack(
  page: Page,
  [name, busyName]: [string, string],
  hold: { url: string; what: string },
  done: () => Promise<void>,
) {
  const release = await holdNext(page, hold.url, hold.what);
  const button = await pressWithKeyboard(page, name);
  await expect(page.getByRole('button', { name: busyName, exact: true })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
  release();
  await done();
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused();
}

const NODE = '**/__mock/sui/graphql';

test('Refresh, Get test SUI, Send and Sign message pressed by keyboard: each has the focus back when its work is done', async ({
  page,
}) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  const panel = chainPanel(page);
  await expect(panel.getByRole('button', { name: 'Refresh' })).toBeEnabled();

  await focusComesBack(page, ['Refresh', 'Refresh'], { url: NODE, what: 'getBalance' }, async () => {});
  await focusComesBack(
    page,
    ['Get test SUI', 'Getting test SUI…'],
    { url: '**/v2/gas', what: 'FixedAmountRequest' },
    async () => {
      await expect(panel.getByTestId('funded')).toBeVisible();
    },
  );

  await panel.getByLabel('Recipient address').fill(`0x${'c0'.repeat(32)}`);
  await panel.getByLabel('Amount (SUI)').fill('0.1');
  await focusComesBack(page, ['Send', 'Sending…'], { url: NODE, what: 'executeTransaction' }, async () => {
    await expect(panel.getByTestId('digest')).toBeVisible();
  });

  await focusComesBack(page, ['Sign message', 'Sign message'], { url: NODE, what: 'verifySignature' }, async () => {
    await expect(page.getByTestId('signature')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a first send, which creates the proof, keeps the visitor at the send form, and its button has the focus after', async ({
    page,
  }) => {
    await signIn(page, 'google', 'Alice');
    const panel = chainPanel(page);
    await panel.getByRole('button', { name: 'Get test SUI' }).click();
    await expect(panel.getByRole('button', { name: 'Get test SUI' })).toBeEnabled();
    await panel.getByLabel('Recipient address').fill(`0x${'c0'.repeat(32)}`);
    await panel.getByLabel('Amount (SUI)').fill('0.1');
    const send = await pressWithKeyboard(page, 'Send');
    await expectState(page, 'ready');
    await expect(panel.getByTestId('digest')).toBeVisible();
    await expect(send).toBeEnabled();
    await expect(send).toBeFocused();
    // The receipt is on screen: the page was not taken to the heading at the top.
    await expect(panel.getByTestId('digest')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
