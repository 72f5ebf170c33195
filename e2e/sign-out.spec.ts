import { createProof, expect, expectState, readBrowserStorage, signIn, test } from './fixtures.ts';

test('sign out clears the session, the keys and the proof, and goes back to the start', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  const before = await readBrowserStorage(page);
  expect(Object.keys(before.session)).toHaveLength(2);
  expect(Object.values(before.databases).flat()).toContain('keys/session-key');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByRole('status')).toContainText('You are signed out');
  const after = await readBrowserStorage(page);
  expect(after.session).toEqual({});
  expect(Object.values(after.databases).flat()).toEqual([]);

  await page.reload();
  await expectState(page, 'idle');
});
