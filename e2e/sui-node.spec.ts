/**
 * The address on chain, in built-in mode against the mock Sui node: test SUI, the balance,
 * a signature the node verifies, a transfer to another visitor; and every failure of the
 * node shown where it happens, with the account kept. Faults are put in the browser's way
 * with page.route, as a flaky network would.
 */
import type { Page } from '@playwright/test';
import { createProof, expect, expectState, signIn, test } from './fixtures.ts';
import { formatSui } from '../packages/sui-zklogin-wallet/src/core/sui-amount.ts';

const chainPanel = (page: Page) => page.getByRole('region', { name: /Your address on Sui/ });
const balanceMist = async (page: Page) =>
  BigInt((await chainPanel(page).getByTestId('balance').getAttribute('data-balance-mist'))!);
const NODE = '**/__mock/sui/graphql';
const SUI = 1_000_000_000n;
/** The balance as loaded (the mock node's ledger lives as long as the preview server, so tests compare, never assume zero). */
async function loadedBalance(page: Page) {
  await expect(chainPanel(page).getByTestId('balance')).toBeVisible();
  await expect(chainPanel(page).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  return balanceMist(page);
}

async function getTestSui(page: Page) {
  await chainPanel(page).getByRole('button', { name: 'Get test SUI' }).click();
  await expect(chainPanel(page).getByRole('button', { name: 'Get test SUI' })).toBeEnabled();
}

/** Alice, signed in with test SUI and a proof: her balance, as loaded. */
async function readyWithTestSui(page: Page) {
  await signIn(page, 'google', 'Alice');
  await getTestSui(page);
  await createProof(page);
  return loadedBalance(page);
}

async function send(page: Page, recipient: string, amount: string) {
  const panel = chainPanel(page);
  await panel.getByLabel('Recipient address').fill(recipient);
  await panel.getByLabel('Amount (SUI)').fill(amount);
  await panel.getByRole('button', { name: 'Send' }).click();
}

test('Alice gets test SUI, the node verifies her signature, and she sends 0.5 SUI to Bob: both balances change', async ({
  page,
  browser,
}) => {
  const alice = await signIn(page, 'google', 'Alice');
  const start = await loadedBalance(page);
  await getTestSui(page);
  await expect.poll(() => balanceMist(page)).toBe(start + SUI);
  // The faucet's answer is said, not only seen in the balance.
  await expect(chainPanel(page).getByTestId('funded')).toHaveText('The faucet sent 1 SUI.');

  await createProof(page);
  await page.getByLabel('Message').fill('Hello from Alice');
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByText('Verified by the Sui node')).toBeVisible();

  // Bob signs in in a second browser context (another person, another browser).
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  const bob = await signIn(bobPage, 'google', 'Bob');
  const bobStart = await loadedBalance(bobPage);

  await send(page, bob.login.address, '0.5');
  const digest = chainPanel(page).getByTestId('digest');
  await expect(digest).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
  await expect(chainPanel(page).getByText(/Sent 0\.5 SUI to/)).toBeVisible();
  // Alice paid 0.5 SUI and the gas fee, which the receipt names: to the MIST, her balance's drop.
  await expect.poll(() => balanceMist(page)).toBeLessThan(start + SUI - SUI / 2n);
  expect(await balanceMist(page)).toBeGreaterThan(start + SUI - SUI / 2n - 10_000_000n);
  const gasPaid = start + SUI - SUI / 2n - (await balanceMist(page));
  expect(gasPaid).toBeGreaterThan(0n);
  await expect(chainPanel(page).getByTestId('gas-paid')).toHaveText(`Gas paid: ${formatSui(gasPaid.toString())} SUI`);

  await chainPanel(bobPage).getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => balanceMist(bobPage)).toBe(bobStart + SUI / 2n);
  expect(alice.login.address).not.toBe(bob.login.address);
  await bobContext.close();
});

test('a send before the proof creates the proof first, then sends', async ({ page }) => {
  await signIn(page, 'twitch', 'Carol');
  const start = await loadedBalance(page);
  await getTestSui(page);
  await expect.poll(() => balanceMist(page)).toBe(start + SUI);
  await expect(chainPanel(page).getByText('Sending creates your zero-knowledge proof first.')).toBeVisible();
  await send(page, `0x${'c0'.repeat(32)}`, '0.25');
  await expectState(page, 'ready');
  await expect(chainPanel(page).getByTestId('digest')).toBeVisible();
  await expect.poll(() => balanceMist(page)).toBeLessThan(start + SUI - SUI / 4n);
});

test('mistakes in the form are shown beside their field, and nothing is sent', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await getTestSui(page);
  const panel = chainPanel(page);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText("Enter the recipient's Sui address.")).toBeVisible();
  await expect(panel.getByText('Enter an amount of SUI.')).toBeVisible();
  await send(page, '0x1234', '1000000');
  await expect(panel.getByText('A Sui address is 0x followed by 64 hexadecimal characters.')).toBeVisible();
  await expect(panel.getByText(/The amount is more than your balance of [\d.]+ SUI\./)).toBeVisible();
  await send(page, `0x${'c0'.repeat(32)}`, '0');
  await expect(panel.getByText('The amount must be more than 0 SUI.')).toBeVisible();
  await expect(panel.getByTestId('digest')).toHaveCount(0);
  await expectState(page, 'signed-in');
});

test('a spend the balance cannot cover with its gas is refused by the node, in place; nothing moves', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  await getTestSui(page);
  const before = await balanceMist(page);
  await send(page, `0x${'c0'.repeat(32)}`, (Number(before) / 1e9).toString());
  const panel = chainPanel(page);
  await expect(panel.getByText('Could not send SUI')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveText(
    'Not enough SUI: the amount and the gas fee together are more than your balance.',
  );
  expect(await balanceMist(page)).toBe(before);
  await expect(page.getByTestId('address')).toBeVisible();
});

