/**
 * The sign-in window's actor with a stand-in window: its answer, and its closing, as the
 * machine hears them. The window posts its answer and closes itself at once, so the
 * opener may see it closed before the answer's task has run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { HANDOFF_TYPE, handoffChannelName, isReceipt } from './popup-handoff.ts';
import { CLOSED_POLL_MS, popupAnswer, popupWindow } from './popup-window.ts';

interface StandInWindow {
  closed: boolean;
  document: { title: string; body: { style: Record<string, string>; textContent: string } };
  location: { replace: (url: string) => void };
  focus: () => void;
  close: () => void;
}

let popup: StandInWindow;

beforeEach(() => {
  vi.useFakeTimers();
  popup = {
    closed: false,
    document: { title: '', body: { style: {}, textContent: '' } },
    location: { replace: () => {} },
    focus: () => {},
    close: () => void (popup.closed = true),
  };
  const page = new EventTarget();
  vi.stubGlobal(
    'window',
    Object.assign(page, {
      open: () => popup,
      location: { origin: 'https://app.test' },
      screenX: 0,
      screenY: 0,
      outerWidth: 1280,
      outerHeight: 800,
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The actor under a parent that records what it is told. */
function start() {
  const heard: AnyEventObject[] = [];
  const parent = setup({ actors: { popupWindow } }).createMachine({
    invoke: { src: 'popupWindow', id: 'popupWindow' },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  const actor = createActor(parent).start();
  const flowId = String(heard.find((event) => event.type === 'popup.opened')?.flowId);
  return { heard, flowId, stop: () => actor.stop() };
}

const types = (events: AnyEventObject[]) => events.map((event) => event.type);

describe('the sign-in window', () => {
  it('an answer that arrives just after the window was seen closed is taken, and no closing is said', async () => {
    const { heard, flowId, stop } = start();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(CLOSED_POLL_MS);
    // The window's message, queued before it closed, runs after that check.
    window.dispatchEvent(
      Object.assign(new Event('message'), {
        origin: 'https://app.test',
        source: popup,
        data: { type: HANDOFF_TYPE, flowId, fragment: '#id_token=t' },
      }),
    );
    await vi.advanceTimersByTimeAsync(CLOSED_POLL_MS * 4);
    expect(types(heard)).toEqual(['popup.opened', 'popup.callback']);
    stop();
  });

  it('a window closed without an answer is said once, within two checks', async () => {
    const { heard, stop } = start();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(CLOSED_POLL_MS * 2);
    expect(types(heard)).toEqual(['popup.opened', 'popup.closed']);
    await vi.advanceTimersByTimeAsync(CLOSED_POLL_MS * 8);
    expect(types(heard)).toEqual(['popup.opened', 'popup.closed']);
    stop();
  });

  it('the answer on the flow’s channel counts as well as the message', async () => {
    const { heard, flowId, stop } = start();
    const channel = new BroadcastChannel(handoffChannelName(flowId));
    channel.postMessage({ type: HANDOFF_TYPE, flowId, fragment: '#id_token=t' });
    channel.close();
    popup.closed = true;
    await vi.waitFor(() => expect(types(heard)).toContain('popup.callback'));
    await vi.advanceTimersByTimeAsync(CLOSED_POLL_MS * 4);
    expect(types(heard)).toEqual(['popup.opened', 'popup.callback']);
    stop();
  });
});

/** What the flow's channel carries from now on (the receipts a window would read). */
function channelLog(flowId: string) {
  const seen: unknown[] = [];
  const channel = new BroadcastChannel(handoffChannelName(flowId));
  channel.onmessage = (event) => void seen.push(event.data);
  return { seen, close: () => channel.close() };
}

const answer = (flowId: string) => ({ type: HANDOFF_TYPE, flowId, fragment: '#id_token=t' });

describe('the receipt the window waits for', () => {
  it('is posted on the flow’s channel when the page takes the answer', async () => {
    const { heard, flowId, stop } = start();
    const log = channelLog(flowId);
    const sender = new BroadcastChannel(handoffChannelName(flowId));
    sender.postMessage(answer(flowId));
    await vi.waitFor(() => expect(log.seen.some((data) => isReceipt(data, flowId))).toBe(true));
    expect(types(heard)).toEqual(['popup.opened', 'popup.callback']);
    sender.close();
    log.close();
    stop();
  });
});

describe("a lost window's flow, still listened for (popupAnswer)", () => {
  function listen(flowId: string) {
    const heard: AnyEventObject[] = [];
    const parent = setup({ actors: { popupAnswer } }).createMachine({
      invoke: { src: 'popupAnswer', id: 'popupAnswer', input: { flowId } },
      on: { '*': { actions: ({ event }) => void heard.push(event) } },
    });
    const actor = createActor(parent).start();
    return { heard, stop: () => actor.stop() };
  }

  it("takes its flow's answer once, posts the receipt, and ignores another flow's", async () => {
    const { heard, stop } = listen('flow-0001');
    const log = channelLog('flow-0001');
    const other = new BroadcastChannel(handoffChannelName('flow-0002'));
    other.postMessage(answer('flow-0002'));
    const own = new BroadcastChannel(handoffChannelName('flow-0001'));
    own.postMessage({ ...answer('flow-0001'), flowId: 'flow-0002' });
    own.postMessage(answer('flow-0001'));
    own.postMessage(answer('flow-0001'));
    // A channel's message reaches its listeners in the order they were made: once the log
    // (made after the actor's channel) has the second answer, the actor has had it too.
    await vi.waitFor(() => expect(log.seen.filter((data) => !isReceipt(data, 'flow-0001'))).toHaveLength(3));
    expect(types(heard)).toEqual(['popup.callback']);
    expect(log.seen.filter((data) => isReceipt(data, 'flow-0001'))).toHaveLength(1);
    for (const channel of [other, own]) channel.close();
    log.close();
    stop();
  });

  it('hears nothing once stopped (the flow was replaced, ended or expired)', async () => {
    vi.useRealTimers();
    const { heard, stop } = listen('flow-0003');
    const log = channelLog('flow-0003');
    stop();
    const own = new BroadcastChannel(handoffChannelName('flow-0003'));
    own.postMessage(answer('flow-0003'));
    // A channel's message reaches its listeners in the order they were made: once the log
    // (made after the actor's channel) has the answer, a channel still open would have had
    // it, and posted its receipt. A message posted after that reaches the log after the receipt.
    await vi.waitFor(() => expect(log.seen).toContainEqual(answer('flow-0003')));
    own.postMessage('after');
    await vi.waitFor(() => expect(log.seen).toContain('after'));
    expect(heard).toEqual([]);
    expect(log.seen.filter((data) => isReceipt(data, 'flow-0003'))).toEqual([]);
    own.close();
    log.close();
  });
});
