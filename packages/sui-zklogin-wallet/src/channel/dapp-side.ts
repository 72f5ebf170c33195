/**
 * The dApp's side of the channel (docs/hosted-wallet.md): each request opens the wallet's
 * window at the wallet's origin, is posted there once the window says it is ready, with a
 * MessagePort for its answer, and is settled by the window's answer on that port, the window
 * closing, or the browser blocking it.
 *
 * Written by hand, not over @mysten/window-wallet-core: that channel carries the request in
 * the window's URL (so the window cannot check who sent it), has no getSession request, and
 * does not check which window a message came from (docs/hosted-wallet.md says why in full).
 */
import {
  ANSWER_CAP_BYTES,
  readMessage,
  REQUEST_CAP_BYTES,
  requestMessage,
  ToDapp,
  ToWallet,
  type ReceivedMessage,
  type WalletWindowRequest,
  withdrawnMessage,
} from './messages.ts';
import { originFragment } from './window-fragment.ts';

/** The catalogue's words for a request the visitor refused: closing the window is a refusal. */
export const REJECTED = 'The visitor rejected the request.';
/** Ours: `window.open` gave nothing (a pop-up blocker, or no click to open it from). */
export const WINDOW_BLOCKED = "The browser blocked the wallet's window. Allow pop-ups for this site, or ask again from a click.";
/** Ours: a request the wallet's window would not take (over the channel's cap, or of no shape it knows). */
export const REQUEST_REFUSED = 'This request is too large or malformed for the wallet, so it was not sent.';
/**
 * Ours: the window closed before it ever said it was ready: the visitor closed it at once, or
 * this page's window policy cut it off as it opened (COOP `same-origin`).
 */
export const WINDOW_CUT_OFF =
  "The wallet's window closed before it could be asked: the visitor closed it, or this page's Cross-Origin-Opener-Policy cut it off (it must be unset or same-origin-allow-popups).";
/**
 * Ours: the window closed, or reloaded, after the visitor approved and before it answered: the
 * request is not asked again (a transaction would run twice), and the site should look first.
 */
export const APPROVED_NOT_ANSWERED =
  "The wallet's window closed after the visitor approved, before it answered: the request may have been carried out. Check before asking again.";
/**
 * Ours: this page went (reloaded, navigated, closed) before the wallet answered: its request is
 * withdrawn, so the visitor is never left approving a request nobody waits for. Heard only by a
 * page that comes back from the back/forward cache.
 */
export const PAGE_LEFT = 'This page left before the wallet answered, so its request was withdrawn.';
/** Ours: one window at a time, as the embedded wallet takes one request at a time. */
export const WALLET_BUSY = 'The wallet is already asking the visitor about another request: answer it first.';

/** The wallet's refusal, as the dApp hears it: why, and whether the site is no longer connected there. */
export class WalletRefusal extends Error {
  readonly disconnected: boolean;
  constructor(message: string, disconnected = false) {
    super(message);
    this.name = 'WalletRefusal';
    this.disconnected = disconnected;
  }
}

/** How often the client looks whether the window is still open. */
export const CLOSED_POLL_MS = 250;

/** The wallet's window as the dApp's page holds it. */
export interface WalletWindowRef {
  readonly closed: boolean;
  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void;
  close(): void;
}

/** What the client needs of the page: its origin, opening a window, messages, and a timer. */
export interface DappHost {
  origin: string;
  open(url: string): WalletWindowRef | null;
  listen(onMessage: (message: ReceivedMessage) => void): () => void;
  every(ms: number, run: () => void): () => void;
  /** Calls `run` when this page goes (a reload, a navigation, its tab closed); returns what stops it. */
  onLeave(run: () => void): () => void;
  /**
   * The browser blocked the window: asks the visitor, on the page, to continue in the wallet.
   * `open` is called in their click (a gesture the browser lets open a window); null: they declined.
   */
  promptToContinue(open: () => WalletWindowRef | null): Promise<WalletWindowRef | null>;
}

