/**
 * The embedded wallet's limits (issue 44, point 5), as a page's scripts meet them:
 * `enoki:getSession` answers only a page the visitor connected the account to, here; a page
 * that only reconnected silently (dapp-kit's autoconnect after a reload) is refused until the
 * visitor connects.
 *
 * The other limit, an interactive connect needs the visitor's own action (the browser's
 * transient activation), is shown by the wallet's unit test
 * (packages/sui-zklogin-wallet/src/wallet/zklogin-wallet.test.ts), not here: Playwright
 * evaluates in every page it drives (its own injected scripts, its answers to bindings) as
 * the visitor's action, so a page it drives always has an activation. Seen in Chromium:
 * `navigator.userActivation.isActive` false at DOMContentLoaded, true by the time the page
 * registered its wallets, with no click or key press between.
 */
import { expect, signIn, test } from './fixtures.ts';
import { accountsOf, call, connect, installDapp, walletsOf } from './wallet-protocol.ts';

/** The wallet's words (packages/sui-zklogin-wallet/src/wallet/zklogin-wallet.ts). */
const SESSION_NEEDS_CONNECT =
  "The wallet gives its session only to a page the visitor connected it to, here: connect interactively (from the visitor's click) first.";

test('a page that only reconnected silently gets no session until the visitor connects it', async ({ page }) => {
  await page.addInitScript(installDapp);
  const { login } = await signIn(page, 'google', 'Alice');
  await page.reload();
  await walletsOf(page);
  // dapp-kit's autoconnect after a reload: the account, but not the session.
  expect((await accountsOf(connect(page, 'Sign in with Google', true))).map(({ address }) => address)).toEqual([login.address]);
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession')).toEqual({
    ok: false,
    error: SESSION_NEEDS_CONNECT,
  });
  // The visitor connects: now the page may read the session.
  expect((await accountsOf(connect(page, 'Sign in with Google', false))).map(({ address }) => address)).toEqual([login.address]);
  const session = await call<{ jwt: string }>(page, 'Sign in with Google', 'enoki:getSession', 'getSession');
  expect(session.ok && typeof session.value?.jwt).toBe('string');
  // Disconnect (which signs out here) and a new sign-in: the new account must be connected again.
  await call(page, 'Sign in with Google', 'standard:disconnect', 'disconnect');
  await signIn(page, 'google', 'Alice');
  await walletsOf(page);
  expect(await call(page, 'Sign in with Google', 'enoki:getSession', 'getSession')).toEqual({
    ok: false,
    error: SESSION_NEEDS_CONNECT,
  });
});
