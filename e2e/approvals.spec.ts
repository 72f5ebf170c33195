/**
 * The visitor approves what a dApp asks. A page script drives the wallets only through the
 * Wallet Standard's protocol, as a dApp would (wallet-protocol.ts), and the visitor answers
 * in the wallet's own dialog: what it shows for a transfer (from the node's dry run) and for
 * a message, that nothing is signed until a real click on "Approve", that a script's click
 * is not one, and that "Reject", Escape and a sign-out refuse the call as the visitor's.
 */
import AxeBuilder from '@axe-core/playwright';
import { Transaction } from '@mysten/sui/transactions';
import { fromBase64 } from '@mysten/sui/utils';
import type { Page } from '@playwright/test';
import { ARM_DELAY_MS } from '../packages/sui-zklogin-wallet/src/wallet/approval-dialog.ts';
import { countLoginServiceRequests, createProof, expect, expectState, signIn, test } from './fixtures.ts';
import {
  approvalDialog,
  approve,
  call,
  checkZkLoginSignature,
  coinsOf,
  connect,
  fund,
  installDapp,
  transfer,
  walletsOf,
} from './wallet-protocol.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(installDapp);
});

const WALLET = 'Sign in with Facebook';
const REJECTED = 'The visitor rejected the request.';

/** An address no other test sends to: its balance is this test's alone. */
const freshAddress = () =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** The SUI balance (MIST) of `address`, read from the mock node as any client would. */
async function balanceOf(page: Page, address: string): Promise<bigint> {
  const response = await page.request.post('/__mock/sui/graphql', {
    data: {
      query: 'query($a: SuiAddress!) { address(address: $a) { balance(coinType: "0x2::sui::SUI") { totalBalance } } }',
      variables: { a: address },
    },
  });
  const body = (await response.json()) as { data?: { address?: { balance?: { totalBalance?: string } | null } | null } };
  return BigInt(body.data?.address?.balance?.totalBalance ?? '0');
}

/** Signed in (Facebook, Alice: no other journey counts on her balance), the wallets registered, and 1 SUI from the faucet on the node. */
async function fundedAccount(page: Page) {
  const { login } = await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await fund(page, login.address);
  await expect.poll(() => balanceOf(page, login.address)).toBeGreaterThan(0n);
  return login;
}

type Outcome = { ok: true; value: { digest?: string; signature: string; bytes: string } } | { ok: false; error: string };

/** A call made in the page, and whether it has settled yet (without waiting for it). */
function pending(result: Promise<unknown>) {
  const state = { settled: false };
  void result.then(() => (state.settled = true));
  return state;
}

const signAndExecute = (page: Page, transaction: string) =>
  call(page, WALLET, 'sui:signAndExecuteTransaction', 'signAndExecuteTransaction', {
    account: 'connected',
    chain: 'sui:testnet',
    transaction,
  }) as Promise<Outcome>;

/** A page script's own click and keys on the dialog's buttons: not the visitor's. */
async function scriptPresses(page: Page, button: 'Approve' | 'Reject') {
  await page.evaluate((name) => {
    const root = document.querySelector('[data-zklogin-wallet]')!.shadowRoot!;
    const target = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === name)!;
    target.click();
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    root.querySelector('dialog')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }, button);
}

test('a transfer of 0.25 SUI waits for the visitor; a script cannot approve it; Reject refuses it and nothing moves', async ({
  page,
}) => {
  // The page's clock is the test's to move (it runs on meanwhile): the wait below is its.
  await page.clock.install();
  const login = await fundedAccount(page);
  await connect(page, WALLET, true);
  const recipient = freshAddress();
  const before = await balanceOf(page, login.address);
  const result = signAndExecute(page, await transfer(250_000_000n, recipient));
  const call = pending(result);

  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName('Approve transaction');
  // From the dry run: this account's change, the recipient and what it gets, and the gas budget.
  await expect(dialog).toContainText(recipient);
  await expect(dialog).toContainText('+0.25 SUI');
  await expect(dialog).toContainText(/−0\.25\d* SUI/);
  await expect(dialog).toContainText(/Gas budget/);
  await expect(dialog).toContainText(WALLET);
  await expect(dialog).toContainText(login.address);
  await expect(dialog.getByRole('button')).toHaveText(['Reject', 'Approve']);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled();

  // The call waits for the visitor, however long they take: ten minutes of the page's time
  // pass, and every timer due in them runs. An answer closes the dialog in the task that
  // gives it, so it would be gone by now; and the call's outcome, below, is the Reject's:
  // nothing answered it before.
  await page.clock.runFor(10 * 60_000);
  await expect(dialog).toBeVisible();
  expect(call.settled).toBe(false);
  // A script's click, dispatched events and keys change nothing: an answer they gave would
  // have closed the dialog before the script returned.
  await scriptPresses(page, 'Approve');
  await expect(dialog).toBeVisible();
  expect(call.settled).toBe(false);

  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
  await expect(dialog).toHaveCount(0);
  expect(await balanceOf(page, login.address)).toBe(before);
  expect(await balanceOf(page, recipient)).toBe(0n);
  // No proof was made for it: the account is where it was.
  await expectState(page, 'signed-in');
});

