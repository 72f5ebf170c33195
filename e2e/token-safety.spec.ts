import {
  BUTTONS,
  countLoginServiceRequests,
  createProof,
  expect,
  expectEnabledButtons,
  expectState,
  FLOW_NOT_STARTED,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

test('after the callback the id_token is in no URL and no history entry; going back signs no one in', async ({ page }) => {
  const { idToken, login } = await signIn(page, 'google', 'Alice');
  const before = await readBrowserStorage(page);
  const visited = [page.url()];
  const entries = await page.evaluate(() => history.length);
  for (let i = 1; i < entries; i++) {
    await page.goBack();
    visited.push(page.url());
  }
  for (let i = 1; i < entries; i++) {
    await page.goForward();
    visited.push(page.url());
  }
  for (const url of visited) {
    expect(url).not.toContain(idToken);
    expect(new URL(url).hash).not.toContain('id_token');
  }
  // Back at the app: still the same visitor, storage untouched by the walk.
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  expect(await readBrowserStorage(page)).toEqual(before);
});

test('the same id_token replayed by pasting the URL neither signs anyone in nor changes the session', async ({ page }) => {
  const { idToken, login } = await signIn(page, 'twitch', 'Bob');
  const before = await readBrowserStorage(page);
  const requests = countLoginServiceRequests(page);
  await page.goto('about:blank');
  await page.goto(`/#id_token=${idToken}`);
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  // The visitor stays signed in as themselves, told why the link did nothing.
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, [...BUTTONS.signedIn, 'Dismiss']);
  expect(page.url()).not.toContain(idToken);
  expect(await readBrowserStorage(page)).toEqual(before);
  expect(requests).toEqual([]);
});

test('the token never travels in a Referer: no-referrer on the page, none sent onwards', async ({ page }) => {
  const document = await page.goto('/');
  expect(document!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  const referers: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (/\/authorize|\/v1\//.test(request.url())) referers.push(request.headers().referer);
  });
  await signIn(page, 'facebook', 'Carol');
  await createProof(page);
  expect(referers.length).toBeGreaterThanOrEqual(4);
  expect(referers.filter(Boolean)).toEqual([]);
});
