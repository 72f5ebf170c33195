import { BUTTONS, createProof, expect, expectEnabledButtons, expectState, signIn, test } from './fixtures.ts';

const SIGNED_IN_LOADING =
  'account.session.signed-in + account.chain.loading-balance + account.wallet.waiting + account.renewal.later';
const SIGNED_IN_AT_REST = 'account.session.signed-in + account.chain.idle + account.wallet.waiting + account.renewal.later';

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
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(lit).toHaveAttribute('data-state', 'signIn.account');
  // The account's three regions: signed in, the node work at rest once the balance has
  // come, and no dApp request.
  await expect(panel.getByTestId('devtools-state')).toHaveText(SIGNED_IN_AT_REST);
  // account, session, signed-in, chain, idle, wallet, waiting, renewal, later
  await expect(panel.locator('.state.active')).toHaveCount(9);
  await expect(panel.locator('.state.active[data-state="signIn.account.session.signed-in"]')).toBeVisible();
  await expect(panel.locator('.state.active[data-state="signIn.account.chain.idle"]')).toBeVisible();
  // The last transition is the one drawn as animated: the balance's arrival.
  await expect(panel.locator('.transition.last')).toHaveAttribute(
    'data-edge',
    'signIn.account.chain.loading-balance->signIn.account.chain.idle',
  );
  const log = panel.getByRole('region', { name: 'Transition log' });
  await expect(log.getByRole('row').nth(1)).toContainText('xstate.done.actor.loadBalance');
  await expect(log.getByRole('row').nth(2)).toContainText('xstate.done.actor.fetchLogin');
  await expect(log.getByRole('row').nth(2)).toContainText('account.session.signed-in + account.chain.loading-balance');
  await page.screenshot({ path: testInfo.outputPath('devtools-signed-in.png'), fullPage: true });

  await createProof(page);
  // A parallel state: each region's state is named and lit.
  await expect(panel.getByTestId('devtools-state')).toHaveText(
    'account.session.ready.waiting + account.chain.idle + account.wallet.waiting + account.renewal.later',
  );
  // account, session, ready, waiting, chain, idle, wallet, waiting, renewal, later
  await expect(panel.locator('.state.active')).toHaveCount(10);
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
  await expect(page.getByTestId('balance')).toBeVisible();
  await page.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const entries = JSON.parse(copied) as { event: string; from: string; to: string; sourceDurationMs: number; at: string }[];
  expect(entries.map((e) => e.to)).toEqual(['callback-validating', 'fetching-login', SIGNED_IN_LOADING, SIGNED_IN_AT_REST]);
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

test('Fit shows the whole chart at 1280 × 800; zoom with buttons, keys and Ctrl + wheel; the lit state stays in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  const chart = panel.getByTestId('statechart');
  await expect(panel.locator('svg')).toBeVisible();
  await expect(panel.getByTestId('chart-zoom')).toHaveText('Fit');
  const overflow = () =>
    chart.evaluate((element) => ({
      x: element.scrollWidth - element.clientWidth,
      y: element.scrollHeight - element.clientHeight,
      svg: element.querySelector('svg')!.getBoundingClientRect().width <= element.getBoundingClientRect().width + 1,
    }));
  expect(await overflow()).toEqual({ x: 0, y: 0, svg: true });

  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await expect(panel.getByTestId('chart-zoom')).toHaveText('50%');
  await chart.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(panel.getByTestId('chart-zoom')).toHaveText('100%');
  expect((await overflow()).x).toBeGreaterThan(0);
  await page.keyboard.press('-');
  await expect(panel.getByTestId('chart-zoom')).toHaveText('75%');
  await chart.hover();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect(panel.getByTestId('chart-zoom')).toHaveText('100%');

  // Zoomed in, the chart follows the machine: the lit state stays inside the visible part.
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  const lit = panel.locator('.state.active[data-state-id="signIn.account.session.signed-in"]');
  await expect(lit).toBeVisible();
  await expect
    .poll(async () => {
      const [box, view] = [await lit.boundingBox(), await chart.boundingBox()];
      return (
        !!box &&
        !!view &&
        box.x >= view.x &&
        box.x + box.width <= view.x + view.width &&
        box.y >= view.y &&
        box.y + box.height <= view.y + view.height
      );
    })
    .toBe(true);

  await chart.focus();
  await page.keyboard.press('0');
  await expect(panel.getByTestId('chart-zoom')).toHaveText('Fit');
  expect(await overflow()).toEqual({ x: 0, y: 0, svg: true });
});

test('clicking a state lists its transitions: event, guard, target', async ({ page }) => {
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await panel.locator('[data-state-id="signIn.fetching-login"]').click();
  const list = panel.getByRole('region', { name: 'Transitions of the chosen state' });
  await expect(list.getByRole('heading')).toContainText('fetching-login');
  await expect(list.getByRole('row', { name: /done: fetchLogin/ })).toContainText('account');
  await expect(list.getByRole('row', { name: /error: fetchLogin/ }).last()).toContainText('failed');
  await panel.locator('[data-state-id="signIn.failed"]').click();
  await expect(list.getByRole('row', { name: /user\.retry/ })).toContainText('canRetry');
  await expect(list.getByRole('row', { name: /user\.retry/ })).toContainText('fetching-login');
});

const PANEL_NOT_LOADED =
  'The statechart panel could not be loaded (check your connection). The page goes on without it: reload to try again.';

test('a panel whose code does not arrive says so in its place; the account stays as it was', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  await page.route(
    (url) => isPanelCode(url.href),
    (route) => route.abort('internetdisconnected'),
  );
  await page.keyboard.press('Alt+Shift+D');
  const panel = page.getByRole('region', { name: 'Statechart' });
  await expect(panel.getByRole('alert')).toHaveText(PANEL_NOT_LOADED);
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expect(page.getByRole('button', { name: 'Create proof' })).toBeEnabled();
});

test('a transition log that does not arrive leaves the sign-in buttons usable', async ({ page }) => {
  await page.route('**/assets/transition-log-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/?devtools');
  await expect(page.getByRole('region', { name: 'Statechart' }).getByRole('alert')).toHaveText(PANEL_NOT_LOADED);
  await expectState(page, 'idle');
  await expectEnabledButtons(page, BUTTONS.signIn);
});
