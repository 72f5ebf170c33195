/**
 * How long a session lasts: VITE_ADDITIONAL_EPOCHS (0 by default) is sent as
 * `additionalEpochs` with every nonce request. Here the warm start's request (at the hover)
 * is the only one: the click takes the nonce it prepared. The click's own request, made
 * when no nonce was prepared, is checked in the package's operations/sign-in-runtime.test.ts ("every
 * nonce request carries additionalEpochs as configured"). The real-mode build sets it to 2
 * (real-mode.real.spec.ts).
 */
import { expect, expectState, test } from './fixtures.ts';

test('built-in mode, the default: the nonce request asks for 0 additional epochs', async ({ page }) => {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v1/zklogin/nonce')) bodies.push(request.postDataJSON());
  });
  await page.goto('/');
  await expectState(page, 'idle');
  // The warm start (hover) asks for the nonce; the click then uses it.
  await page.getByRole('button', { name: 'Sign in with Twitch' }).hover();
  await expect.poll(() => bodies.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Sign in with Twitch' }).click();
  await page.getByRole('button', { name: /Continue as Alice/ }).click();
  await expectState(page, 'signed-in');
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) expect(body).toMatchObject({ additionalEpochs: 0 });
  // Exactly one request: the warm start's, whose nonce the click took.
  expect(bodies).toEqual([expect.objectContaining({ additionalEpochs: 0 })]);
});
