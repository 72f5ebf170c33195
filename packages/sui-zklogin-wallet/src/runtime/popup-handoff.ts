/**
 * How the sign-in window (popup mode) hands the provider's answer to the tab that opened
 * it: one message, on the opener's `postMessage` with the exact origin and on a
 * BroadcastChannel named by the flow (it still arrives when the provider's page has
 * severed `window.opener`). Both sides are this app's own origin. The flow id travels as
 * the authorization request's `state`, which the provider hands back in the fragment.
 *
 * The tab that takes the answer says so on the same channel (`receipt`), so that the
 * window tells the visitor what really happened: handed back, or taken by nobody.
 */
import { popupState } from '../core/popup.ts';

export const HANDOFF_TYPE = 'zklogin-sign-in-window';
const STATE_PREFIX = popupState('');

export interface Handoff {
  type: typeof HANDOFF_TYPE;
  flowId: string;
  /** The provider's fragment, with its token. */
  fragment: string;
}

/** What the tab that took a flow's answer posts back on the flow's channel. */
const RECEIPT_TYPE = 'zklogin-sign-in-window-received';
export const receipt = (flowId: string) => ({ type: RECEIPT_TYPE, flowId });
export const isReceipt = (data: unknown, flowId: string) => {
  const message = data as { type?: unknown; flowId?: unknown } | null;
  return message?.type === RECEIPT_TYPE && message.flowId === flowId;
};

/** The channel of one flow: only the tab that opened that window listens on it. */
export const handoffChannelName = (flowId: string) => `${HANDOFF_TYPE}.${flowId}`;

/** The flow a callback fragment belongs to, when it is a sign-in window's; else null. */
export function popupFlowOf(fragment: string): string | null {
  const state = new URLSearchParams(fragment.replace(/^#/, '')).get('state');
  if (!state?.startsWith(STATE_PREFIX)) return null;
  const flowId = state.slice(STATE_PREFIX.length);
  return /^[\w-]{8,64}$/.test(flowId) ? flowId : null;
}

/** A well-formed hand-off for `flowId`, or null (anything else on the channel is ignored). */
export function readHandoff(data: unknown, flowId: string): Handoff | null {
  const handoff = data as Partial<Handoff> | null;
  if (!handoff || handoff.type !== HANDOFF_TYPE || handoff.flowId !== flowId) return null;
  return typeof handoff.fragment === 'string' ? (handoff as Handoff) : null;
}