test('an unreachable node: sign-in, proof and signing go on; the balance and the verdict say why, and come back', async ({
  page,
}) => {
  await page.route(NODE, (route) => route.abort('connectionrefused'));
  await signIn(page, 'google', 'Alice');
  const panel = chainPanel(page);
  await expect(panel.getByRole('alert')).toHaveText(
    /The Sui node \(.+\) could not be reached, so we could not read your balance\./,
  );
  await expect(panel.getByText('unknown')).toBeVisible();
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).toBeVisible();
  await expect(page.getByText(/The Sui node could not check this signature: .*could not be reached/)).toBeVisible();

  await page.unroute(NODE);
  await page.getByRole('button', { name: 'Verify again' }).click();
  await expect(page.getByText('Verified by the Sui node')).toBeVisible();
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel.getByTestId('balance')).toHaveText(/^[\d,.]+ SUI$/);
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a send that never reached the node: after looking for it on chain, the page says it cannot tell, with the digest, and the account stays', async ({
  page,
}) => {
  const before = await readyWithTestSui(page);
  await page.route(NODE, (route) =>
    route.request().postData()?.includes('executeTransaction')
      ? route.fulfill({ status: 500, body: 'upstream failed' })
      : route.fallback(),
  );
  await send(page, `0x${'c0'.repeat(32)}`, '0.1');
  const panel = chainPanel(page);
  // After the node's answer, the page looks for the transfer on chain for 10 s (LOST_ANSWER_LOOKUP_MS).
  await expect(panel.getByText('Your SUI may have been sent')).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('alert')).toHaveText(
    /^The Sui node \(.+\) answered with HTTP 500, so we cannot tell whether the transfer went through\. It was not found on chain within 10 s\. Its digest is [1-9A-HJ-NP-Za-km-z]{43,44}: look for it \(or at your balance\) before you send it again\.$/,
  );
  // The same transfer is not one click away: the form is empty.
  await expect(panel.getByLabel('Amount (SUI)')).toHaveValue('');
  await expectState(page, 'ready');
  await expect(page.getByRole('button', { name: 'Sign message' })).toBeEnabled();
  // The balance is read again after a send that did not say how it went: unchanged here.
  expect(await loadedBalance(page)).toBe(before);
});

test('a send the node executed, whose answer was lost on the way back: found on chain, and shown as sent, never as failed', async ({
  page,
}) => {
  const before = await readyWithTestSui(page);
  const executions: string[] = [];
  await page.route(NODE, async (route) => {
    if (!route.request().postData()?.includes('executeTransaction')) return route.fallback();
    executions.push(route.request().url());
    await route.fetch();
    await route.fulfill({ status: 504, body: 'gateway timeout' });
  });
  await send(page, `0x${'c0'.repeat(32)}`, '0.25');
  const panel = chainPanel(page);
  await expect(panel.getByTestId('digest')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
  await expect(panel.getByText(/^Sent 0\.25 SUI to/)).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // Spent once: 0.25 SUI and the gas (a little, or less than nothing after a storage rebate), never twice.
  const spent = before - (await loadedBalance(page));
  expect(spent).toBeGreaterThan(SUI / 4n - SUI / 100n);
  expect(spent).toBeLessThan(SUI / 4n + SUI / 100n);
  expect(executions).toHaveLength(1);
});

test('the faucet refusing (too many requests) is shown beside Get test SUI', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await page.route('**/v2/gas', (route) => route.fulfill({ status: 429, body: 'slow down' }));
  await chainPanel(page).getByRole('button', { name: 'Get test SUI' }).click();
  const panel = chainPanel(page);
  await expect(panel.getByText('Could not get test SUI')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveText(
    'The faucet has had too many requests from you. Please wait a while, then try again.',
  );
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expectState(page, 'signed-in');
});

test('a signature the node refuses is shown with its reason', async ({ page }) => {
  await signIn(page, 'google', 'Alice');
  await createProof(page);
  // The node is asked about another message than the one signed (a tampered request).
  await page.route(NODE, (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { query?: string; variables?: Record<string, unknown> };
    if (!body.query?.includes('verifySignature')) return route.fallback();
    return route.fallback({ postData: JSON.stringify({ ...body, variables: { ...body.variables, message: btoa('tampered') } }) });
  });
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The Sui node refused this signature: .*does not verify over this message/);
});

test('signing out while a transfer is at the node says it may still go through; signed in again, the balance shows it', async ({
  page,
}) => {
  const before = await readyWithTestSui(page);
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const executing = new Promise<void>((reached) =>
    page.route(NODE, async (route) => {
      if (!route.request().postData()?.includes('executeTransaction')) return route.fallback();
      // The node executes it; its answer waits until the visitor has signed out.
      const response = await route.fetch();
      reached();
      await answered;
      await route.fulfill({ response }).catch(() => {});
    }),
  );
  await send(page, `0x${'c0'.repeat(32)}`, '0.25');
  await executing;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectState(page, 'logged-out');
  await expect(page.getByTestId('transfer-under-way')).toHaveText(
    'The transfer of 0.25 SUI under way when you were signed out may still go through: your balance will show it when you sign in again.',
  );
  answer();
  await page.unroute(NODE);
  await signIn(page, 'google', 'Alice');
  await expect(page.getByTestId('transfer-under-way')).toHaveCount(0);
  const spent = before - (await loadedBalance(page));
  expect(spent).toBeGreaterThan(SUI / 4n - SUI / 100n);
  expect(spent).toBeLessThan(SUI / 4n + SUI / 100n);
});
