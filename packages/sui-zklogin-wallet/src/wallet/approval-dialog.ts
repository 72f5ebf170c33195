/**
 * The wallet's own dialog: a dApp's request shown to the visitor, with "Approve" and
 * "Reject" and nothing else to press. Loaded only when a request arrives (approvals.ts).
 *
 * Written with the DOM rather than React, by hand: it runs on any page that registers the
 * wallets (this app, or a dApp on whatever framework), so it brings nothing of its own
 * that a page must have. It lives in a shadow root with its own sheet, and its host's
 * styles are reset, so that the page's CSS cannot change what it shows; it is a native
 * modal <dialog>, so the page behind is inert and the dialog sits in the top layer. Text
 * goes in as text (never as markup): a message or a node's reason cannot add elements.
 *
 * Only the visitor answers. Every handler that answers acts on trusted input only
 * (`event.isTrusted`): a page script's `click()` or dispatched event is not an approval.
 * "Approve" is armed only a moment after the dialog opens or what it shows changes
 * (ARM_DELAY_MS), so a click or a key meant for the page (a double click on the dApp's
 * button) does not land on it; whether it may approve is kept here, not in the button's
 * `disabled`, which a script could clear. A press on it before then starts the wait again
 * (someone clicking at once has not read it), and so does the window's return after it
 * lost focus or was hidden: what is under the pointer when the visitor comes back may not
 * be what they meant to press. What only disarms it may come from anywhere; arming again
 * reads the document's own state. Focus moves onto the dialog itself (so Enter approves
 * nothing), stays inside it (Tab wraps), and goes back where it was when the dialog
 * closes. Escape rejects.
 *
 * A transaction shows its commands, read from the transaction itself (so they show while
 * the dry run runs, and when it cannot be made), then what the dry run says it does: the
 * balance changes, the account's objects that leave it, and who gains. In the hosted
 * wallet's window a site's connect and its session read are asked too: what the site would
 * get, and what it allows.
 */
import type { TransactionPreview, WalletRequest } from '../core/sign-in.types.ts';
import { formatAmount, formatGas, messageShown } from './approval-text.ts';
import { commandWords, objectWords, type Words } from './command-text.ts';
import { transactionCommands } from './transaction-commands.ts';
import { DIALOG_STYLES } from './approval-dialog.styles.ts';

/** What the dialog shows: the request, who asks, for which wallet and account, and the dry run's answer. */
export interface ApprovalView {
  requestId: string;
  kind: WalletRequest['kind'];
  /** The wallet's name: "Sign in with Google". */
  walletName: string;
  /** The account's provider, as the visitor knows it: "Google". */
  providerLabel: string;
  address: string;
  chain: string;
  /** The site that asks (its origin): the page's own, or in the hosted wallet's window the dApp's. */
  site: string;
  /** A message's bytes (base64). */
  message?: string;
  /** A transaction in its JSON form (Transaction.toJSON), whose commands the dialog lists. */
  transaction?: string;
  /** A transaction's dry run; null while it runs. */
  preview: TransactionPreview | null;
  /**
   * Whether the machine would take the visitor's approval now (`snapshot.can(user.approve)`):
   * a message; a transaction once its dry run has answered, unless it says it would fail.
   */
  canApprove: boolean;
}

export interface ApprovalDialog {
  readonly requestId: string;
  /** Shows the request's newer state (the dry run's answer), keeping focus where it is. */
  update(view: ApprovalView): void;
  /** Closes the dialog and puts focus back where it was. */
  close(): void;
}

type Child = Node | string | null | false;

/** How long "Approve" stays disabled after the dialog opens or what it shows changes. */
export const ARM_DELAY_MS = 600;

/** An element with attributes and children (text as text nodes). */
function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

const TITLES: Record<WalletRequest['kind'], string> = {
  signPersonalMessage: 'Approve message',
  signTransaction: 'Approve transaction',
  signAndExecuteTransaction: 'Approve transaction',
  connect: 'Approve connection',
  getSession: 'Approve sharing your sign-in',
};

const ASKS: Record<'signPersonalMessage' | 'signTransaction' | 'signAndExecuteTransaction', string> = {
  signPersonalMessage: 'to sign a message',
  signTransaction: 'to sign a transaction (the site may execute it later)',
  signAndExecuteTransaction: 'to sign a transaction and execute it now',
};

/** The question the dialog puts, under its title. */
function question(view: ApprovalView): string {
  switch (view.kind) {
    case 'connect':
      return `Connect ${view.site}? It will see this account's address and public key. Each signature it asks for is put to you here.`;
    case 'getSession':
      return `Share your sign-in token with ${view.site}? It tells that site's server who you are with ${view.providerLabel}. Nothing is signed.`;
    default:
      return `${view.site} asks you ${ASKS[view.kind]} with your ${view.providerLabel} account. Nothing is signed unless you approve.`;
  }
}

