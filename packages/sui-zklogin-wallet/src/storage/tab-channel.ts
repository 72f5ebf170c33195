/**
 * Tells the other tabs of this app that the visitor signed out, so that each shows what
 * storage now allows. BroadcastChannel reaches same-origin tabs only; where it does not
 * exist (tests in Node), nothing is sent.
 */
export interface TabChannel {
  announceSignOut(): void;
  /** Calls `listener` when another tab signs out; returns what stops it. */
  onSignOut(listener: () => void): () => void;
}

const SIGNED_OUT = 'signed-out';

export function createTabChannel(name: string): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { announceSignOut: () => {}, onSignOut: () => () => {} };
  const channel = new BroadcastChannel(name);
  return {
    announceSignOut: () => channel.postMessage(SIGNED_OUT),
    onSignOut: (listener) => {
      const onMessage = (event: MessageEvent) => event.data === SIGNED_OUT && listener();
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}
