/**
 * One hop from the machine to the code that does the work, measured where it runs: on the
 * dev server every module is a script of its own, so Chromium's precise coverage, started
 * just before a dApp's `sui:signAndExecuteTransaction` and taken once it is answered, names
 * each product file whose code ran for it. Between the machine (core/) and the operation
 * that signs and executes, only the running actor's forwarding (the package's runtime/sign-in-actor.ts)
 * may run: no file that only re-exports or re-loads. The list is printed, for counting.
 */
import { createProof, expect, signIn, test } from './fixtures.ts';
import { approved, call, connect, fund, installDapp, transfer, walletsOf } from './wallet-protocol.ts';

/** The wallet's engine: the package's sources, which the app is built from. */
const ENGINE = 'packages/sui-zklogin-wallet/src/';

/** The dev server of playwright.config.ts (built-in, no hot reload). */
test.use({ baseURL: 'http://localhost:4175' });

test('a signAndExecuteTransaction goes from the machine to its operation through the running actor alone', async ({ page }) => {
  await page.addInitScript(installDapp);
  const { login } = await signIn(page, 'facebook', 'Alice');
  await createProof(page);
  await walletsOf(page);
  await fund(page, login.address);
  await connect(page, 'Sign in with Facebook', true);
  const transaction = await transfer(1_000n, `0x${'c0'.repeat(32)}`);

  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  const outcome = await approved(
    call(page, 'Sign in with Facebook', 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
      account: login.address,
      chain: 'sui:testnet',
      transaction,
    }),
    page,
  );
  const coverage = await page.coverage.stopJSCoverage();
  expect((outcome as { ok: boolean }).ok, JSON.stringify(outcome)).toBe(true);

  const ran = coverage
    .filter((script) => script.functions.some((fn) => fn.ranges[0]!.count > 0))
    .map((script) => new URL(script.url).pathname.slice(1))
    .filter((path) => path.startsWith('src/') || path.startsWith(ENGINE))
    .sort();
  console.log(`${ran.length} product files ran for the request:\n${ran.join('\n')}`);
  // The request's own path, apart from this page's re-render (src/ui) and the devtools log.
  expect(ran).toEqual(expect.arrayContaining([`${ENGINE}core/account-wallet.ts`, `${ENGINE}wallet/zklogin-wallet.ts`]));
  const plumbing = ran.filter((path) => path.startsWith(`${ENGINE}runtime/`) || path.startsWith(`${ENGINE}operations/`));
  expect(plumbing).toEqual([
    // The balance, read again once the transaction has gone to the node (account.executed).
    `${ENGINE}operations/chain-operations.ts`,
    `${ENGINE}operations/proof.ts`,
    `${ENGINE}operations/sui-node.ts`,
    `${ENGINE}operations/wallet-operations.ts`,
    `${ENGINE}runtime/sign-in-actor.ts`,
  ]);
});
