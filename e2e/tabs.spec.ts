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
