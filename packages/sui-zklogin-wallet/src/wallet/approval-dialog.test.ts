// @vitest-environment jsdom
/**
 * The wallet's dialog as a page script meets it: its role, name and two buttons, what it
 * shows for a message and for each answer of a dry run, and what a script cannot do (its
 * clicks and keys are not the visitor's). A trusted click is the browser's alone: the
 * Playwright journeys (e2e/approvals.spec.ts) approve with one.
 */
import { toBase64 } from '@mysten/utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionPreview } from '../core/sign-in.types.ts';
import { ARM_DELAY_MS, openApprovalDialog, type ApprovalDialog, type ApprovalView } from './approval-dialog.ts';

beforeAll(() => {
  // jsdom has <dialog> without its modal behaviour, and no constructable style sheets.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
  if (!('adoptedStyleSheets' in ShadowRoot.prototype)) {
    Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', { value: [], writable: true });
  }
  if (typeof CSSStyleSheet.prototype.replaceSync !== 'function') CSSStyleSheet.prototype.replaceSync = () => {};
});

const ACCOUNT = `0x${'ab'.repeat(32)}`;
const BOB = `0x${'b0'.repeat(32)}`;
/** A view as approvals.ts makes it; `canApprove` as the machine's guard would say (approvals.test.ts runs the machine). */
const view = (extra: Partial<ApprovalView>): ApprovalView => {
  const kind = extra.kind ?? 'signAndExecuteTransaction';
  const preview = extra.preview ?? null;
  const canApprove =
    !('transaction' in extra || kind.endsWith('Transaction')) || (preview !== null && preview.status !== 'fails');
  return {
    requestId: 'r1',
    kind,
    walletName: 'Sign in with Google',
    providerLabel: 'Google',
    address: ACCOUNT,
    chain: 'sui:testnet',
    site: 'https://dapp.example',
    preview,
    canApprove,
    ...extra,
  };
};
const OK: TransactionPreview = {
  status: 'ok',
  bytes: 'dHg=',
  changes: [{ coinType: '0x2::sui::SUI', amount: '-251996000' }],
  recipients: [{ address: BOB, coinType: '0x2::sui::SUI', amount: '250000000' }],
  objectsOut: [],
  gasBudget: '3976000',
};

const COIN = `0x${'c1'.repeat(32)}`;
const SUI_COIN = `0x${'2'.padStart(64, '0')}::coin::Coin<0x${'2'.padStart(64, '0')}::sui::SUI>`;
/** A dApp's transaction, as Transaction.toJSON writes it: one coin object, sent whole to Bob. */
const COIN_TO_BOB = JSON.stringify({
  version: 2,
  sender: null,
  expiration: null,
  gasData: { budget: null, price: null, owner: null, payment: null },
  inputs: [{ UnresolvedObject: { objectId: COIN } }, { Pure: { bytes: toBase64(new Uint8Array(32).fill(0xb0)) } }],
  commands: [{ TransferObjects: { objects: [{ Input: 0 }], address: { Input: 1 } } }],
});
/** Its dry run: the coin leaves this account for Bob, who gains its 0.3 SUI. */
const COIN_TO_BOB_RUN: TransactionPreview = {
  ...OK,
  changes: [{ coinType: '0x2::sui::SUI', amount: '-301996000' }],
  recipients: [{ address: BOB, coinType: '0x2::sui::SUI', amount: '300000000' }],
  objectsOut: [{ objectId: COIN, objectType: SUI_COIN, change: 'transferred', to: { owner: 'address', id: BOB } }],
};