test('the same transfer approved with a real click: a digest, and the recipient holds 0.25 SUI more', async ({ page }) => {
  const login = await fundedAccount(page);
  await connect(page, WALLET, true);
  const recipient = freshAddress();
  const result = signAndExecute(page, await transfer(250_000_000n, recipient));
  await expect(approvalDialog(page)).toContainText('+0.25 SUI');
  await approve(page);
  const outcome = await result;
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const value = (outcome as Extract<Outcome, { ok: true }>).value;
  expect(value.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  expect(await checkZkLoginSignature(value.signature, fromBase64(value.bytes), 'TransactionData')).toBe(login.address);
  expect(await balanceOf(page, recipient)).toBe(250_000_000n);
});

test('a personal message: its text in the dialog; approved, a zkLogin signature whose inner signature verifies', async ({
  page,
}) => {
  const { login } = await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const text = 'Sign in to Example\nNonce: 8b1f…';
  const result = call(page, WALLET, 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: 'connected',
    message: text,
  }) as Promise<Outcome>;
  const dialog = approvalDialog(page);
  await expect(dialog).toHaveAccessibleName('Approve message');
  await expect(dialog.getByLabel('Message text')).toHaveText(text);
  // No proof is made for it before the visitor approves (this account has none yet).
  await expectState(page, 'signed-in');
  await approve(page);
  const outcome = await result;
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const { signature, bytes } = (outcome as Extract<Outcome, { ok: true }>).value;
  expect(new TextDecoder().decode(fromBase64(bytes))).toBe(text);
  expect(await checkZkLoginSignature(signature, fromBase64(bytes), 'PersonalMessage')).toBe(login.address);
});

test('a coin object sent whole: the dialog lists the transfer and shows the coin leaving, with its type, for the recipient', async ({
  page,
}) => {
  const login = await fundedAccount(page);
  // A second coin, so that the one sent is not the only one left to pay the gas.
  await fund(page, login.address);
  await expect.poll(async () => (await coinsOf(page, login.address)).length).toBeGreaterThanOrEqual(2);
  await connect(page, WALLET, true);
  const coin = (await coinsOf(page, login.address)).at(-1)!;
  const shortCoin = `${coin.slice(0, 6)}…${coin.slice(-4)}`;
  const recipient = freshAddress();
  const tx = new Transaction();
  tx.transferObjects([tx.object(coin)], recipient);
  const result = signAndExecute(page, await tx.toJSON());

  const dialog = approvalDialog(page);
  // The command, read from the transaction itself.
  await expect(dialog.getByRole('list').first()).toHaveText(`Transfer 1 object (${shortCoin}) to ${recipient}`);
  // From the dry run: the coin object leaves the account, a SUI coin, for the recipient.
  const leaving = dialog.getByRole('heading', { name: 'Objects leaving your account' });
  await expect(leaving).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'transferred to' })).toHaveText(
    `0x2::coin::Coin<0x2::sui::SUI> ${shortCoin}: transferred to ${recipient}`,
  );
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
  expect(await coinsOf(page, recipient)).toEqual([]);
  expect(await coinsOf(page, login.address)).toContain(coin);
});

