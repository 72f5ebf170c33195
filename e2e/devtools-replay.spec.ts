/**
 * Time travel, offline: any step of the log shows the chart as it was; a downloaded log
 * loads back read-only and steps with ← and →; a bad file is refused with a message; a
 * hostile log (a stranger's bug report) is shown as text and nothing in it runs.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectState, test } from './fixtures.ts';

const panel = (page: Page) => page.getByRole('region', { name: 'Statechart' });
/** The lit leaves: one, or one per region of the account. */
const litLeaf = (page: Page) => panel(page).locator('.state.leaf.active');

async function loadLog(page: Page, name: string, contents: string) {
  await panel(page)
    .getByLabel('Load log')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(contents) });
}

test('download the log, load it back, and step through it with the arrow keys', async ({ page: visitor, context }, testInfo) => {
  await visitor.goto('/?devtools');
  await visitor.getByRole('button', { name: 'Sign in with Google' }).click();
  await visitor.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(visitor, 'signed-in');
  await expect(visitor.getByTestId('balance')).toBeVisible();

  const downloading = visitor.waitForEvent('download');
  await panel(visitor).getByRole('button', { name: 'Download log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sign-in-transitions.json');
  const saved = await readFile((await download.path())!, 'utf8');
  const entries = JSON.parse(saved) as { event: string; from: string; to: string }[];
  expect(entries.map((entry) => entry.to)).toEqual([
    'callback-validating',
    'fetching-login',
    'account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later',
    'account.session.signed-in + account.chain.idle + account.wallet.waiting + account.renewal.later',
  ]);

  // As a developer would, in a fresh tab: the visitor's log, replayed read-only.
  const page = await context.newPage();
  await page.goto('/?devtools');
  await expectState(page, 'idle');
  await loadLog(page, 'bug-report.json', saved);
  const status = panel(page).getByRole('status').filter({ hasText: 'Replaying' });
  await expect(status).toHaveText('Replaying bug-report.json (read-only), step 1 of 4. Back to live');
  await expect(litLeaf(page)).toHaveAttribute('data-state-id', 'signIn.callback-validating');

  await panel(page).getByRole('group', { name: 'Transition log entries' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(status).toContainText('step 3 of 4');
  await expect(litLeaf(page)).toHaveCount(4);
  for (const leaf of ['session.signed-in', 'chain.loading-balance', 'wallet.waiting', 'renewal.later']) {
    await expect(litLeaf(page).and(page.locator(`[data-state-id="signIn.account.${leaf}"]`))).toHaveCount(1);
  }
  await expect(panel(page).locator('.transition.last')).toHaveAttribute('data-edge', 'signIn.fetching-login->signIn.account');
  const detail = panel(page).getByRole('region', { name: 'Selected step' });
  await expect(detail).toContainText('xstate.done.actor.fetchLogin');
  // What the step changed in the (redacted) context: the address appeared.
  await expect(
    detail.getByRole('listitem').filter({ hasText: /^address: — → "0x[0-9a-f]{64}"$|^address: null → "0x[0-9a-f]{64}"$/ }),
  ).toHaveCount(1);
  expect(saved).not.toContain('"jwt": "eyJ');
  await page.screenshot({ path: testInfo.outputPath('replay-step-3.png'), fullPage: true });

  await page.keyboard.press('ArrowLeft');
  await expect(status).toContainText('step 2 of 4');
  await expect(litLeaf(page)).toHaveAttribute('data-state-id', 'signIn.fetching-login');
  // The app itself was never touched by the replay.
  await expectState(page, 'idle');
  await panel(page).getByRole('button', { name: 'Back to live' }).click();
  await expect(panel(page).getByTestId('devtools-state')).toHaveText('idle.cold');
});

test('a file that is not a log is refused with a message, and the panel stays live', async ({ page }) => {
  await page.goto('/?devtools');
  await expectState(page, 'idle');
  await loadLog(page, 'notes.json', 'these are my notes');
  await expect(panel(page).getByRole('alert')).toHaveText('This file is not a transition log: it is not JSON.');
  await loadLog(page, 'other.json', JSON.stringify({ entries: [] }));
  await expect(panel(page).getByRole('alert')).toHaveText(
    'This file is not a transition log of this app: it must be a list of transitions.',
  );
  await expect(panel(page).getByText('Replaying')).toHaveCount(0);
  await expect(panel(page).getByTestId('devtools-state')).toHaveText('idle.cold');
});

test('a hostile log is shown as text, and nothing in it runs', async ({ page }) => {
  await page.goto('/?devtools');
  await expectState(page, 'idle');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const img = '<img src=x onerror="window.__pwned=1;alert(1)">';
  const script = '</svg><script>window.__pwned=2;alert(2)</script>';
  const hostile = [
    {
      at: '2026-11-22T07:00:00.000Z',
      event: img,
      from: '',
      to: script,
      sourceDurationMs: 1,
      payload: { type: img, note: script },
    },
    { at: '2026-11-22T07:00:01.000Z', event: script, from: script, to: `idle.${img}`, sourceDurationMs: 2, payload: script },
  ];
  await loadLog(page, 'report.json', JSON.stringify(hostile));
  await expect(panel(page).getByText('Replaying')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await panel(page).getByRole('button', { name: img }).click();
  // Shown literally, as text.
  await expect(panel(page).getByRole('region', { name: 'Selected step' })).toContainText(img);
  await expect(panel(page).getByRole('group', { name: 'Transition log entries' })).toContainText(script);
  // Nothing became markup, nothing ran, no state of the chart was lit by it.
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('.devtools img, .devtools script')).toHaveCount(0);
  await expect(panel(page).locator('.state.active')).toHaveCount(0);
  await expect(panel(page).locator('svg')).toHaveCount(1);
});
