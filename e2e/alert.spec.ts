/**
 * Point 6 of "errors where they happen": the alert can be dismissed, and any new step
 * clears it. Neither touches the account or storage.
 */
import type { Page } from '@playwright/test';
import {
  BUTTONS,
  expect,
  expectEnabledButtons,
  expectState,
  FLOW_NOT_STARTED,
  readBrowserStorage,
  signIn,
  test,
} from './fixtures.ts';

test('Dismiss closes the alert and leaves the account, its buttons and storage as they were', async ({ page }) => {
  const { login } = await signIn(page, 'google', 'Alice');
  const before = await readBrowserStorage(page);
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'signed-in');
  await expect(page.getByTestId('address')).toHaveText(login.address);
  await expectEnabledButtons(page, BUTTONS.signedIn);
  expect(await readBrowserStorage(page)).toEqual(before);
});

test('a new step clears the alert: Create proof, then a sign-in after a refused callback', async ({ page }) => {
  await signIn(page, 'twitch', 'Bob');
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Create proof' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'ready');

  // Signed out, a refused callback shows beside the sign-in buttons until the next click.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await expectState(page, 'idle');
  // Showing intent (hover) is not a step: the message stays.
  await page.getByRole('button', { name: 'Sign in with Google' }).hover();
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/idp\/google\/authorize/);
  await page.goBack();
  await expectState(page, 'idle');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/**
 * What the alert box holding `headline` looks like: its tone (by its background: red for
 * an error, blue for a notice), and the font sizes of its headline and of every other line.
 */
async function alertLook(page: Page, headline: string) {
  const title = page.getByText(headline, { exact: true });
  await expect(title).toBeVisible();
  return title.evaluate((element) => {
    const box = element.closest('.step-alert')!;
    const size = (node: Element) => parseFloat(getComputedStyle(node).fontSize);
    const others = [...box.querySelectorAll('p')].filter((line) => line !== element).map(size);
    const [r, , b] = getComputedStyle(box).backgroundColor.match(/\d+/g)!.map(Number);
    return { tone: r > b ? 'red' : b > r ? 'blue' : 'grey', headline: size(element), largestOther: Math.max(...others) };
  });
}

test('alerts say first, largest and in plain words what happened; what harmed nothing is a blue notice; the catalogue stays word for word', async ({
  page,
}) => {
  // A link nobody started here, signed out.
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  const ignored = await alertLook(page, 'A sign-in link was ignored');
  expect(ignored.tone).toBe('blue');
  expect(ignored.headline).toBeGreaterThan(ignored.largestOther);

  // Cancel at the provider: the visitor's own choice.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const cancelled = await alertLook(page, 'You cancelled the sign-in at Google');
  expect(cancelled.tone).toBe('blue');
  expect(cancelled.headline).toBeGreaterThan(cancelled.largestOther);
  await expect(page.getByRole('alert')).toContainText('Missing ID Token');
  await expect(page.getByText('The sign-in response was refused')).toHaveCount(0);

  // A response refused for a sign-in that was under way is an error: red.
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  await page.waitForURL(/\/idp\/twitch\/authorize/);
  await page.goto('/#id_token=not.a.token');
  const refused = await alertLook(page, 'The sign-in response was refused');
  expect(refused.tone).toBe('red');
  expect(refused.headline).toBeGreaterThan(refused.largestOther);

  // Beside an account, a link is ignored and the visitor is told first that nothing changed.
  await signIn(page, 'google', 'Alice');
  await page.goto('/#id_token=garbage');
  await expect(page.getByRole('alert')).toHaveText(FLOW_NOT_STARTED);
  const besideAccount = await alertLook(page, 'A sign-in link was ignored: you are still signed in');
  expect(besideAccount.tone).toBe('blue');
  expect(besideAccount.headline).toBeGreaterThan(besideAccount.largestOther);
});
