/**
 * The wallet window's side of the channel (docs/hosted-wallet.md). The window is opened by a
 * dApp's page, which names its origin in the window's fragment. The window says it is ready
 * to that origin alone (a false claim sends the word nowhere: the browser drops it), takes
 * the first request that comes from that origin and from the window that opened it, with the
 * one port its answer goes back on, and answers it once, on that port.
 */
import {
  ANSWER_CAP_BYTES,
  answerMessage,
  approvedMessage,
  readMessage,
  readyMessage,
  REQUEST_CAP_BYTES,
  ToDapp,
  ToWallet,
  OnRequestPort,
  type ReceivedMessage,
  type WalletWindowAnswer,
  type WalletWindowRequest,
} from './messages.ts';
import { claimedOrigin } from './window-fragment.ts';

/** Ours: the window was opened some other way than by a dApp's page (typed in, or a link). */
export const NOT_OPENED_BY_A_DAPP = 'This window answers a dApp that opened it; it was not opened by one.';
/**
 * Ours: a request from the page that opened this window, with its port, that the window cannot
 * read: over the cap, or of a form this wallet does not know (the site's client may be of
 * another version than the wallet).
 */
export const REQUEST_UNREADABLE =
  "The wallet could not read this site's request (too large, or of a form it does not know: the site's wallet client may be of another version), so nothing was done.";
/** Ours: an answer the channel would refuse to carry. */
export const ANSWER_TOO_LARGE = "The wallet's answer is too large (or not plain data) to send back to the site.";

/** The dApp's word on the request's port is short: a withdrawal and its request id. */
const WITHDRAWN_CAP_BYTES = 1024;

/** The page that opened this window, as the window holds it. */
export interface OpenerRef {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the window side needs of its page. */
export interface WalletHost {
  /** This window's fragment, `#origin=…`. */
  hash: string;
  opener: OpenerRef | null;
  listen(onMessage: (message: ReceivedMessage) => void): () => void;
}

export function browserWalletHost(): WalletHost {
  return {
    hash: window.location.hash,
    opener: window.opener,
    listen: (onMessage) => {
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
  };
}

export interface DappRequest {
  /** The dApp's origin, as the browser vouched for it on its message. */
  origin: string;
  request: WalletWindowRequest;
  /**
   * Tells the dApp the visitor approved (before the answer, which may take a while): should
   * the window then close or reload, the dApp knows the request may have been carried out,
   * and asks nothing again. Once; nothing after the answer.
   */
  approved(): void;
  /** Answers the dApp, once: a second answer is ignored. */
  answer(answer: WalletWindowAnswer): void;
  /**
   * Calls `listener` (once) when the dApp's page withdraws the request (it is going, and hears
   * no answer), at once if it already has; never once the request is answered.
   */
  onWithdrawn(listener: () => void): void;
}

/**
 * A request from the page that opened this window, on its own port, that the window cannot
 * read: its sender hears so at once (when its request id can be read, so that the answer is
 * tied to it), rather than wait until the visitor closes a window that shows nothing to answer.
 */
function refuseUnread(data: unknown, answers: MessagePort) {
  const requestId = typeof data === 'object' && data !== null ? (data as { requestId?: unknown }).requestId : undefined;
  if (typeof requestId !== 'string') return;
  const refusal = answerMessage(requestId, { ok: false, error: REQUEST_UNREADABLE });
  if (readMessage(ToDapp, refusal, ANSWER_CAP_BYTES)) answers.postMessage(refusal);
}

/**
 * The dApp's request, once it arrives. Throws NOT_OPENED_BY_A_DAPP when this window has no
 * opener or its fragment names no origin.
 */
export function receiveDappRequest(host: WalletHost = browserWalletHost()): Promise<DappRequest> {
  const origin = claimedOrigin(host.hash);
  const opener = host.opener;
  if (!origin || !opener) throw new Error(NOT_OPENED_BY_A_DAPP);
  return new Promise((resolve) => {
    const stop = host.listen((message) => {
      if (message.origin !== origin || message.source !== opener) return;
      // The request brings the port of its answer, and nothing else.
      const [answers, ...more] = message.ports;
      if (!answers || more.length > 0) return;
      const received = readMessage(ToWallet, message.data, REQUEST_CAP_BYTES);
      if (!received) return refuseUnread(message.data, answers);
      stop();
      let answered = false;
      let approved = false;
      // A withdrawal may come before anyone listens for it (the window restores its session
      // first): it is kept, and told to the listener when it comes. None after the answer.
      let withdrawn = false;
      let onWithdrawn = () => {};
      answers.onmessage = (event) => {
        if (answered || readMessage(OnRequestPort, event.data, WITHDRAWN_CAP_BYTES)?.requestId !== received.requestId) return;
        answers.onmessage = null;
        withdrawn = true;
        onWithdrawn();
      };
      resolve({
        origin,
        request: received.request,
        approved: () => {
          if (answered || approved) return;
          approved = true;
          answers.postMessage(approvedMessage(received.requestId));
        },
        answer: (answer) => {
          if (answered) return;
          // An answer the channel cannot carry (too large, or not plain data) goes as an error: the dApp always hears.
          const sent = answerMessage(received.requestId, answer);
          const carried = readMessage(ToDapp, sent, ANSWER_CAP_BYTES)
            ? sent
            : answerMessage(received.requestId, { ok: false, error: ANSWER_TOO_LARGE });
          answers.postMessage(carried);
          answered = true;
          answers.onmessage = null;
        },
        onWithdrawn: (listener) => {
          onWithdrawn = listener;
          if (withdrawn) listener();
        },
      });
    });
    opener.postMessage(readyMessage(), origin);
  });
}