export function browserDappHost(): DappHost {
  return {
    origin: window.location.origin,
    // A popup (not a tab), and never `noopener`: the window answers its opener.
    open: (url) => window.open(url, '_blank', 'popup,width=440,height=680'),
    listen: (onMessage) => {
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
    every: (ms, run) => {
      const timer = setInterval(run, ms);
      return () => clearInterval(timer);
    },
    onLeave: (run) => {
      window.addEventListener('pagehide', run);
      return () => window.removeEventListener('pagehide', run);
    },
    promptToContinue,
  };
}

/**
 * A one-click prompt on the dApp's page, in a shadow root of its own so the page's styles
 * cannot hide it: "Continue in the wallet" opens the window in the visitor's click. A modal
 * `<dialog>`: the browser's top layer puts it above whatever the page shows there already
 * (a wallet picker is itself a modal dialog, which leaves the rest of the page inert, a
 * prompt below it included). Escape is Cancel.
 */
function promptToContinue(open: () => WalletWindowRef | null): Promise<WalletWindowRef | null> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    host.dataset.zkloginWallet = 'blocked-window';
    host.style.setProperty('all', 'initial', 'important');
    const root = host.attachShadow({ mode: 'open' });
    const dialog = document.createElement('dialog');
    dialog.setAttribute('role', 'alertdialog');
    dialog.setAttribute('aria-label', 'The wallet’s window was blocked');
    dialog.setAttribute('aria-describedby', 'why');
    // Styled through the DOM, which a page's Content-Security-Policy allows, where it may refuse a <style>.
    dialog.style.cssText =
      'max-width:min(22rem,calc(100% - 2rem));padding:1rem;background:#fff;color:#0f172a;border:1px solid #94a3b8;border-radius:10px;box-shadow:0 8px 24px #0f172a33;font:15px/1.4 system-ui,sans-serif';
    try {
      const backdrop = new CSSStyleSheet();
      backdrop.replaceSync('dialog::backdrop{background:#0f172a66}');
      root.adoptedStyleSheets = [backdrop];
    } catch {
      // An older browser keeps its own backdrop.
    }
    const text = document.createElement('p');
    text.id = 'why';
    text.style.margin = '0 0 .75rem';
    text.textContent = 'The browser blocked the wallet’s window. Continue there to answer this request.';
    let answered = false;
    const answer = (onAnswer: () => void) => {
      if (answered) return;
      answered = true;
      dialog.close();
      host.remove();
      onAnswer();
    };
    const button = (label: string, onPress: () => void) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.textContent = label;
      element.style.cssText = 'margin-left:.5rem;padding:.4rem .8rem;font:inherit;border-radius:6px;cursor:pointer';
      element.addEventListener('click', (event) => event.isTrusted && answer(onPress));
      return element;
    };
    const proceed = button('Continue in the wallet', () => resolve(open()));
    proceed.style.cssText += ';background:#0f172a;color:#fff;border:1px solid #0f172a';
    proceed.autofocus = true;
    const actions = document.createElement('div');
    actions.style.textAlign = 'right';
    actions.append(
      button('Cancel', () => resolve(null)),
      proceed,
    );
    dialog.append(text, actions);
    // Escape, or the page closing it: as Cancel.
    dialog.addEventListener('close', () => answer(() => resolve(null)));
    root.append(dialog);
    document.body.append(host);
    try {
      dialog.showModal();
    } catch {
      // A browser that cannot show it as a modal (or a document no longer shown): not a request left waiting.
      answer(() => resolve(null));
    }
  });
}

/** The wallet's window page for `walletUrl` (the wallet's origin, or its base URL), told which origin opens it. */
export function walletWindowUrl(walletUrl: string, dappOrigin: string): string {
  const base = walletUrl.endsWith('/') ? walletUrl : `${walletUrl}/`;
  const url = new URL('wallet.html', base);
  url.hash = originFragment(dappOrigin);
  return url.href;
}

/** The wallet's answer to a request: its value, and when the session it was served in ends (if the window said). */
export interface WindowAnswered {
  value: unknown;
  sessionEnds?: number | undefined;
}

