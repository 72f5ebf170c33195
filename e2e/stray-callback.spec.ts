/**
 * Point 1 of "errors where they happen": while signed in (or ready), a callback fragment is
 * never a new sign-in. The visitor keeps the account and the same buttons, nothing is sent
 * to the login service, storage stays byte for byte, and the alert says why.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  BUTTONS,
  countLoginServiceRequests,
  expect,
  expectEnabledButtons,
  expectState,
  FLOW_NOT_STARTED,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

type Fragments = 'garbage' | 'the replayed callback URL' | 'a validly signed token for another identity';

/** The fragment of each kind, for the visitor who signed in with `ownToken`. */
async function strayFragment(kind: Fragments, ownToken: string, context: BrowserContext): Promise<string> {
  if (kind === 'garbage') return '#id_token=garbage';
  if (kind === 'the replayed callback URL') return `#id_token=${ownToken}`;
  // Another tab signs in as Bob: his token is genuine, signed by the provider, for another flow.
  const other = await context.newPage();
  const { idToken } = await signIn(other, 'google', 'Bob');
  await other.close();
  return `#id_token=${idToken}`;
}

async function reachState(page: Page, state: 'signed-in' | 'ready') {
  if (state === 'ready') {
    await page.getByRole('button', { name: 'Create proof' }).click();
    await expectState(page, 'ready');
  }
}

/**
 * Waits until the transition log shows the account at rest, the balance read that follows
 * a sign-in done: the log reaches the test once its code has loaded (at idle), the earlier
 * transitions with it, and the balance's answer may come later still on a busy machine.
 * Transitions are counted from here.
 */
async function accountAtRest(transitionLog: unknown[]) {
  await expect
    .poll(() => ((transitionLog.at(-1) as { to?: string } | undefined)?.to ?? '').includes('account.chain.idle'))
    .toBe(true);
}

const KINDS: Fragments[] = ['garbage', 'the replayed callback URL', 'a validly signed token for another identity'];

for (const state of ['signed-in', 'ready'] as const) {
  for (const kind of KINDS) {
    for (const arrival of ['on the open page', 'as a new page load'] as const) {
      test(`${state}: ${kind}, ${arrival}, changes nothing and says why`, async ({ page, context, transitionLog }) => {
        const { idToken, login } = await signIn(page, 'google', 'Alice');
        await reachState(page, state);
        const fragment = await strayFragment(kind, idToken, context);
        const before = await readBrowserStorage(page);
        const requests = countLoginServiceRequests(page);
        const historyBefore = await page.evaluate(() => history.length);
        await accountAtRest(transitionLog);
        const transitionsBefore = transitionLog.length;

        if (arrival === 'as a new page load') await page.goto('about:blank');
        await page.goto(`/${fragment}`);

        await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
        await expect(page.getByText('A sign-in link was ignored: you are still signed in')).toBeVisible();
        await expectState(page, state);
        await expect(page.getByTestId('address')).toHaveText(login.address);
        await expectEnabledButtons(page, [...(state === 'ready' ? BUTTONS.ready : BUTTONS.signedIn), 'Dismiss']);
        expect(await readBrowserStorage(page)).toEqual(before);
        expect(requests).toEqual([]);
        // The fragment left the URL at once, and no history entry keeps it.
        expect(page.url()).not.toContain('#');
        if (arrival === 'on the open page') {
          // The machine never left the state: no validation, no spinner, no restore.
          expect(transitionLog.slice(transitionsBefore)).toEqual([]);
          expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
          await page.goBack();
          expect(page.url()).not.toContain('id_token');
          await page.goForward();
        }

        // A reload afterwards restores the same account.
        await page.reload();
        await expectState(page, state);
        await expect(page.getByTestId('address')).toHaveText(login.address);
        await expect(page.getByRole('alert')).toHaveCount(0);
        expect(requests).toEqual([]);
      });
    }
  }
}

test('a stray callback while the proof is under way: the proof goes on, the account stays', async ({ page, transitionLog }) => {
  const { login } = await signIn(page, 'facebook', 'Carol');
  // Hold the proof request until the stray link has been opened.
  let releaseProof = () => {};
  const held = new Promise<void>((resolve) => (releaseProof = resolve));
  await page.route('**/v1/zklogin/zkp', async (route) => {
    await held;
    await route.continue();
  });
  const requests = countLoginServiceRequests(page);
  await page.getByRole('button', { name: 'Create proof' }).click();
  await expectState(page, 'proving');
  await accountAtRest(transitionLog);
  const transitionsBefore = transitionLog.length;
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await expectState(page, 'proving');
  expect(transitionLog.slice(transitionsBefore)).toEqual([]);
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, ['Copy address', 'Sign out', 'Dismiss']);

  releaseProof();
  await expectState(page, 'ready');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  expect(requests).toEqual(['POST /v1/zklogin/zkp']);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  // Signing was a new step: the alert is gone.
  await expect(page.getByRole('alert')).toHaveCount(0);
});
