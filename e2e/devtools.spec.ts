import { BUTTONS, createProof, expect, expectEnabledButtons, expectState, idleWorkDone, signIn, test } from './fixtures.ts';

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
  await idleWorkDone(page);
  expect(panelRequests).toEqual([]);
  await page.keyboard.press('Alt+Shift+D');
  await expect(page.getByRole('region', { name: 'Statechart' })).toBeVisible();
  expect(panelRequests.length).toBeGreaterThan(0);
  await page.keyboard.press('Alt+Shift+D');
  await expect(page.getByRole('region', { name: 'Statechart' })).toHaveCount(0);
});

test('the chart follows the machine at a readable zoom; "Whole chart" shows all of it; zoom with buttons, keys and Ctrl + wheel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  const chart = panel.getByTestId('statechart');
  const zoom = panel.getByTestId('chart-zoom');
  await expect(panel.locator('svg')).toBeVisible();
  // The default view follows the machine; the readout says the zoom, never the view's name.
  await expect(panel.getByRole('button', { name: 'Follow the machine' })).toHaveAttribute('aria-pressed', 'true');
  await expect(zoom).toHaveText(/^\d+%$/);
  const percent = async () => Number((await zoom.textContent())!.replace('%', ''));
  expect(await percent()).toBeGreaterThanOrEqual(40);
  const overflow = () =>
    chart.evaluate((element) => ({
      x: element.scrollWidth - element.clientWidth,
      y: element.scrollHeight - element.clientHeight,
      svg: element.querySelector('svg')!.getBoundingClientRect().width <= element.getBoundingClientRect().width + 1,
    }));

  // The whole chart, one click away: all of it in the frame, at the zoom that fits.
  await panel.getByRole('button', { name: 'Whole chart' }).click();
  await expect(panel.getByRole('button', { name: 'Whole chart' })).toHaveAttribute('aria-pressed', 'true');
  expect(await overflow()).toEqual({ x: 0, y: 0, svg: true });
  expect(await percent()).toBeLessThan(25);

  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).toHaveText('25%');
  await chart.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('50%');
  expect((await overflow()).x).toBeGreaterThan(0);
  await page.keyboard.press('-');
  await expect(zoom).toHaveText('40%');
  await chart.hover();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect(zoom).toHaveText('50%');
  await chart.focus();
  await page.keyboard.press('0');
  await expect(panel.getByRole('button', { name: 'Whole chart' })).toHaveAttribute('aria-pressed', 'true');
  expect(await overflow()).toEqual({ x: 0, y: 0, svg: true });

  // Following again, the chart keeps where the machine is in the frame as it moves on.
  await panel.getByRole('button', { name: 'Follow the machine' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('balance')).toBeVisible();
  const lit = panel.locator('.state.active[data-state-id="signIn.account.chain.idle"]');
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
  // The journey's strip names the step the machine is at.
  await expect(panel.getByRole('navigation', { name: "The journey's steps" }).locator('[aria-current="step"]')).toHaveText(
    'account',
  );
});

test("the chart's default view at 1280 × 800: the names of the states the machine is in and can go to are at least 11 px high, and the log shows 6 rows", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('balance')).toBeVisible();
  await createProof(page);
  await expect(panel.getByTestId('devtools-state')).toHaveText(/^account\.session\.ready\.waiting/);

  /** The on-screen font size of the names of the states matching `selector`: their font size, scaled as drawn. */
  const nameHeights = (selector: string) =>
    panel.locator(selector).evaluateAll((states) =>
      states.map((state) => {
        const text = state.querySelector('text')!;
        return {
          id: state.getAttribute('data-state-id'),
          height: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM()!.a,
        };
      }),
    );
  const active = await nameHeights('.state.active');
  const next = await nameHeights('.state.next');
  expect(active.length).toBe(10);
  expect(next.length).toBeGreaterThan(3);
  for (const { id, height } of [...active, ...next]) expect(height, id!).toBeGreaterThanOrEqual(11);

  // The log's rows are one or two lines each: at least six are inside its frame at once.
  const log = panel.getByRole('group', { name: 'Transition log entries' });
  const rowsInView = await log.evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    return [...frame.querySelectorAll('tbody tr')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    }).length;
  });
  expect(rowsInView).toBeGreaterThanOrEqual(6);
  // A long state path is shortened, in full on hover (and in the step's details).
  const shortened = log.locator('.short-path').first();
  await expect(shortened).toHaveText('proving · idle · waiting · later');
  await expect(shortened).toHaveAttribute(
    'title',
    'account.session.proving + account.chain.idle + account.wallet.waiting + account.renewal.later',
  );
  await expect(panel.getByRole('region', { name: 'Selected step' })).toContainText(
    'account.session.proving + account.chain.idle + account.wallet.waiting + account.renewal.later → account.session.ready.waiting',
  );
  await page.screenshot({ path: testInfo.outputPath('devtools-default-view.png') });
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

