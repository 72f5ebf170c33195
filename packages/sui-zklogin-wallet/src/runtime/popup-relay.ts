/**
 * When this page is a sign-in window coming back from the provider (popup mode; the
 * fragment's `state` names the flow), `relaySignInWindow` hands the fragment to the tab
 * that opened it, and nothing else starts here: nothing is read, stored or asked for in
 * the window. The token leaves this window's URL at once. The app calls it first of all
 * (src/popup-relay.ts); the embedded wallet, when a page registers it.
 *
 * The window closes once that tab says it took the answer (its receipt, on the flow's
 * channel). Until then, and if it never does (the tab was closed or reloaded, or started
 * another sign-in), the window says so in plain words: it never claims a hand-off that
 * did not happen.
 */
import { HANDOFF_TYPE, handoffChannelName, isReceipt, popupFlowOf, type Handoff } from './popup-handoff.ts';

/** How long the window waits for the tab's receipt before saying nobody took the answer. */
export const RECEIPT_WAIT_MS = 3_000;
/**
 * How often the answer is said again on the flow's channel until the tab's receipt. A tab
 * can be between two listeners of the flow at the moment the first one is posted: its window
 * read as closed (the provider's page cut it off), so it closes the window's listener and
 * opens the flow's second (runtime/popup-window.ts), and a message posted to a channel
 * that closes before the message is delivered is lost. The tab takes the answer once.
 */
export const RESEND_MS = 250;

/** What the window says: heading and sentence, for each moment of the hand-off. */
const WINDOW_WORDS = {
  handing: ['Signing you in…', 'Handing the sign-in back to the page that opened this window.'],
  received: ['You can close this window', 'The sign-in went back to the page that opened this window.'],
  unanswered: [
    'The sign-in did not reach the page',
    'The page that opened this window is no longer waiting for this sign-in (it was closed or reloaded, or started another). Close this window and sign in again from the page.',
  ],
} as const;

/** Shows what the window is doing, in place of the app. */
function show(words: readonly [string, string]) {
  document.title = 'Sign in · Sui zkLogin';
  const main = document.createElement('main');
  main.className = 'card';
  const heading = document.createElement('h1');
  heading.textContent = words[0];
  const text = document.createElement('p');
  text.textContent = words[1];
  main.append(heading, text);
  // The app's root, or (a dApp's page, which has its own) the whole body: this window is the sign-in's.
  (document.getElementById('root') ?? document.body).replaceChildren(main);
}

/** Hands the provider's answer to the tab that opened this window, and says what became of it. */
export function handOff(flowId: string, fragment: string) {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  show(WINDOW_WORDS.handing);
  const handoff: Handoff = { type: HANDOFF_TYPE, flowId, fragment };
  // The opening tab, when the provider's page left the link to it: this origin only.
  try {
    if (window.opener && !window.opener.closed) window.opener.postMessage(handoff, window.location.origin);
  } catch {
    // The opener went elsewhere: the channel still reaches the tab if it is open.
  }
  // And the flow's own channel: it reaches the tab even when the provider severed `opener`.
  const channel = new BroadcastChannel(handoffChannelName(flowId));
  const post = () => channel.postMessage(handoff);
  const again = setInterval(post, RESEND_MS);
  const unanswered = setTimeout(() => {
    clearInterval(again);
    channel.close();
    show(WINDOW_WORDS.unanswered);
  }, RECEIPT_WAIT_MS);
  channel.onmessage = (event) => {
    if (!isReceipt(event.data, flowId)) return;
    clearInterval(again);
    clearTimeout(unanswered);
    channel.close();
    // A window the page opened closes; one the browser will not let close says so.
    window.close();
    show(WINDOW_WORDS.received);
  };
  post();
}

/**
 * Hands the provider's answer on when this page is a sign-in window coming back (a popup
 * build's pages, the hosted wallet's window and an embedded wallet's page open them: only a
 * popup flow's `state` names a flow). True when it was one: nothing else may start here.
 */
export function relaySignInWindow(): boolean {
  const flowId = popupFlowOf(window.location.hash);
  if (flowId) handOff(flowId, window.location.hash);
  return flowId !== null;
}