let open: ApprovalDialog | undefined;
/** Whether the page is shown and its window has focus, as the test says. */
let visibility: DocumentVisibilityState = 'visible';
let focused = true;
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  focused = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
});
afterEach(() => {
  open?.close();
  open = undefined;
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function show(shown: ApprovalView) {
  const answer = vi.fn();
  open = openApprovalDialog(shown, answer);
  const root = document.querySelector('[data-zklogin-wallet="approval"]')!.shadowRoot!;
  const dialog = root.querySelector('dialog')!;
  const button = (name: string) => [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === name)!;
  return { answer, root, dialog, button, text: () => dialog.textContent ?? '' };
}

describe("the wallet's dialog", () => {
  it('a message: a modal dialog named "Approve message", its text, the wallet and account, and exactly Reject and Approve', () => {
    const { dialog, root, text, button } = show(
      view({ kind: 'signPersonalMessage', message: toBase64(new TextEncoder().encode('Sign in to Example')) }),
    );
    expect(dialog.open).toBe(true);
    const title = root.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Approve message');
    expect(text()).toContain('Sign in to Example');
    expect(text()).toContain('Sign in with Google');
    expect(text()).toContain(ACCOUNT);
    expect(text()).toContain('https://dapp.example asks you to sign a message with your Google account.');
    expect([...root.querySelectorAll('button')].map((candidate) => candidate.textContent)).toEqual(['Reject', 'Approve']);
    // Armed a moment after it opens: a click meant for the page does not land on it.
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
    // Focus is on the dialog itself: Enter approves nothing.
    expect(root.activeElement).toBe(dialog);
  });

  it("a site's connect (the hosted wallet's window): the question, the account it would get, and Reject and Approve", () => {
    const { root, dialog, text, button } = show(view({ kind: 'connect', site: 'https://shop.example' }));
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Approve connection');
    expect(root.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^Connect https:\/\/shop\.example\? It will see this account's address and public key\./,
    );
    expect(text()).toContain(ACCOUNT);
    expect(text()).not.toContain('What it does');
    expect([...root.querySelectorAll('button')].map((candidate) => candidate.textContent)).toEqual(['Reject', 'Approve']);
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
  });

  it("a site's session read says what sharing the token allows, by the account's provider", () => {
    const { root, dialog } = show(view({ kind: 'getSession', site: 'https://shop.example' }));
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Approve sharing your sign-in');
    expect(root.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe(
      "Share your sign-in token with https://shop.example? It tells that site's server who you are with Google. Nothing is signed.",
    );
  });

  it('a message that is not text: its bytes in hex', () => {
    const { text } = show(view({ kind: 'signPersonalMessage', message: toBase64(new Uint8Array([0xde, 0xad, 0xbe, 0xef])) }));
    expect(text()).toContain('de ad be ef');
  });

  it('a transaction: the dry run runs (Approve disabled), then its changes, recipient and gas budget (Approve enabled)', () => {
    const { text, button, root } = show(view({}));
    expect(root.getElementById('approval-title')!.textContent).toBe('Approve transaction');
    expect(root.querySelector('[role="status"]')!.textContent).toMatch(/dry run/);
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(ARM_DELAY_MS * 2);
    expect(button('Approve').disabled).toBe(true);
    open!.update(view({ preview: OK }));
    expect(text()).toContain('\u22120.251996 SUI');
    expect(text()).toContain(BOB);
    expect(text()).toContain('+0.25 SUI');
    expect(text()).toContain('0.003976 SUI');
    // Armed a moment after what it shows changed.
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
  });

  it('a dry run that says it would fail: why, and only Reject', () => {
    const { root, button } = show(view({ preview: { status: 'fails', reason: 'Not enough SUI.' } }));
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('Not enough SUI.');
    vi.advanceTimersByTime(ARM_DELAY_MS * 2);
    expect(button('Approve').disabled).toBe(true);
  });

  it('Approve is armed only when the machine would take it, whatever the dialog shows', () => {
    const { button } = show(view({ preview: OK, canApprove: false }));
    vi.advanceTimersByTime(ARM_DELAY_MS * 2);
    expect(button('Approve').disabled).toBe(true);
  });

  it('a dry run that could not be made: why, and Approve stays possible', () => {
    const { root, button } = show(view({ preview: { status: 'unavailable', reason: 'The Sui node could not be reached.' } }));
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('could not be made');
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
  });

  it("a transaction's commands, from the transaction itself, while the dry run runs and once it answers", () => {
    const { root, text } = show(view({ transaction: COIN_TO_BOB }));
    const commands = () => [...root.querySelectorAll('ol > li')].map((item) => item.textContent);
    expect(commands()).toEqual([`Transfer 1 object (0xc1c1…c1c1) to ${BOB}`]);
    open!.update(view({ transaction: COIN_TO_BOB, preview: COIN_TO_BOB_RUN }));
    expect(commands()).toEqual([`Transfer 1 object (0xc1c1…c1c1) to ${BOB}`]);
    // From the dry run: the coin object leaving, with its type and to whom, and what Bob gains.
    const heading = [...root.querySelectorAll('h4')].find(
      (candidate) => candidate.textContent === 'Objects leaving your account',
    )!;
    expect(heading.nextElementSibling!.textContent).toBe(`0x2::coin::Coin<0x2::sui::SUI> 0xc1c1…c1c1: transferred to ${BOB}`);
    expect(text()).toContain('+0.3 SUI');
  });

  it('a dry run that leaves every object where it is says so', () => {
    const { text } = show(view({ transaction: COIN_TO_BOB, preview: OK }));
    expect(text()).toContain('None: every object of yours stays yours.');
  });

  it('a dry run that could not be made: the commands still show, under the warning', () => {
    const { root } = show(
      view({ transaction: COIN_TO_BOB, preview: { status: 'unavailable', reason: 'The Sui node could not be reached.' } }),
    );
    const warning = root.querySelector('[role="alert"]')!;
    expect(warning.textContent).toContain('could not be made');
    const commands = root.querySelector('ol')!;
    expect(warning.compareDocumentPosition(commands) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(commands.textContent).toBe(`Transfer 1 object (0xc1c1…c1c1) to ${BOB}`);
  });

  it('a transaction whose commands cannot be read says so', () => {
    const { text } = show(view({ transaction: '{"version": 2', preview: OK }));
    expect(text()).toContain('Its commands could not be read from the transaction.');
  });

  it('a press on Approve before it is armed starts the wait again', () => {
    const { button, answer } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    vi.advanceTimersByTime(ARM_DELAY_MS - 100);
    button('Approve').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(100);
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(ARM_DELAY_MS - 101);
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button('Approve').disabled).toBe(false);
    // Once armed, a press is only the start of a click: it changes nothing.
    button('Approve').dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    expect(button('Approve').disabled).toBe(false);
    expect(answer).not.toHaveBeenCalled();
  });

  it('the window losing focus disarms Approve; it is armed again a moment after focus is back', () => {
    const { button } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
    focused = false;
    window.dispatchEvent(new FocusEvent('blur'));
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(ARM_DELAY_MS * 10);
    expect(button('Approve').disabled).toBe(true);
    // A focus event while the document says it has none (a script's) arms nothing.
    window.dispatchEvent(new FocusEvent('focus'));
    vi.advanceTimersByTime(ARM_DELAY_MS * 2);
    expect(button('Approve').disabled).toBe(true);
    focused = true;
    window.dispatchEvent(new FocusEvent('focus'));
    vi.advanceTimersByTime(ARM_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button('Approve').disabled).toBe(false);
  });

  it('the page hidden disarms Approve, even while it was arming; shown again, it is armed a moment later', () => {
    const { button } = show(view({ preview: OK }));
    vi.advanceTimersByTime(ARM_DELAY_MS / 2);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(ARM_DELAY_MS * 10);
    expect(button('Approve').disabled).toBe(true);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(ARM_DELAY_MS - 1);
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button('Approve').disabled).toBe(false);
  });

  it('opened while the page is hidden, Approve waits for the visitor to be back', () => {
    visibility = 'hidden';
    const { button } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    vi.advanceTimersByTime(ARM_DELAY_MS * 10);
    expect(button('Approve').disabled).toBe(true);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(ARM_DELAY_MS);
    expect(button('Approve').disabled).toBe(false);
  });

  it('a dialog that is closed stops listening to the window: its return arms nothing', () => {
    show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    window.dispatchEvent(new FocusEvent('blur'));
    open!.close();
    open = undefined;
    vi.runOnlyPendingTimers();
    window.dispatchEvent(new FocusEvent('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a script's clicks and keys are not the visitor's: nothing is answered", () => {
    const { answer, button, dialog } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    vi.advanceTimersByTime(ARM_DELAY_MS);
    button('Approve').click();
    button('Approve').dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button('Reject').click();
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(answer).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('a message or reason is shown as text, never as markup', () => {
    const { root } = show(view({ preview: { status: 'fails', reason: '<img src=x onerror=alert(1)>' } }));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('closed by anything but the wallet, the request is not approved: it is rejected', () => {
    const { answer, dialog } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    dialog.close();
    expect(answer).toHaveBeenCalledWith(false);
  });

  it('closing puts focus back where it was, and takes the dialog off the page, once the task that closed it is done', () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const { answer, button } = show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    vi.advanceTimersByTime(ARM_DELAY_MS);
    open!.close();
    open = undefined;
    // Still on the page for the rest of this task, its Approve disabled at once.
    expect(document.querySelector('[data-zklogin-wallet]')).not.toBeNull();
    expect(button('Approve').disabled).toBe(true);
    vi.advanceTimersByTime(0);
    expect(document.activeElement).toBe(before);
    expect(document.querySelector('[data-zklogin-wallet]')).toBeNull();
    expect(answer).not.toHaveBeenCalled();
  });

  it('a dialog opened in the task that closed another gives focus back where the first one found it', () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    show(view({ kind: 'signPersonalMessage', message: 'aGk=' }));
    // The next request's dialog, opened as the first closes (approvals.ts does both in one task).
    open!.close();
    show(view({ kind: 'signPersonalMessage', message: 'aGk=', requestId: 'the-next-request' }));
    vi.advanceTimersByTime(0);
    expect(document.querySelectorAll('[data-zklogin-wallet]')).toHaveLength(1);
    open!.close();
    open = undefined;
    vi.advanceTimersByTime(0);
    expect(document.activeElement).toBe(before);
  });
});
