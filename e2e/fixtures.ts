/**
 * Shared fixtures: every journey fails if the page logs an uncaught error, and helpers
 * that act as a visitor would (roles and labels, the public data-* contracts).
 */
import { deleteStoredEntries, entryNames, readStoredData } from './browser-storage.ts';
import { test as base, expect, type APIRequestContext, type Page, type Response, type Route } from '@playwright/test';

/**
 * The only names `data-sign-in-state` may hold: the journey's ten steps (the machine's
 * top-level states, and within its account the session region's step). Every journey
 * checks the states its transition log reports against them (the `transitionLog` fixture,
 * mapping each state as the package's core/journey.ts does for the attribute); the attribute itself
 * is read only where a journey waits for a step (`expectState`).
 */
export const JOURNEY_STEPS = [
  'restoring',
  'idle',
  'redirecting',
  'callback-validating',
  'fetching-login',
  'signed-in',
  'proving',
  'ready',
  'logged-out',
  'failed',
];

/** The journey's step of a logged state path ('account.session.ready.waiting + account.chain.idle + …' is 'ready'). */
function journeyStepOf(statePath: string) {
  const session = statePath.split(' + ').find((leaf) => leaf.startsWith('account.session.'));
  return session ? session.split('.')[2] : statePath.split('.')[0];
}

export const test = base.extend<{ pageErrors: string[]; transitionLog: unknown[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  // Every journey attaches the path the machine took (redacted), across page loads, so
  // that a failing run shows where the flow went.
  transitionLog: [
    async ({ page }, use, testInfo) => {
      const entries: unknown[] = [];
      await page.exposeBinding('__zkloginTransition', (_, entry: unknown) => void entries.push(entry));
      await use(entries);
      await testInfo.attach('transition-log.json', { body: JSON.stringify(entries, null, 2), contentType: 'application/json' });
      const reached = entries.map((entry) => journeyStepOf((entry as { to: string }).to));
      expect(
        reached.filter((step) => !JOURNEY_STEPS.includes(step!)),
        'journey steps outside the contract',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Sends a routed request on to its server. Playwright's fetch keeps connections alive, and a
 * server closes one idle for 5 s: a request written to a connection as the server closes it
 * fails with ECONNRESET, unread (seen in CI, on a busy machine, between the nonce and the
 * proof). Playwright retries exactly that error when asked; any other failure still fails.
 */
export function fetchThrough(route: Route, options: { maxRedirects?: number } = {}) {
  return route.fetch({ ...options, maxRetries: 2 });
}

export const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook', twitch: 'Twitch' } as const;
export type ProviderId = keyof typeof PROVIDER_NAMES;

export const signInState = (page: Page) => page.locator('[data-sign-in-state]');

export async function expectState(page: Page, state: string) {
  await expect(signInState(page)).toHaveAttribute('data-sign-in-state', state, { timeout: 15_000 });
}

/**
 * Once the page has run the work it puts off until it is idle (the lazy code it asks for
 * then): an idle callback queued after the page's own runs after them, and a second round
 * runs after what those started. A check that the page loaded nothing comes after this,
 * never at once: at once, a load the page makes when idle would not have been asked for yet.
 */
export async function idleWorkDone(page: Page) {
  for (let round = 0; round < 2; round++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  }
}

/** The names of the enabled buttons in the page's main card, sorted. */
export function enabledButtons(page: Page) {
  return page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => !(button as HTMLButtonElement).disabled)
        .map((button) => button.textContent!.trim())
        .sort(),
    );
}

/** Exactly these buttons are enabled in the main card (any order). */
export async function expectEnabledButtons(page: Page, names: string[]) {
  await expect.poll(() => enabledButtons(page)).toEqual([...names].sort());
}

/** What each resting state offers, before any alert's Dismiss. */
export const BUTTONS = {
  signIn: ['Sign in with Google', 'Sign in with Facebook', 'Sign in with Twitch'],
  signedIn: ['Copy address', 'Create proof', 'Sign out'],
  ready: ['Copy address', 'Sign out', 'Sign message'],
  loginFailed: ['Try again', 'Start over'],
};

/** Counts the requests the page sends to the login service from now on. */
export function countLoginServiceRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // From /v1/ on: the built-in service sits under /__mock/enoki, the real one at the root.
    if (path.includes('/v1/zklogin')) seen.push(`${request.method()} ${path.slice(path.indexOf('/v1/'))}`);
  });
  return seen;
}

export const FLOW_NOT_STARTED =
  'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.';