test("a real click on Approve before it is armed is not an approval: it starts Approve's wait again", async ({ page }) => {
  // The page's timers wait for the test from the call on: the wait below is measured on them.
  await page.clock.install();
  const login = await fundedAccount(page);
  await connect(page, WALLET, true);
  // Paused a little ahead of the page's own clock, which runs on meanwhile (ahead of Node's
  // clock, read before a busy page answers, it could be in the page's past, which Playwright refuses).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  const result = signAndExecute(page, await transfer(1_000n, freshAddress()));
  const dialog = approvalDialog(page);
  const button = dialog.getByRole('button', { name: 'Approve' });
  await expect(dialog).toContainText('+0.000001 SUI');
  await page.clock.runFor(ARM_DELAY_MS - 200);
  await expect(button).toBeDisabled();
  // The visitor's own click, on the button as it is (a locator's click would wait for it).
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(200);
  await expect(button).toBeDisabled();
  await page.clock.runFor(ARM_DELAY_MS - 201);
  await expect(button).toBeDisabled();
  await page.clock.runFor(1);
  await expect(button).toBeEnabled();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
  expect(await balanceOf(page, login.address)).toBeGreaterThan(0n);
});

test('a transfer of more than the balance: the dry run says why, and only Reject is possible', async ({ page }) => {
  const login = await fundedAccount(page);
  await connect(page, WALLET, true);
  // More than she holds now (her balance grows with every run against the same node).
  const tooMuch = (await balanceOf(page, login.address)) + 1_000_000_000n;
  const result = signAndExecute(page, await transfer(tooMuch, freshAddress()));
  const dialog = approvalDialog(page);
  await expect(dialog.getByRole('alert')).toContainText('Not enough SUI');
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
});

test('a transaction naming another sender is refused at once: no dialog, no proof', async ({ page }) => {
  await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await connect(page, WALLET, true);
  // No proof, nor any other call to the login service.
  const requests = countLoginServiceRequests(page);
  const result = await signAndExecute(page, await transfer(1_000n, freshAddress(), (tx) => tx.setSender(freshAddress())));
  expect(result).toMatchObject({ ok: false, error: expect.stringContaining('names another address') });
  await expect(approvalDialog(page)).toHaveCount(0);
  expect(requests).toEqual([]);
});

test('keyboard: focus moves into the dialog and stays there, Enter approves nothing, Escape rejects and focus comes back', async ({
  page,
}) => {
  await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const copy = page.getByRole('button', { name: 'Copy address' });
  await copy.focus();
  const result = call(page, WALLET, 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: 'connected',
    message: 'hello',
  }) as Promise<Outcome>;
  const dialog = approvalDialog(page);
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled();
  // Enter approves nothing: an answer closes the dialog while the key is handled, and the
  // call's outcome, below, is Escape's.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // Tab and Shift+Tab go round the dialog's own controls, never out of it.
  const focusedInDialog = () =>
    page.evaluate(() => {
      const root = document.querySelector('[data-zklogin-wallet]')?.shadowRoot;
      const active = root?.activeElement;
      return active ? `${active.tagName.toLowerCase()}:${active.textContent?.slice(0, 20)}` : null;
    });
  const forward: (string | null)[] = [];
  for (let press = 0; press < 5; press += 1) {
    await page.keyboard.press('Tab');
    forward.push(await focusedInDialog());
  }
  // The message's text (scrollable, so focusable), Reject, Approve, and round again.
  expect(forward).toEqual(['pre:hello', 'button:Reject', 'button:Approve', 'pre:hello', 'button:Reject']);
  const backward: (string | null)[] = [];
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Shift+Tab');
    backward.push(await focusedInDialog());
  }
  expect(backward).toEqual(['pre:hello', 'button:Approve', 'button:Reject', 'pre:hello']);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(await result).toEqual({ ok: false, error: REJECTED });
  await expect(dialog).toHaveCount(0);
  await expect(copy).toBeFocused();
});

test("a sign-out in another tab while the dialog asks is the visitor's: the call is rejected", async ({ page, context }) => {
  await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await connect(page, WALLET, true);
  const result = call(page, WALLET, 'sui:signPersonalMessage', 'signPersonalMessage', {
    account: 'connected',
    message: 'hello',
  }) as Promise<Outcome>;
  await expect(approvalDialog(page)).toBeVisible();
  const other = await context.newPage();
  await signIn(other, 'twitch', 'Bob');
  await other.getByRole('button', { name: 'Sign out' }).click();
  expect(await result).toEqual({ ok: false, error: REJECTED });
  await expect(approvalDialog(page)).toHaveCount(0);
  await expectState(page, 'logged-out');
});

test("the visitor's own Sign message is not put to the dialog", async ({ page }) => {
  await signIn(page, 'facebook', 'Alice');
  await walletsOf(page);
  await createProof(page);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).toHaveText(/.{40,}/, { timeout: 15_000 });
  await expect(approvalDialog(page)).toHaveCount(0);
});
