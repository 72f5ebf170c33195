import { createProof, expect, expectState, signIn, test } from './fixtures.ts';

const isInspectorChunk = (url: string) => /\/assets\/inspector-[\w-]+\.js$/.test(url);

test('?inspect loads the inspector without breaking the flow', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => isInspectorChunk(request.url()) && chunks.push(request.url()));
  await page.goto('/?inspect');
  await expectState(page, 'idle');
  expect(chunks).toHaveLength(1);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  // The redirect URL kept ?inspect, so the callback page was inspected too.
  expect(new URL(page.url()).searchParams.has('inspect')).toBe(true);
  await createProof(page);
});

test('a normal load does not load or open the inspector', async ({ page, context }) => {
  const chunks: string[] = [];
  const popups: string[] = [];
  page.on('request', (request) => isInspectorChunk(request.url()) && chunks.push(request.url()));
  context.on('page', (popup) => popups.push(popup.url()));
  await signIn(page, 'google', 'Alice');
  expect(chunks).toEqual([]);
  expect(popups).toEqual([]);
});
