/**
 * The sign-in window of popup mode, as the machine's `popupWindow` actor. Hand-written:
 * no kept library opens a window and hands an OAuth fragment back across it, and Enoki's
 * own (which polls the window's `location.hash`) breaks once the provider's page is
 * another origin's.
 *
 * Started by the click's own transition, so `window.open` runs in the click's task and
 * blockers allow it. It then
 * - says `popup.opened` with a fresh flow id, or `popup.blocked` when the browser refused;
 * - goes where the machine says (`popup.navigate`, the provider's URL) and comes forward
 *   on `popup.focus` (a second click);
 * - hands back the window's answer for its own flow only (`popup.callback`): from the
 *   window itself by `postMessage` with this exact origin, or on the flow's
 *   BroadcastChannel, whichever comes first;
 * - says `popup.closed`, once, when the window has read as closed at two checks in a row.
 *   A window also reads as closed when a page's Cross-Origin-Opener-Policy cut it off from
 *   this one: the provider's, or this app's own on the page the window comes back to (its
 *   policy differs from the provider page's before it, so the browser severs the link
 *   there, before the window has handed its answer on). The machine then goes on listening
 *   on the flow's channel with `popupAnswer`, below, and a dApp's connect waits for it;
 * - closes a window that is still open when it is stopped (the sign-in went another way).
 * Whoever takes the answer posts a receipt on the flow's channel: the window then says it
 * went back to this page, and otherwise that nobody took it.
 */
import { fromCallback, type EventObject } from 'xstate';
import { Secret } from '../core/secret.ts';
import type { PopupCommand, SignInEvent } from '../core/sign-in.types.ts';
import { handoffChannelName, readHandoff, receipt } from './popup-handoff.ts';

const WIDTH = 500;
const HEIGHT = 640;
/** How often the window is checked for having been closed. */
export const CLOSED_POLL_MS = 250;

/** Centred over this window, as providers' own sign-in windows are. */
function features() {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - HEIGHT) / 2));
  return `popup=yes,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`;
}

/** The blank window says what is coming while the provider's address is made (a few hundred ms). */
function showOpening(popup: Window) {
  try {
    popup.document.title = 'Sign in';
    popup.document.body.style.font = '16px system-ui, sans-serif';
    popup.document.body.style.padding = '2rem';
    popup.document.body.textContent = 'Opening the sign-in page…';
  } catch {
    // Not ours to write to (a browser that gave it another origin): it stays blank.
  }
}

/** Listens on the flow's channel for its well-formed answers. Returns the channel's close. */
function listenOnChannel(flowId: string, take: (fragment: string) => void): () => void {
  const channel = new BroadcastChannel(handoffChannelName(flowId));
  channel.onmessage = (event) => {
    const handoff = readHandoff(event.data, flowId);
    if (handoff) take(handoff.fragment);
  };
  return () => channel.close();
}

/**
 * Takes the flow's answer once, whichever way it comes: tells the window it arrived (a
 * receipt on the flow's channel, which the window listens on), then the machine.
 */
function answerOnce(flowId: string, sendBack: (event: SignInEvent) => void) {
  let answered = false;
  return (fragment: string) => {
    if (answered) return;
    answered = true;
    const channel = new BroadcastChannel(handoffChannelName(flowId));
    channel.postMessage(receipt(flowId));
    channel.close();
    sendBack({ type: 'popup.callback', fragment: new Secret(fragment) });
  };
}

/**
 * The flow of a window that reads as closed, still listened for: the provider's page may
 * only have cut the window off, and the visitor may finish there. Stopped by the machine
 * when the flow is answered, replaced, ended by a sign-out elsewhere, or expired.
 */
export const popupAnswer = fromCallback<EventObject, { flowId: string }, SignInEvent>(({ sendBack, input }) =>
  listenOnChannel(input.flowId, answerOnce(input.flowId, sendBack)),
);

export const popupWindow = fromCallback<PopupCommand, void, SignInEvent>(({ sendBack, receive }) => {
  const popup = window.open('about:blank', '_blank', features());
  if (!popup) {
    sendBack({ type: 'popup.blocked' });
    return;
  }
  showOpening(popup);
  const flowId = crypto.randomUUID();
  const deliver = answerOnce(flowId, sendBack);
  // Once answered, the window closing is no news.
  let answered = false;
  const take = (fragment: string) => {
    answered = true;
    deliver(fragment);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== popup) return;
    const handoff = readHandoff(event.data, flowId);
    if (handoff) take(handoff.fragment);
  };
  window.addEventListener('message', onMessage);
  const closeChannel = listenOnChannel(flowId, take);
  let seenClosed = false;
  const poll = setInterval(() => {
    if (answered || !popup.closed) return;
    if (!seenClosed) {
      seenClosed = true;
      return;
    }
    clearInterval(poll);
    sendBack({ type: 'popup.closed' });
  }, CLOSED_POLL_MS);

  receive((command) => {
    if (command.type === 'popup.navigate') popup.location.replace(command.url);
    else popup.focus();
  });
  sendBack({ type: 'popup.opened', flowId });

  return () => {
    clearInterval(poll);
    window.removeEventListener('message', onMessage);
    closeChannel();
    if (!popup.closed) popup.close();
  };
});
