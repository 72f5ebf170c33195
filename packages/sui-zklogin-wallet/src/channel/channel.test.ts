import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_CAP_BYTES,
  answerMessage,
  readyMessage,
  REQUEST_CAP_BYTES,
  type ReceivedMessage,
  type WalletWindowRequest,
} from './messages.ts';
import {
  APPROVED_NOT_ANSWERED,
  createWalletChannel,
  PAGE_LEFT,
  REJECTED,
  REQUEST_REFUSED,
  WALLET_BUSY,
  WINDOW_BLOCKED,
  WINDOW_CUT_OFF,
  walletWindowUrl,
  type DappHost,
} from './dapp-side.ts';
import {
  ANSWER_TOO_LARGE,
  NOT_OPENED_BY_A_DAPP,
  receiveDappRequest,
  REQUEST_UNREADABLE,
  type WalletHost,
} from './wallet-side.ts';
import { claimedOrigin } from './window-fragment.ts';

const DAPP = 'https://dapp.example';
const WALLET = 'https://wallet.example';
const ACCOUNT = `0x${'ab'.repeat(32)}`;
const CONNECT: WalletWindowRequest = { kind: 'connect', provider: 'google', chain: 'sui:testnet' };
const SIGN: WalletWindowRequest = {
  kind: 'signPersonalMessage',
  provider: 'google',
  address: ACCOUNT,
  chain: 'sui:testnet',
  message: 'aGk=',
};

/**
 * A browser in miniature: the dApp's page and the wallet's window, each hearing messages
 * posted to its own origin (as postMessage's targetOrigin works), with the sender's origin
 * and window as the browser gives them, and the ports posted with them (real MessagePorts).
 */
function browser({ blocked = false, fromPrompt = false } = {}) {
  const prompts: string[] = [];
  const dappListeners = new Set<(message: ReceivedMessage) => void>();
  const walletListeners = new Set<(message: ReceivedMessage) => void>();
  const timers = new Set<() => void>();
  const leaving = new Set<() => void>();
  const posted: { to: 'dapp' | 'wallet'; targetOrigin: string; data: unknown; ports: MessagePort[] }[] = [];
  const deliver = (listeners: Set<(message: ReceivedMessage) => void>, message: ReceivedMessage) =>
    [...listeners].forEach((listener) => listener(message));

  const dappWindow = {
    postMessage: (data: unknown, targetOrigin: string) => {
      posted.push({ to: 'dapp', targetOrigin, data, ports: [] });
      if (targetOrigin === DAPP) deliver(dappListeners, { origin: WALLET, source: popup, data, ports: [] });
    },
  };
  const popup = {
    closed: false,
    urls: [] as string[],
    postMessage: (data: unknown, targetOrigin: string, transfer: Transferable[]) => {
      const ports = transfer.filter((item) => item instanceof MessagePort);
      posted.push({ to: 'wallet', targetOrigin, data, ports });
      if (targetOrigin === WALLET) deliver(walletListeners, { origin: DAPP, source: dappWindow, data, ports });
    },
    close: () => void (popup.closed = true),
  };
  const dappHost: DappHost = {
    origin: DAPP,
    open: (url) => {
      if (blocked) return null;
      popup.urls.push(url);
      return popup;
    },
    // The visitor's answer to the page's prompt: continue (the window opens in their click), or not.
    promptToContinue: async (open) => {
      prompts.push('asked');
      if (!fromPrompt) return null;
      blocked = false;
      return open();
    },
    listen: (on) => (dappListeners.add(on), () => dappListeners.delete(on)),
    every: (_ms, run) => (timers.add(run), () => timers.delete(run)),
    onLeave: (run) => (leaving.add(run), () => leaving.delete(run)),
  };
  const walletHost = (
    hash = `#${new URLSearchParams({ origin: DAPP })}`,
    opener: WalletHost['opener'] = dappWindow,
  ): WalletHost => ({
    hash,
    opener,
    listen: (on) => (walletListeners.add(on), () => walletListeners.delete(on)),
  });
  return {
    dappHost,
    walletHost,
    popup,
    dappWindow,
    posted,
    /** A message reaching the dApp's page from anyone. */
    toDapp: (message: ReceivedMessage) => deliver(dappListeners, message),
    /** A message reaching the wallet's window from anyone. */
    toWallet: (message: ReceivedMessage) => deliver(walletListeners, message),
    tick: () => [...timers].forEach((run) => run()),
    /** The dApp's page goes (a reload, a navigation, its tab closed). */
    leave: () => [...leaving].forEach((run) => run()),
    leaveListeners: () => leaving.size,
    prompts,
    listening: () => dappListeners.size + walletListeners.size,
  };
}

