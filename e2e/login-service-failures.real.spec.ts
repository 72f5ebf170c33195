import {
  BUTTONS,
  expectEnabledButtons,
  MOCK_SERVER,
  clearFaults,
  expect,
  expectState,
  injectFault,
  readBrowserStorage,
  signIn,
  startFlowAndComeBack,
  test,
  type LoginServiceCall,
} from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TransitionEntry } from '../src/transition-log/transition-log.ts';

const MALFORMED = 'The login service sent an answer this app does not understand. Please try again.';
const httpFault = (status: number) => ({
  fault: `http-${status}`,
  // The service's own error text, where it sent one.
  message: `The login service answered with an error (HTTP ${status}): Injected failure: HTTP ${status}.`,
});

/** The fault matrix: 11 faults at each of the 3 calls. */
const FAULTS = [
  ...[400, 401, 403, 429, 500, 503].map(httpFault),
  { fault: 'network-error', message: 'Could not reach the login service. Check your connection and try again.' },
  { fault: 'timeout', message: 'The login service did not answer within 5 seconds. Please try again.' },
  { fault: 'empty-body', message: MALFORMED },
  { fault: 'non-json', message: MALFORMED },
  { fault: 'wrong-shape', message: MALFORMED },
];
const PATHS = { nonce: '/v1/zklogin/nonce', login: '/v1/zklogin', proof: '/v1/zklogin/zkp' };

test.afterEach(async ({ request }) => clearFaults(request));

/**
 * Where each call's failure leaves the visitor (errors shown where they happen): a failed
 * start at the sign-in buttons, a failed proof with the account, and a failed login lookup
 * in `failed`, whose token is still in memory. The way on is the state's own control.
 */
const OUTCOME = {
  nonce: { state: 'idle', buttons: [...BUTTONS.signIn, 'Dismiss'], wayOn: 'Sign in with Google' },
  login: { state: 'failed', buttons: BUTTONS.loginFailed, wayOn: 'Try again' },
  proof: { state: 'signed-in', buttons: [...BUTTONS.signedIn, 'Dismiss'], wayOn: 'Create proof' },
} as const;

/** Brings the visitor to the point where `call` is next, and returns the storage then. */
async function reachCall(
  page: Page,
  call: LoginServiceCall,
): Promise<{ before: Awaited<ReturnType<typeof readBrowserStorage>>; address?: string }> {
  if (call === 'nonce') {
    await page.goto('/');
    await expectState(page, 'idle');
    return { before: await readBrowserStorage(page) };
  }
  if (call === 'login') {
    // Start the flow, come back (bfcache) to read storage as the start left it, go on.
    const before = await startFlowAndComeBack(page);
    await page.goForward();
    await page.waitForURL(/\/idp\/google\/authorize/);
    return { before };
  }
  const { login } = await signIn(page, 'google', 'Alice');
  return { before: await readBrowserStorage(page), address: login.address };
}

/**
 * Hovering a sign-in button starts the warm start, which calls the nonce endpoint ahead
 * of the click and fails silently. A click after that failure asks again, so the test
 * lets the warm start fail first, checks it stayed silent, and then counts the click's
 * own calls alone. Returns when the warm start's last call reached the service.
 */
async function letWarmStartFail(page: Page, request: APIRequestContext, transitionLog: unknown[]): Promise<number> {
  await page.getByRole('button', { name: 'Sign in with Google' }).hover();
  await expect
    .poll(
      () => (transitionLog as TransitionEntry[]).some((entry) => entry.from === 'idle.preparing' && entry.to === 'idle.cold'),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  await expectState(page, 'idle');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const warmStartCalls = await serviceCalls(request, 'nonce');
  await request.delete(`${MOCK_SERVER}/__control/requests`);
  return warmStartCalls.at(-1)!.at;
}

async function serviceCalls(request: APIRequestContext, call: LoginServiceCall) {
  const seen = (await (await request.get(`${MOCK_SERVER}/__control/requests`)).json()) as { path: string; at: number }[];
  return seen.filter(({ path }) => path === PATHS[call]);
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
    test(`login service ${fault} on ${call}: the message where the visitor is, nothing half-written, the way on works`, async ({
      page,
      request,
      transitionLog,
    }) => {
      const { before, address } = await reachCall(page, call);
      await request.delete(`${MOCK_SERVER}/__control/requests`);
      await injectFault(request, call, fault);
      const warmStartFailedAt = call === 'nonce' ? await letWarmStartFail(page, request, transitionLog) : undefined;
      await makeCall(page, call);
      await expect(page.getByRole('alert')).toHaveText(message);
      await expectState(page, OUTCOME[call].state);
      await expectEnabledButtons(page, [...OUTCOME[call].buttons]);
      if (address) await expect(page.getByTestId('address')).toHaveText(address);
      else await expect(page.getByTestId('address')).toHaveCount(0);
      expect(await readBrowserStorage(page)).toEqual(before);

      // "Try later" answers are retried twice, as far apart as Retry-After (1 s) asks,
      // and the click after the warm start's last "try later" waits for it too.
      const attempts = await serviceCalls(request, call);
      if (fault === 'http-429' || fault === 'http-503') {
        expect(attempts).toHaveLength(3);
        const times = [...(warmStartFailedAt === undefined ? [] : [warmStartFailedAt]), ...attempts.map(({ at }) => at)];
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
      } else if (fault !== 'network-error') {
        expect(attempts).toHaveLength(1);
      }

      await clearFaults(request);
      await page.getByRole('button', { name: OUTCOME[call].wayOn }).click();
      await expectRecovered(page, call);
      if (call !== 'nonce') await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
}

test('a failed login lookup: Start over drops the unfinished flow and its key, back to the sign-in buttons', async ({
  page,
  request,
}) => {
  const { before } = await reachCall(page, 'login');
  expect(
    Object.values(before.databases)
      .flat()
      .filter((key) => key.startsWith('keys/ephemeral-key/')),
  ).toHaveLength(1);
  await injectFault(request, 'login', 'http-500');
  await makeCall(page, 'login');
  await expectState(page, 'failed');
  await expectEnabledButtons(page, BUTTONS.loginFailed);
  await page.getByRole('button', { name: 'Start over' }).click();
  await expectState(page, 'idle');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectEnabledButtons(page, BUTTONS.signIn);
  const after = await readBrowserStorage(page);
  expect(after.session).toEqual({});
  expect(
    Object.values(after.databases)
      .flat()
      .filter((key) => key.startsWith('keys/ephemeral-key/')),
  ).toEqual([]);
  await clearFaults(request);
  await signIn(page, 'google', 'Alice');
});