/** The channel to the wallet at `walletUrl`: `ask` carries one request, and only one at a time. */
export function createWalletChannel(walletUrl: string, host: DappHost = browserDappHost()) {
  const walletOrigin = new URL(walletUrl).origin;
  let busy = false;

  /** Opens the window at once (call it in the visitor's click), and settles with the window's answer. */
  const ask = async (request: WalletWindowRequest): Promise<WindowAnswered> => {
    if (busy) throw new Error(WALLET_BUSY);
    const requestId = crypto.randomUUID();
    // Checked as the window will check it: one it would drop must not leave the dApp waiting.
    const outgoing = requestMessage(requestId, request);
    if (!readMessage(ToWallet, outgoing, REQUEST_CAP_BYTES)) throw new Error(REQUEST_REFUSED);
    const url = walletWindowUrl(walletUrl, host.origin);
    busy = true;
    // Blocked (no click to open it from, or a pop-up blocker): one click on the page opens it.
    // Opened in this task (the visitor's click allows it now), and whatever goes wrong before
    // the window is there leaves the client free for the next request.
    let popup: WalletWindowRef | null;
    try {
      popup = host.open(url) ?? (await host.promptToContinue(() => host.open(url)));
    } catch {
      popup = null;
    }
    if (!popup) {
      busy = false;
      throw new Error(WINDOW_BLOCKED);
    }
    return new Promise((resolve, reject) => {
      let closedReads = 0;
      let ready = false;
      /** The visitor approved in the window: the request is never sent again, to a reloaded window. */
      let approved = false;
      /** This page's end of the port the request took to the window: its answer comes on it. */
      let answers: MessagePort | null = null;
      const finish = () => {
        busy = false;
        stopListening();
        stopWatching();
        stopLeaving();
        answers?.close();
      };
      /** Settled once: the dApp has its answer first (closing a window takes the page a millisecond or so). */
      const end = (settleWith: () => void) => {
        finish();
        settleWith();
        setTimeout(() => popup.close());
      };
      const settle = (data: unknown) => {
        const message = readMessage(ToDapp, data, ANSWER_CAP_BYTES);
        if (!message || message.type === 'ready' || message.requestId !== requestId) return;
        if (message.type === 'approved') return void (approved = true);
        const { answer } = message;
        end(() =>
          answer.ok
            ? resolve({ value: answer.value, sessionEnds: answer.sessionEnds })
            : reject(new WalletRefusal(answer.error, answer.disconnected === true)),
        );
      };
      const stopListening = host.listen(({ origin, source, data }) => {
        // Only the wallet's own window, at the wallet's origin, is heard.
        if (origin !== walletOrigin || source !== popup) return;
        if (readMessage(ToDapp, data, ANSWER_CAP_BYTES)?.type !== 'ready') return;
        // Ready again after the visitor approved (the window reloaded): not asked twice.
        if (approved) return end(() => reject(new WalletRefusal(APPROVED_NOT_ANSWERED)));
        ready = true;
        // The answer comes back on a port of its own, sent with the request to the wallet's
        // exact origin: only that window can answer on it, and its message is delivered at
        // once, where a window's message waits for the window's next task (its repaint, as
        // the dialog closes, goes first).
        answers?.close();
        const { port1, port2 } = new MessageChannel();
        answers = port1;
        port1.onmessage = (event) => settle(event.data);
        popup.postMessage(outgoing, walletOrigin, [port2]);
      });
      // The page going withdraws its request: a window left asking would ask the visitor about a
      // request whose answer nobody hears (a reloaded page asks afresh, in a window of its own).
      // Asked already, the window is told, and goes by itself (its going then no refusal of the
      // visitor's), or finishes what the visitor approved and says how it ended; not yet asked,
      // it is closed.
      const stopLeaving = host.onLeave(() => {
        if (answers) answers.postMessage(withdrawnMessage(requestId));
        else popup.close();
        finish();
        reject(new WalletRefusal(approved ? APPROVED_NOT_ANSWERED : PAGE_LEFT));
      });
      // Closed on two reads in a row: an answer posted just before a close has had a poll's
      // time to arrive, so it is never taken for a refusal.
      const stopWatching = host.every(CLOSED_POLL_MS, () => {
        closedReads = popup.closed ? closedReads + 1 : 0;
        if (closedReads < 2) return;
        finish();
        reject(new WalletRefusal(approved ? APPROVED_NOT_ANSWERED : ready ? REJECTED : WINDOW_CUT_OFF));
      });
    });
  };

  return { walletOrigin, ask };
}
