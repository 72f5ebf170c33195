import { expect, expectState, readBrowserStorage, signIn, test } from './fixtures.ts';

test('signing out in one tab signs out the other tabs of the app', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await signIn(first, 'google', 'Alice');
  await signIn(second, 'twitch', 'Bob');
  await first.getByRole('button', { name: 'Sign out' }).click();
  await expectState(first, 'logged-out');
  // The other tab follows at once, and shows what storage now allows.
  await expectState(second, 'logged-out');
  await expect(second.getByRole('status')).toContainText('You signed out in another tab.');
  expect((await readBrowserStorage(second)).session).toEqual({});
  await second.reload();
  await expectState(second, 'idle');
});

test('a sign-out in another tab ends a sign-in started here: its flow and key are cleared, and a new one works', async ({
  context,
}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await signIn(first, 'google', 'Alice');
  // The second tab has started a sign-in and come back from the provider's page (Back).
  await second.goto('/');
  await second.getByRole('button', { name: 'Sign in with Twitch' }).click();
  await second.waitForURL(/\/idp\/twitch\/authorize/);
  await second.goBack();
  await expectState(second, 'idle');
  expect(Object.keys((await readBrowserStorage(second)).session)).toHaveLength(2);

  await first.getByRole('button', { name: 'Sign out' }).click();
  await expectState(second, 'logged-out');
  await expect(second.getByRole('status')).toContainText('You signed out in another tab.');
  expect((await readBrowserStorage(second)).session).toEqual({});
  // A sign-in started now is sealed with a key that exists, and finishes.
  await second.getByRole('button', { name: 'Sign in with Twitch' }).click();
  await second.getByRole('button', { name: /Continue as Bob/ }).click();
  await expectState(second, 'signed-in');
});