/** What the request holds beyond the question: a message's text, a transaction's commands and dry run. */
function requestSection(view: ApprovalView): HTMLElement | string {
  if (view.kind === 'signPersonalMessage') return messageSection(view.message ?? '');
  if (view.kind === 'connect' || view.kind === 'getSession') return '';
  return previewSection(view);
}

/** The element focused now, inside shadow roots too (dapp-kit's buttons live in one). */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

function messageSection(base64: string): HTMLElement {
  const shown = messageShown(base64);
  return 'text' in shown
    ? h(
        'div',
        {},
        h('h3', {}, 'Message'),
        shown.text === ''
          ? h('p', {}, 'The message is empty.')
          : h('pre', { tabindex: '0', 'aria-label': 'Message text' }, shown.text),
      )
    : h(
        'div',
        {},
        h('h3', {}, 'Message'),
        h('p', {}, 'It is not text. Its bytes, in hex:'),
        h('pre', { tabindex: '0', 'aria-label': 'Message bytes in hex' }, shown.hex),
      );
}

/** A sentence's words, with what is code as code. */
const spoken = (words: Words) => words.map((word) => (typeof word === 'string' ? word : h('code', {}, word.code)));

const list = (items: HTMLElement[], none: string, tag = 'ul') => (items.length > 0 ? h(tag, {}, ...items) : h('p', {}, none));

/** The transaction's commands, from the transaction itself: they need no node. */
function commandsSection(json: string): HTMLElement[] {
  const commands = transactionCommands(json);
  return [
    h('h4', {}, 'Its commands'),
    commands === null
      ? h('p', { class: 'warning' }, 'Its commands could not be read from the transaction.')
      : list(
          commands.map((command) => h('li', {}, ...spoken(commandWords(command)))),
          'It has no commands.',
          'ol',
        ),
  ];
}

function previewSection(view: ApprovalView): HTMLElement {
  const preview = view.preview;
  const heading = h('h3', {}, 'What it does');
  const commands = commandsSection(view.transaction ?? '');
  if (!preview) {
    return h(
      'div',
      {},
      heading,
      h('p', { role: 'status' }, 'Running it on the Sui node without committing anything (a dry run)…'),
      ...commands,
    );
  }
  if (preview.status === 'fails') {
    return h(
      'div',
      {},
      heading,
      h('p', { role: 'alert', class: 'problem' }, `The dry run says this transaction would fail: ${preview.reason}`),
      h('p', {}, 'It cannot be approved. Reject it, and tell the site if you expected it to work.'),
      ...commands,
    );
  }
  if (preview.status === 'unavailable') {
    return h(
      'div',
      {},
      heading,
      h(
        'p',
        { role: 'alert', class: 'warning' },
        `The dry run could not be made, so what this transaction does is not known: ${preview.reason}`,
      ),
      h('p', {}, `Approve it only if you trust ${view.site}.`),
      ...commands,
    );
  }
  return h(
    'div',
    { 'data-dry-run': 'ok' },
    heading,
    ...commands,
    h('h4', {}, 'Your balance'),
    list(
      preview.changes.map((change) =>
        h(
          'li',
          {},
          h(
            'span',
            { class: change.amount.startsWith('-') ? 'amount out' : 'amount' },
            formatAmount(change.coinType, change.amount),
          ),
        ),
      ),
      'No change.',
    ),
    h('h4', {}, 'Objects leaving your account'),
    list(
      preview.objectsOut.map((object) => h('li', {}, ...spoken(objectWords(object)))),
      'None: every object of yours stays yours.',
    ),
    h('h4', {}, 'Sends to'),
    list(
      preview.recipients.map((recipient) =>
        h(
          'li',
          {},
          h('code', {}, recipient.address),
          ' ',
          h('span', { class: 'amount' }, formatAmount(recipient.coinType, recipient.amount)),
        ),
      ),
      'No coins go to another address.',
    ),
    h('h4', {}, 'Gas budget'),
    h('p', {}, `At most ${formatGas(preview.gasBudget)} (your balance change above includes the gas used).`),
  );
}

/**
 * Where each closing dialog (its host) gives focus back, until it is taken off the page: a
 * dialog opened meanwhile (the next request's, in the same task) takes it over, rather than
 * the closing dialog, which would be gone by the time it gives focus back.
 */
const focusToGiveBack = new WeakMap<Element, HTMLElement | null>();