export interface SignInResult {
  /** The authorization request the app sent to the provider. */
  authorizeUrl: URL;
  /** The id_token the provider returned (read from its redirect, as a proxy would see it). */
  idToken: string;
  /** What the login service answered for GET v1/zklogin. */
  login: { address: string; salt: string; publicKey: string };
}

/**
 * Signs in through the mock provider as `identity` (e.g. 'Alice'): on this page in
 * redirect mode, in the sign-in window in popup mode (the popup-mode project).
 */
export async function signIn(page: Page, provider: ProviderId, identity = 'Alice'): Promise<SignInResult> {
  const context = page.context();
  const popupMode = test.info().project.name === 'popup-mode';
  await page.goto('/');
  await expectState(page, 'idle');
  const authorize = context.waitForEvent('request', (request) => /\/idp\/[a-z]+\/authorize\?/.test(request.url()));
  const window = popupMode ? page.waitForEvent('popup') : Promise.resolve(page);
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAMES[provider]}` }).click();
  const providerPage = await window;
  const authorizeUrl = new URL((await authorize).url());
  const redirect = context.waitForEvent(
    'response',
    (response) => response.status() === 303 && response.url().includes('/authorize'),
  );
  const loginAnswer = page.waitForResponse(
    (response) => /\/v1\/zklogin$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET',
  );
  await providerPage.getByRole('button', { name: new RegExp(`Continue as ${identity}`) }).click();
  const location = (await redirect).headers().location!;
  const idToken = new URLSearchParams(location.split('#')[1]).get('id_token')!;
  const login = ((await ((await loginAnswer) as Response).json()) as { data: SignInResult['login'] }).data;
  await expectState(page, 'signed-in');
  return { authorizeUrl, idToken, login };
}

/**
 * Starts a sign-in with `provider` as far as the provider's page, then comes back (Back,
 * from the bfcache) to the sign-in buttons: the started flow is stored. Returns the storage then.
 */
export async function startFlowAndComeBack(page: Page, provider: ProviderId = 'google') {
  await page.goto('/');
  await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAMES[provider]}` }).click();
  await page.waitForURL(new RegExp(`/idp/${provider}/authorize`));
  await page.goBack();
  await expectState(page, 'idle');
  return readBrowserStorage(page);
}

/** Create proof, then wait for ready: the step between signed in and signing. */
export async function createProof(page: Page) {
  await page.getByRole('button', { name: 'Create proof' }).click();
  await expectState(page, 'ready');
}

/** Every sessionStorage and localStorage entry, and every IndexedDB database with its entry names. */
export async function readBrowserStorage(page: Page) {
  const storage = await readStoredData(page);
  return { session: storage.session, local: storage.local, databases: entryNames(storage) };
}

/** The standalone mock server of the real-mode project (see playwright.config.ts). */
export const MOCK_SERVER = 'http://127.0.0.1:5199';

export type LoginServiceCall = 'nonce' | 'login' | 'proof';

/** Puts a fault in front of the shared handlers of the mock login service, until cleared. */
export async function injectFault(request: APIRequestContext, call: LoginServiceCall, fault: string) {
  const response = await request.post(`${MOCK_SERVER}/__control/faults`, { data: { call, fault } });
  expect(response.ok()).toBe(true);
}

/** Makes the mock login service tell `lie` (mocks/login-service/handlers.ts, LIES), until the faults are cleared. */
export async function tellLie(
  request: APIRequestContext,
  lie: 'nonce-for-another-key' | 'address-not-from-token' | 'public-key-not-from-token' | 'proof-does-not-verify',
) {
  const response = await request.post(`${MOCK_SERVER}/__control/lies`, { data: { lie } });
  expect(response.ok()).toBe(true);
}

export async function clearFaults(request: APIRequestContext) {
  await request.delete(`${MOCK_SERVER}/__control/faults`);
}

/**
 * A clean logged-out: the state, the notice, sign-in usable again, nothing stored. After a
 * session that ended by itself, its provider's button says "Sign in again with …".
 */
export async function expectCleanLoggedOut(page: Page, notice: string) {
  await expectState(page, 'logged-out');
  await expect(page.getByRole('status')).toContainText(notice);
  await expect(page.getByRole('button', { name: /^Sign in (again )?with Google$/ })).toBeEnabled();
  expect((await readBrowserStorage(page)).session).toEqual({});
}

/** Deletes the app's IndexedDB key-vault entries whose names start with `prefix` ('' = all). */
export function deleteVaultEntries(page: Page, appKey: string, prefix = '') {
  return deleteStoredEntries(page, `@zklogin-sign-in/${appKey}`, 'keys', prefix);
}

/** Counts the opening page's own navigations (its first load included). */
export function countNavigations(page: Page) {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}
