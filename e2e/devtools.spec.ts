import { expect, expectState, test } from './fixtures.ts';

const isPanelCode = (url: string) => /\/assets\/DevtoolsPanel-[\w-]+\.(js|css)$/.test(url);

test('?devtools shows the statechart with the current state lit through a full sign-in', async ({ page }, testInfo) => {
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  await expect(panel).toBeVisible();
  const lit = panel.locator('.state.compound.active, .state.leaf.active').first();
  await expect(panel.locator('.state.active[data-state="signIn.idle"]')).toBeVisible();
  await expect(panel.locator('.state.active[data-state="signIn.idle.cold"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('devtools-idle.png'), fullPage: true });

  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  await expect(lit).toHaveAttribute('data-state', 'signIn.signed-in');
  await expect(panel.locator('.state.active')).toHaveCount(1);
  // The last transition is the one drawn as animated.
  await expect(panel.locator('.transition.last')).toHaveAttribute('data-edge', 'signIn.fetching-login->signIn.signed-in');
  const log = panel.getByRole('region', { name: 'Transition log' });
  await expect(log.getByRole('row').nth(1)).toContainText('xstate.done.actor.fetchLogin');
  await expect(log.getByRole('row').nth(1)).toContainText('signed-in');
  await page.screenshot({ path: testInfo.outputPath('devtools-signed-in.png'), fullPage: true });

  await page.getByRole('button', { name: 'Create proof' }).click();
  await expectState(page, 'ready');
  await expect(panel.getByTestId('devtools-state')).toHaveText('ready.waiting');
  await expect(panel.locator('.state.active')).toHaveCount(2); // ready and ready.waiting
  await page.screenshot({ path: testInfo.outputPath('devtools-ready.png'), fullPage: true });
});

test('"Copy as JSON" exports the redacted transition log', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?devtools');
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  const redirect = page.waitForResponse((response) => response.status() === 303);
  await page.getByRole('button', { name: /Continue as Bob/ }).click();
  const idToken = new URLSearchParams((await redirect).headers().location!.split('#')[1]).get('id_token')!;
  await expectState(page, 'signed-in');
  await page.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const entries = JSON.parse(copied) as { event: string; from: string; to: string; sourceDurationMs: number; at: string }[];
  expect(entries.map((e) => e.to)).toEqual(['callback-validating', 'fetching-login', 'signed-in']);
  expect(entries[1]).toMatchObject({ event: 'xstate.done.actor.validateCallback', from: 'callback-validating' });
  expect(typeof entries[1]!.sourceDurationMs).toBe('number');
  expect(copied).not.toContain(idToken);
  expect(copied).not.toContain(idToken.split('.')[1]!);
});

test('the shortcut in the footer opens the panel; a normal load downloads none of its code', async ({ page }) => {
  const panelRequests: string[] = [];
  page.on('request', (request) => isPanelCode(request.url()) && panelRequests.push(request.url()));
  await page.goto('/');
  await expectState(page, 'idle');
  await expect(page.getByRole('contentinfo')).toContainText('Alt+Shift+D');
  await expect(page.getByRole('region', { name: 'Statechart' })).toHaveCount(0);
  expect(panelRequests).toEqual([]);
  await page.keyboard.press('Alt+Shift+D');
  await expect(page.getByRole('region', { name: 'Statechart' })).toBeVisible();
  expect(panelRequests.length).toBeGreaterThan(0);
  await page.keyboard.press('Alt+Shift+D');
  await expect(page.getByRole('region', { name: 'Statechart' })).toHaveCount(0);
});