/**
 * Every message a port's `onmessage` handler gets from now on (both sides set theirs), as it
 * gets it: a test waits on what it can see crossing, never on a guess of how long it takes.
 */
function watchPortMessages() {
  const seen: unknown[] = [];
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      onmessage.set!.call(
        this,
        handler &&
          ((event: MessageEvent) => {
            seen.push(event.data);
            handler.call(this, event);
          }),
      );
    },
  });
  return { seen, restore: () => Object.defineProperty(MessagePort.prototype, 'onmessage', onmessage) };
}

describe('the hosted wallet channel', () => {
  it('carries a request to the exact origin of the window and its answer back on the port it brought, and closes the window', async () => {
    const page = browser();
    const channel = createWalletChannel(`${WALLET}/`, page.dappHost);
    const asked = channel.ask(SIGN);
    expect(page.popup.urls).toEqual([walletWindowUrl(`${WALLET}/`, DAPP)]);
    expect(page.popup.urls[0]).toBe(`${WALLET}/wallet.html#origin=https%3A%2F%2Fdapp.example`);

    const arrived = await receiveDappRequest(page.walletHost());
    expect(arrived.origin).toBe(DAPP);
    expect(arrived.request).toEqual(SIGN);
    arrived.answer({ ok: true, value: { bytes: 'b', signature: 's' }, sessionEnds: 5_000 });
    // With when the session it was served in ends, for the client's remembered account.
    await expect(asked).resolves.toEqual({ value: { bytes: 'b', signature: 's' }, sessionEnds: 5_000 });
    await vi.waitFor(() => expect(page.popup.closed).toBe(true));
    // Nothing went between the windows but the ready word and the request, each to the other's
    // exact origin; the request took one port, and no one listens any more.
    expect(page.posted.map(({ to, targetOrigin, ports }) => [to, targetOrigin, ports.length])).toEqual([
      ['dapp', DAPP, 0],
      ['wallet', WALLET, 1],
    ]);
    expect(page.listening()).toBe(0);
  });

  it("the dApp's page ignores an answer but on its port, and on the port one with another request id or of another shape", async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(CONNECT);
    const settled = vi.fn();
    asked.then(settled, settled);
    const arrived = await receiveDappRequest(page.walletHost());
    const sent = page.posted.find(({ to }) => to === 'wallet')!;
    const answer = answerMessage((sent.data as { requestId: string }).requestId, { ok: true, value: 'forged' });

    // Between the windows, even from the wallet's own window at its origin: an answer is not heard there.
    page.toDapp({ origin: 'https://evil.example', source: page.popup, data: answer, ports: [] });
    page.toDapp({ origin: WALLET, source: {}, data: answer, ports: [] });
    page.toDapp({ origin: WALLET, source: page.popup, data: answer, ports: [] });
    // On the port: another request's id, another channel's tag.
    const [port] = sent.ports;
    port!.postMessage(answerMessage(crypto.randomUUID(), { ok: true, value: 'stale' }));
    port!.postMessage({ ...answer, source: 'another-channel' });

    arrived.answer({ ok: false, error: 'The visitor rejected the request.' });
    await expect(asked).rejects.toThrow('The visitor rejected the request.');
    // A port delivers in order: the forged answers on it came first, and none of them, nor those
    // between the windows, settled the request.
    expect(settled).toHaveBeenCalledOnce();
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ message: 'The visitor rejected the request.' }));
  });

  it('a window that says it is ready again (reloaded) gets the request again on a new port; the old port is no longer heard', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    const before = await receiveDappRequest(page.walletHost());
    // The window reloads: its new page says it is ready, and the request comes again.
    const after = await receiveDappRequest(page.walletHost());
    const requests = page.posted.filter(({ to }) => to === 'wallet');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.data).toEqual(requests[0]!.data);
    expect(requests[1]!.ports[0]).not.toBe(requests[0]!.ports[0]);
    expect(after.request).toEqual(before.request);

    before.answer({ ok: true, value: 'from the page before the reload' });
    after.answer({ ok: true, value: 'from the reloaded page' });
    await expect(asked).resolves.toEqual({ value: 'from the reloaded page' });
  });

  it("the window takes no request of another origin, of another window, malformed, or over the cap; the opener's unreadable one hears so on its port", async () => {
    const page = browser();
    const received = vi.fn();
    void receiveDappRequest(page.walletHost()).then(received);
    const good = { source: 'sui-zklogin-wallet', version: 1, type: 'request', requestId: crypto.randomUUID(), request: CONNECT };

    // Each message's port, and what came back on it.
    const heard: unknown[][] = [];
    const port = () => {
      const { port1, port2 } = new MessageChannel();
      const answers: unknown[] = [];
      heard.push(answers);
      port1.onmessage = (event) => answers.push(event.data);
      return [port2];
    };
    const from = { origin: DAPP, source: page.dappWindow };
    page.toWallet({ ...from, origin: 'https://evil.example', data: good, ports: port() });
    page.toWallet({ ...from, source: {}, data: good, ports: port() });
    page.toWallet({ ...from, data: { ...good, requestId: 'not-a-uuid' }, ports: port() });
    page.toWallet({ ...from, data: { ...good, request: { kind: 'exportKey' } }, ports: port() });
    page.toWallet({ ...from, data: { ...good, extra: true }, ports: port() });
    const huge = { ...SIGN, message: 'x'.repeat(REQUEST_CAP_BYTES) };
    page.toWallet({ ...from, data: { ...good, request: huge }, ports: port() });
    // A message to sign that is not base64: there is nothing to show the visitor.
    page.toWallet({ ...from, data: { ...good, request: { ...SIGN, message: '!!!' } }, ports: port() });
    // No port to answer on, or more than the one.
    page.toWallet({ ...from, data: good, ports: [] });
    page.toWallet({ ...from, data: good, ports: [...port(), ...port()] });
    // From the page that opened the window, on one port, with a request id it can tie an
    // answer to (a client of another version): it hears at once that nothing was done.
    // Anyone else, or without such an id, hears nothing.
    const refused = (id: string) => [answerMessage(id, { ok: false, error: REQUEST_UNREADABLE })];
    await vi.waitFor(() =>
      expect(heard).toEqual([
        [],
        [],
        [],
        refused(good.requestId),
        refused(good.requestId),
        refused(good.requestId),
        refused(good.requestId),
        [],
        [],
      ]),
    );
    // Those refusals crossed their ports after the window read each message: none was taken.
    expect(received).not.toHaveBeenCalled();

    page.toWallet({ ...from, data: good, ports: port() });
    await vi.waitFor(() => expect(received).toHaveBeenCalledOnce());
  });

  it('answers once, and an answer over the cap is sent as an error instead', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    const arrived = await receiveDappRequest(page.walletHost());
    const port = page.posted.find(({ to }) => to === 'wallet')!.ports[0]!;
    const onPort = vi.spyOn(port, 'postMessage');
    arrived.answer({ ok: true, value: 'x'.repeat(ANSWER_CAP_BYTES) });
    arrived.answer({ ok: true, value: 'second' });
    await expect(asked).rejects.toThrow(ANSWER_TOO_LARGE);
    expect(onPort).toHaveBeenCalledOnce();
  });

  it('carries the answer of the largest transaction Sui executes: 128 KiB of bytes and 512 KiB of effects, in base64', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask({
      kind: 'signAndExecuteTransaction',
      provider: 'google',
      address: ACCOUNT,
      chain: SIGN.chain,
      transaction: '{}',
    });
    const arrived = await receiveDappRequest(page.walletHost());
    const base64 = (bytes: number) => btoa('\xff'.repeat(bytes));
    const executed = {
      bytes: base64(128 * 1024),
      signature: base64(4 * 1024),
      digest: 'D'.repeat(44),
      effects: base64(512 * 1024),
    };
    arrived.answer({ ok: true, value: executed });
    await expect(asked).resolves.toEqual({ value: executed });
  });

  it('a window the visitor closes rejects the request, but only once it reads closed twice in a row', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    const settled = vi.fn();
    asked.then(settled, settled);
    void receiveDappRequest(page.walletHost());
    // Open for the request: its answer listener and close watch are in place.
    await vi.waitFor(() => expect(page.listening()).toBeGreaterThan(0));
    page.popup.closed = true;
    page.tick();
    // Every task queued by then has run (a macrotask later): one closed read settles nothing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).not.toHaveBeenCalled();
    page.tick();
    await expect(asked).rejects.toThrow(REJECTED);
    expect(page.listening()).toBe(0);
  });

  describe('once the visitor approved (the window says so before it answers)', () => {
    /** How many messages the dApp's ends of its ports have received (each, by then, handled by the client too). */
    function countingPorts() {
      const received = { count: 0 };
      class CountingChannel extends MessageChannel {
        constructor() {
          super();
          this.port1.addEventListener('message', () => void received.count++);
        }
      }
      vi.stubGlobal('MessageChannel', CountingChannel);
      return received;
    }
    afterEach(() => void vi.unstubAllGlobals());

    /** A request the window has said is approved, once the dApp's page has heard so. */
    async function approvedRequest() {
      const received = countingPorts();
      const page = browser();
      const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
      (await receiveDappRequest(page.walletHost())).approved();
      await vi.waitFor(() => expect(received.count).toBe(1));
      return { page, asked };
    }

    it('a window closed before the answer is not a refusal: the site hears the request may have been carried out', async () => {
      const { page, asked } = await approvedRequest();
      page.popup.closed = true;
      page.tick();
      page.tick();
      await expect(asked).rejects.toThrow(APPROVED_NOT_ANSWERED);
    });

    it('a window ready again (reloaded) is not asked again: the site hears the request may have been carried out, and the window closes', async () => {
      const { page, asked } = await approvedRequest();
      page.toDapp({ origin: WALLET, source: page.popup, data: readyMessage(), ports: [] });
      await expect(asked).rejects.toThrow(APPROVED_NOT_ANSWERED);
      expect(page.posted.filter(({ to }) => to === 'wallet')).toHaveLength(1);
      await vi.waitFor(() => expect(page.popup.closed).toBe(true));
    });

    it("the answer that follows is the request's answer; approved is said once, and never after the answer", async () => {
      const page = browser();
      const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
      const arrived = await receiveDappRequest(page.walletHost());
      const port = page.posted.find(({ to }) => to === 'wallet')!.ports[0]!;
      const onPort = vi.spyOn(port, 'postMessage');
      arrived.approved();
      arrived.approved();
      arrived.answer({ ok: true, value: 'signed' });
      arrived.approved();
      await expect(asked).resolves.toEqual({ value: 'signed' });
      expect(onPort.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual(['approved', 'answer']);
    });
  });

  it('a window that closes before it ever said it was ready says it may have been cut off by the page', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    page.popup.closed = true;
    page.tick();
    page.tick();
    await expect(asked).rejects.toThrow(WINDOW_CUT_OFF);
  });

  it("the dApp's page going withdraws its request: the window asking is told on its port, one not yet asked is closed", async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    const arrived = await receiveDappRequest(page.walletHost());
    const withdrawn = vi.fn();
    arrived.onWithdrawn(withdrawn);
    page.leave();
    await expect(asked).rejects.toThrow(PAGE_LEFT);
    // The window goes by itself (its going is then no refusal of the visitor's).
    await vi.waitFor(() => expect(withdrawn).toHaveBeenCalledOnce());
    expect(page.popup.closed).toBe(false);
    expect([page.listening(), page.leaveListeners()]).toEqual([0, 0]);

    // Withdrawn before the window listens for it (it restores its session first): told as it listens.
    const latePorts = watchPortMessages();
    try {
      const late = browser();
      const lateAsk = createWalletChannel(WALLET, late.dappHost).ask(SIGN);
      const lateArrived = await receiveDappRequest(late.walletHost());
      late.leave();
      await expect(lateAsk).rejects.toThrow(PAGE_LEFT);
      await vi.waitFor(() => expect(latePorts.seen).toContainEqual(expect.objectContaining({ type: 'withdrawn' })));
      const toldLate = vi.fn();
      lateArrived.onWithdrawn(toldLate);
      expect(toldLate).toHaveBeenCalledOnce();
    } finally {
      latePorts.restore();
    }

    // Not yet asked (the window has not said it is ready): nothing to tell, the window is closed.
    const early = browser();
    const earlyAsk = createWalletChannel(WALLET, early.dappHost).ask(SIGN);
    early.leave();
    expect(early.popup.closed).toBe(true);
    await expect(earlyAsk).rejects.toThrow(PAGE_LEFT);

    // Approved already: it may have been carried out, as when the window closes then.
    const ports = watchPortMessages();
    try {
      const approvedPage = browser();
      const approvedAsk = createWalletChannel(WALLET, approvedPage.dappHost).ask(SIGN);
      (await receiveDappRequest(approvedPage.walletHost())).approved();
      await vi.waitFor(() => expect(ports.seen).toContainEqual(expect.objectContaining({ type: 'approved' })));
      approvedPage.leave();
      await expect(approvedAsk).rejects.toThrow(APPROVED_NOT_ANSWERED);
    } finally {
      ports.restore();
    }

    // Answered, nothing is left to withdraw when the page goes.
    const answeredPage = browser();
    const answered = createWalletChannel(WALLET, answeredPage.dappHost).ask(SIGN);
    (await receiveDappRequest(answeredPage.walletHost())).answer({ ok: true, value: 'v' });
    await answered;
    expect(answeredPage.leaveListeners()).toBe(0);
  });

  it('a blocked window: the page offers to continue in the wallet; declined, the request is refused saying so', async () => {
    const declined = browser({ blocked: true });
    await expect(createWalletChannel(WALLET, declined.dappHost).ask(SIGN)).rejects.toThrow(WINDOW_BLOCKED);
    expect(declined.prompts).toEqual(['asked']);
    expect(declined.listening()).toBe(0);

    // Continued from the prompt: the window opens in that click, and the request goes on.
    const continued = browser({ blocked: true, fromPrompt: true });
    const asked = createWalletChannel(WALLET, continued.dappHost).ask(SIGN);
    await expect.poll(() => continued.popup.urls.length).toBe(1);
    (await receiveDappRequest(continued.walletHost())).answer({ ok: true, value: 'signed' });
    await expect(asked).resolves.toEqual({ value: 'signed' });
  });

  it('a prompt the page could not show refuses the request as blocked, and leaves the channel free', async () => {
    const page = browser({ blocked: true });
    const channel = createWalletChannel(WALLET, {
      ...page.dappHost,
      promptToContinue: async () => Promise.reject(new Error('InvalidStateError')),
    });
    await expect(channel.ask(SIGN)).rejects.toThrow(WINDOW_BLOCKED);
    // Not left busy: the next request is not refused as busy (it asks the page again).
    await expect(channel.ask(SIGN)).rejects.toThrow(WINDOW_BLOCKED);
    expect(page.listening()).toBe(0);
  });

  it('a second request while a window is open is refused as busy; answered, the channel is free again', async () => {
    const page = browser();
    const channel = createWalletChannel(WALLET, page.dappHost);
    const first = channel.ask(SIGN);
    await expect(channel.ask(CONNECT)).rejects.toThrow(WALLET_BUSY);
    expect(page.popup.urls).toHaveLength(1);
    (await receiveDappRequest(page.walletHost())).answer({ ok: true, value: null });
    await expect(first).resolves.toEqual({ value: null });
    void channel.ask(CONNECT);
    expect(page.popup.urls).toHaveLength(2);
  });

  it('a window not opened by a dApp, or naming no plain origin, takes no request', () => {
    const page = browser();
    expect(() => receiveDappRequest(page.walletHost('#origin=https%3A%2F%2Fdapp.example', null))).toThrow(NOT_OPENED_BY_A_DAPP);
    expect(() => receiveDappRequest(page.walletHost(''))).toThrow(NOT_OPENED_BY_A_DAPP);
    expect(claimedOrigin('#origin=https%3A%2F%2Fdapp.example')).toBe(DAPP);
    for (const claim of ['https://dapp.example/path', 'javascript:alert(1)', 'null', '*', 'https://dapp.example/']) {
      expect(claimedOrigin(`#${new URLSearchParams({ origin: claim })}`), claim).toBeNull();
    }
  });

  it('a request the window would drop (over the cap, or malformed) is refused before any window opens', async () => {
    const page = browser();
    const channel = createWalletChannel(WALLET, page.dappHost);
    await expect(channel.ask({ ...SIGN, message: 'x'.repeat(REQUEST_CAP_BYTES) })).rejects.toThrow(REQUEST_REFUSED);
    await expect(channel.ask({ ...SIGN, chain: 'sui:Testnet' })).rejects.toThrow(REQUEST_REFUSED);
    expect(page.popup.urls).toEqual([]);
    // Not left busy: the next request opens its window.
    void channel.ask(SIGN);
    expect(page.popup.urls).toHaveLength(1);
  });

  it('an answer that is not plain data goes as an error, so the dApp still hears', async () => {
    const page = browser();
    const asked = createWalletChannel(WALLET, page.dappHost).ask(SIGN);
    const arrived = await receiveDappRequest(page.walletHost());
    arrived.answer({ ok: true, value: { amount: 1n } });
    await expect(asked).rejects.toThrow(ANSWER_TOO_LARGE);
  });

  it('the ready word carries nothing but the tag', () => {
    expect(readyMessage()).toEqual({ source: 'sui-zklogin-wallet', version: 1, type: 'ready' });
  });
});