test('a parent state lists its own transitions, or says it has none and lists its states, each of which can be picked', async ({
  page,
}) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  const list = panel.getByRole('region', { name: 'Transitions of the chosen state' });
  // ready: no transitions of its own; its states have them.
  await panel.locator('[data-state-id="signIn.account.session.ready"]').click({ position: { x: 20, y: 10 } });
  await expect(list.getByRole('heading', { level: 3 })).toContainText('account.session.ready');
  await expect(list).toContainText('account.session.ready has no transitions of its own: its states have them.');
  await expect(list.getByRole('table')).toHaveCount(0);
  await list.getByRole('button', { name: 'signing' }).click();
  await expect(list.getByRole('heading', { level: 3 })).toContainText('account.session.ready.signing');
  await expect(list.getByRole('row', { name: /done: signMessage/ })).toBeVisible();
  // account: its own transitions (sign out, the session's end), and its regions.
  await panel.getByRole('navigation', { name: "The journey's steps" }).getByRole('button', { name: 'account' }).click();
  await expect(list.getByRole('heading', { level: 3 })).toContainText('account');
  await expect(list.getByRole('row', { name: /user\.signOut/ })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Its regions (all active together)' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText(['session', 'chain', 'wallet', 'renewal']);
  // A step picked in the strip is brought into the chart's frame (the view stops following there).
  await panel.getByRole('navigation', { name: "The journey's steps" }).getByRole('button', { name: 'logged-out' }).click();
  await expect(list.getByRole('heading', { level: 3 })).toContainText('logged-out');
  const chart = panel.getByTestId('statechart');
  const box = (await panel.locator('[data-state-id="signIn.logged-out"]').boundingBox())!;
  const frame = (await chart.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  expect(x > frame.x && x < frame.x + frame.width && y > frame.y && y < frame.y + frame.height).toBe(true);
  await expect(panel.getByRole('button', { name: 'Follow the machine' })).toHaveAttribute('aria-pressed', 'false');
  // Picking one of its states from the list moves the focus to what it shows.
  await list.getByRole('button', { name: 'done' }).click();
  await expect(list.getByRole('heading', { level: 3 })).toBeFocused();
});

test('every state can be reached and picked from the keyboard', async ({ page }) => {
  await page.goto('/?devtools');
  const panel = page.getByRole('region', { name: 'Statechart' });
  const chart = panel.getByTestId('statechart');
  await expect(panel.locator('svg')).toBeVisible();
  const ids = await chart
    .locator('[data-state-id]')
    .evaluateAll((states) => states.map((state) => state.getAttribute('data-state-id')!));
  // From the chart, Tab goes to one of its states (where the machine is).
  await chart.focus();
  await page.keyboard.press('Tab');
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-state-id') ?? null);
  expect(['signIn.idle', 'signIn.idle.cold']).toContain(await focused());
  // Home, then ArrowDown through all of them: each state takes the focus in turn.
  await page.keyboard.press('Home');
  const reached = new Set([await focused()]);
  for (let i = 0; i < ids.length; i++) {
    await page.keyboard.press('ArrowDown');
    reached.add(await focused());
  }
  expect([...reached].sort()).toEqual([...ids].sort());
  // Enter picks the focused state; the log's own arrow keys did not step meanwhile.
  const stepBefore = await panel.getByRole('region', { name: 'Selected step' }).getByRole('heading').first().textContent();
  const pathOf = (id: string | null) => id!.split('.').slice(1).join('.');
  const list = panel.getByRole('region', { name: 'Transitions of the chosen state' });
  await page.keyboard.press('Home');
  const first = await focused();
  // The left and right arrows move among the states too: on a state, they do not step through the log.
  await page.keyboard.press('ArrowRight');
  const chosen = await focused();
  expect(chosen).not.toBe(first);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  expect(await focused()).toBe(chosen);
  await expect(panel.getByRole('region', { name: 'Selected step' }).getByRole('heading').first()).toHaveText(stepBefore!);
  await page.keyboard.press('Enter');
  await expect(list.getByRole('heading', { level: 3 }).locator('code')).toHaveText(pathOf(chosen));
  await page.keyboard.press('End');
  const last = await focused();
  await page.keyboard.press(' ');
  await expect(list.getByRole('heading', { level: 3 }).locator('code')).toHaveText(pathOf(last));
  await expect(panel.getByRole('region', { name: 'Selected step' }).getByRole('heading').first()).toHaveText(stepBefore!);
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
