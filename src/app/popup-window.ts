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
 * - says `popup.closed`, once, within half a second of the visitor closing the window:
 *   a window seen closed gets one more check for its answer, because the window posts it
 *   and closes itself at once, and the answer's task may run after the check's;
 * - closes a window that is still open when it is stopped (the sign-in went another way).
 */
import { fromCallback } from 'xstate';
import { Secret } from '../../machines/secret.ts';
import type { PopupCommand, SignInEvent } from '../../machines/sign-in.types.ts';
import { handoffChannelName, readHandoff } from './popup-handoff.ts';

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

export const popupWindow = fromCallback<PopupCommand, void, SignInEvent>(({ sendBack, receive }) => {
  const popup = window.open('about:blank', '_blank', features());
  if (!popup) {
    sendBack({ type: 'popup.blocked' });
    return;
  }
  showOpening(popup);
  const flowId = crypto.randomUUID();
  let answered = false;
  const take = (data: unknown) => {
    const handoff = readHandoff(data, flowId);
    if (!handoff || answered) return;
    answered = true;
    sendBack({ type: 'popup.callback', fragment: new Secret(handoff.fragment) });
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== popup) return;
    take(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = new BroadcastChannel(handoffChannelName(flowId));
  channel.onmessage = (event) => take(event.data);
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
    channel.close();
    if (!popup.closed) popup.close();
  };
});