export function openApprovalDialog(initial: ApprovalView, answer: (approved: boolean) => void): ApprovalDialog {
  const focusedHost = document.activeElement;
  const previous = focusedHost && focusToGiveBack.has(focusedHost) ? focusToGiveBack.get(focusedHost)! : deepActiveElement();
  const host = document.createElement('div');
  host.setAttribute('data-zklogin-wallet', 'approval');
  // The page's styles stop at the shadow root, except what the host inherits or is given: reset.
  host.style.setProperty('all', 'initial', 'important');
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(DIALOG_STYLES);
  root.adoptedStyleSheets = [sheet];

  const reject = h('button', { type: 'button', class: 'reject' }, 'Reject') as HTMLButtonElement;
  const approve = h('button', { type: 'button', class: 'approve' }, 'Approve') as HTMLButtonElement;
  const what = h('div', {});
  const dialog = h(
    'dialog',
    { 'aria-labelledby': 'approval-title', 'aria-describedby': 'approval-lead', tabindex: '-1' },
    h('h2', { id: 'approval-title' }, TITLES[initial.kind]),
    h('p', { id: 'approval-lead' }, question(initial)),
    h(
      'dl',
      {},
      h('div', {}, h('dt', {}, 'Wallet'), h('dd', {}, initial.walletName)),
      h('div', {}, h('dt', {}, 'Account'), h('dd', {}, h('code', {}, initial.address))),
      h('div', {}, h('dt', {}, 'Network'), h('dd', {}, initial.chain)),
      h('div', {}, h('dt', {}, 'Asked by'), h('dd', {}, initial.site)),
    ),
    what,
    h('div', { class: 'buttons' }, reject, approve),
  ) as HTMLDialogElement;
  root.append(dialog);

  let closing = false;
  let answered = false;
  /** What the visitor sees can be approved, as the machine says (ApprovalView.canApprove). */
  let approvable = false;
  /** When "Approve" is armed (performance.now()); later while the dialog has just changed. */
  let armedAt = Infinity;
  let arming: ReturnType<typeof setTimeout> | undefined;
  const armed = () => approvable && performance.now() >= armedAt;
  /** The visitor can see the page: it is shown and its window has focus. */
  const present = () => document.visibilityState === 'visible' && document.hasFocus();
  const disarm = () => {
    approve.disabled = true;
    armedAt = Infinity;
    clearTimeout(arming);
  };
  /** Disarmed now, armed ARM_DELAY_MS later if the machine would take it and the visitor can see it. */
  const arm = () => {
    disarm();
    if (!approvable || !present()) return;
    armedAt = performance.now() + ARM_DELAY_MS;
    arming = setTimeout(() => (approve.disabled = false), ARM_DELAY_MS);
  };
  const say = (approved: boolean) => {
    if (answered || closing) return;
    answered = true;
    answer(approved);
  };
  reject.addEventListener('click', (event) => event.isTrusted && say(false));
  approve.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    if (armed()) say(true);
    else if (approvable) arm();
  });
  // A press on "Approve" before it is armed (a disabled button gets no click, but it gets
  // this) starts the wait again. Only ever a delay, so it need not be the visitor's.
  approve.addEventListener('pointerdown', () => approvable && !armed() && arm());
  // Away (the window lost focus, or the page is hidden): disarmed, and armed again a moment
  // after the visitor is back, as the document itself says.
  const away = () => disarm();
  const back = () => (present() ? armedAt === Infinity && arm() : disarm());
  window.addEventListener('blur', away);
  window.addEventListener('focus', back);
  document.addEventListener('visibilitychange', back);
  dialog.addEventListener('keydown', (event) => {
    if (!event.isTrusted) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      say(false);
    } else if (event.key === 'Tab') {
      keepFocusInside(event);
    }
  });
  // The browser's own close request (Escape without a keydown we saw): never closes by itself.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    if (event.isTrusted) say(false);
  });
  // Closed by anything but us (a page script): the request cannot be seen, so it is not approved.
  dialog.addEventListener('close', () => closing || say(false));

  function keepFocusInside(event: KeyboardEvent) {
    const focusable = [...dialog.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([disabled])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return event.preventDefault();
    const active = root.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const update = (view: ApprovalView) => {
    what.replaceChildren(requestSection(view));
    approvable = view.canApprove;
    arm();
  };
  update(initial);
  document.body.append(host);
  dialog.showModal();
  dialog.focus();

  return {
    requestId: initial.requestId,
    update,
    close() {
      if (closing) return;
      closing = true;
      focusToGiveBack.set(host, previous);
      disarm();
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
      // Taken off the page in the next task, not in this one: closed at the visitor's
      // Approve, this task goes on to sign and answer, and leaving the top layer and giving
      // focus back (a style and layout pass of the page behind) would come first. Until
      // then it answers nothing more (closing). Focus goes back only if nothing took it
      // meanwhile (a dialog of the next request).
      setTimeout(() => {
        if (dialog.open) dialog.close();
        host.remove();
        const unclaimed = !document.activeElement || document.activeElement === document.body;
        if (unclaimed && previous?.isConnected) previous.focus();
      });
    },
  };
}
