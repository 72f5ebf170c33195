/**
 * Imported first by main.tsx: when this page is a sign-in window coming back from the
 * provider (popup mode; the fragment's `state` names the flow), it hands the fragment to
 * the tab that opened it and closes, and the app does not start here at all: nothing is
 * read, stored or asked for in the window. The token leaves this window's URL at once.
 */
import { HANDOFF_TYPE, handoffChannelName, popupFlowOf, type Handoff } from './app/popup-handoff.ts';

function handOff(flowId: string, fragment: string) {
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  const handoff: Handoff = { type: HANDOFF_TYPE, flowId, fragment };
  // The opening tab, when the provider's page left the link to it: this origin only.
  try {
    if (window.opener && !window.opener.closed) window.opener.postMessage(handoff, window.location.origin);
  } catch {
    // The opener went elsewhere: the channel still reaches the tab if it is open.
  }
  // And the flow's own channel: it reaches the tab even when the provider severed `opener`.
  const channel = new BroadcastChannel(handoffChannelName(flowId));
  channel.postMessage(handoff);
  channel.close();
  window.close();
}

// Only a popup build opens sign-in windows, so only its pages can be one coming back.
const flowId = __POPUP_MODE__ ? popupFlowOf(window.location.hash) : null;
/** Whether this page is a sign-in window that has handed its answer on (the app must not start). */
export const isSignInWindow = flowId !== null;
if (flowId) handOff(flowId, window.location.hash);
