// @vitest-environment jsdom
/**
 * The sign-in window's side of the hand-off: it says it is handing the sign-in back, then
 * closes (or says it went back) once the page that opened it posts its receipt, and says the
 * sign-in did not reach the page when no receipt comes. It never claims a hand-off that did
 * not happen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANDOFF_TYPE, handoffChannelName, readHandoff, receipt } from './popup-handoff.ts';
import { handOff, RECEIPT_WAIT_MS, RESEND_MS } from './popup-relay.ts';

const FLOW = 'flow-1234abcd';
const FRAGMENT = `#id_token=t&state=zklogin-popup.${FLOW}`;
const heading = () => document.querySelector('h1')?.textContent;

/** The opening page's end of the flow's channel: answers each hand-off with `reply`. */
function openingPage(reply: (flowId: string) => unknown) {
  const channel = new BroadcastChannel(handoffChannelName(FLOW));
  const taken: unknown[] = [];
  channel.onmessage = (event) => {
    const handoff = readHandoff(event.data, FLOW);
    if (!handoff) return;
    taken.push(handoff);
    channel.postMessage(reply(handoff.flowId));
  };
  return { taken, close: () => channel.close() };
}

let close: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  close = vi.fn<() => void>();
  vi.spyOn(window, 'close').mockImplementation(close);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the sign-in window hands its answer on', () => {
  it('says it is handing the sign-in back, then closes once the page posts its receipt', async () => {
    const page = openingPage((flowId) => receipt(flowId));
    handOff(FLOW, FRAGMENT);
    expect(heading()).toBe('Signing you in…');
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(page.taken).toEqual([{ type: HANDOFF_TYPE, flowId: FLOW, fragment: FRAGMENT }]);
    // Where the browser does not let it close, it says where the sign-in went.
    expect(heading()).toBe('You can close this window');
    expect(document.body.textContent).toContain('The sign-in went back to the page that opened this window.');
    page.close();
  });

  it('says the sign-in did not reach the page when no receipt comes, and never that it did', async () => {
    // A page that hears the answer but answers with another flow's receipt counts as none.
    const page = openingPage(() => receipt('flow-another'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    handOff(FLOW, FRAGMENT);
    // (vi.waitFor would move the faked clock: the channel's message is awaited task by task.)
    for (let task = 0; task < 200 && page.taken.length === 0; task++) await new Promise((resolve) => setImmediate(resolve));
    expect(page.taken).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECEIPT_WAIT_MS - 1);
    expect(heading()).toBe('Signing you in…');
    await vi.advanceTimersByTimeAsync(1);
    expect(heading()).toBe('The sign-in did not reach the page');
    expect(document.body.textContent).toContain('Close this window and sign in again from the page.');
    expect(document.body.textContent).not.toContain('went back');
    expect(close).not.toHaveBeenCalled();
    page.close();
  });

  it('reaches a page that was between its two listeners when the answer was first posted: it is said again until the receipt', async () => {
    // The page's first listener (the window's) closes before the first post is delivered to
    // it: the window read as closed just then. Its second (the flow's) opens a moment later.
    const first = new BroadcastChannel(handoffChannelName(FLOW));
    const missed: unknown[] = [];
    first.onmessage = (event) => missed.push(event.data);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    handOff(FLOW, FRAGMENT);
    first.close();
    await vi.advanceTimersByTimeAsync(RESEND_MS / 5);
    const page = openingPage((flowId) => receipt(flowId));
    // The answer said again: the page's receipt comes back task by task (the channel's own).
    await vi.advanceTimersByTimeAsync(RESEND_MS);
    for (let task = 0; task < 200 && close.mock.calls.length === 0; task++) await new Promise((resolve) => setImmediate(resolve));
    expect(close).toHaveBeenCalledOnce();
    expect(missed).toEqual([]);
    expect(page.taken[0]).toEqual({ type: HANDOFF_TYPE, flowId: FLOW, fragment: FRAGMENT });
    expect(heading()).toBe('You can close this window');
    page.close();
  });
});
