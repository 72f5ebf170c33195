/**
 * What the benchmark injects into every document of the wallet section's pages (the
 * example dApp's page, the hosted wallet's window it opens, and the sign-in's windows),
 * both modes alike: marks taken in the page itself, on the browser's clock as
 * bench/probe.ts's (so a request made on the dApp's page and a dialog shown in the
 * wallet's window are timed on one clock), each with the path of the document it came from.
 *
 * - On dapp.html, the dApp's side of the Wallet Standard as a page script (its window
 *   protocol only, as e2e/wallet-protocol.ts's): `__benchAsk` makes one request of a
 *   wallet, marked `request` just before the wallet's method is called and `answer` as soon
 *   as its promise resolves; a hosted wallet's answer is marked `answer-message` when its
 *   message reaches the page (on the client's MessagePort).
 * - Wherever the wallet's approval dialog opens (in its shadow root): `approval-shown` at
 *   the DOM change that opened it (a modal <dialog>, open, with the request in it, before
 *   its first paint, as every mark of the bench is taken), `approve-enabled` when its
 *   Approve button is enabled (ARM_DELAY_MS later), and `click:Approve` when a click
 *   reaches that button.
 */
import type { ProbeMark } from './probe.ts';

export interface WalletMark extends ProbeMark {
  /** The path of the document that took it: /dapp.html, /wallet.html. */
  page: string;
}

export type WalletAsk = 'connect' | 'silent-connect' | 'signPersonalMessage';
export type WalletAnswer = { ok: true; accounts: number } | { ok: false; error: string };

/** The message the dApp asks to sign. */
export const BENCH_MESSAGE = 'Hello from the example dApp';

/** Runs in the page (serialised by Playwright's addInitScript). */
export function installWalletProbe() {
  const report = (window as unknown as { __benchReport: (mark: WalletMark) => void }).__benchReport;
  const mark = (name: string) => {
    const now = performance.now();
    report({ name, at: performance.timeOrigin + now, sinceNavigation: now, page: location.pathname });
  };

  // The dialog lives in an open shadow root, which the document's observer does not see into.
  const shown = new WeakSet<Element>();
  const enabled = new WeakSet<Element>();
  const observed = new WeakSet<ShadowRoot>();
  const check = () => {
    for (const host of document.querySelectorAll('[data-zklogin-wallet="approval"]')) {
      const root = host.shadowRoot;
      if (!root) continue;
      if (!observed.has(root)) {
        observed.add(root);
        new MutationObserver(check).observe(root, { subtree: true, childList: true, attributes: true });
      }
      const dialog = root.querySelector('dialog');
      if (!dialog?.open) continue;
      if (!shown.has(dialog)) {
        shown.add(dialog);
        mark('approval-shown');
      }
      const approve = [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Approve');
      if (approve && !approve.disabled && !enabled.has(dialog)) {
        enabled.add(dialog);
        mark('approve-enabled');
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    'click',
    (event) => {
      const target = event.composedPath()[0];
      const button = target instanceof Element ? target.closest('button') : null;
      if (button?.textContent?.trim() === 'Approve') mark('click:Approve');
    },
    true,
  );

  if (!location.pathname.endsWith('/dapp.html')) return;
  type Method = (input: unknown) => Promise<unknown>;
  type Wallet = { name: string; accounts: readonly unknown[]; features: Record<string, Record<string, Method>> };
  const wallets: Wallet[] = [];
  const api = {
    register: (...added: Wallet[]) => {
      wallets.push(...added);
      return () => {};
    },
  };
  window.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent).detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  // The hosted wallet's answer, as it reaches this page (before the client reads it): it comes
  // on the port the client sent with its request, whose handler the client sets.
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(this: MessagePort, handler: ((event: MessageEvent) => void) | null) {
      onmessage.set!.call(
        this,
        handler &&
          ((event: MessageEvent) => {
            const data = event.data as { source?: unknown; type?: unknown } | null;
            if (data?.source === 'sui-zklogin-wallet' && data.type === 'answer') mark('answer-message');
            handler.call(this, event);
          }),
      );
    },
  });
  const globals = window as unknown as {
    __benchAccounts: (name: string) => number | null;
    __benchAsk: (name: string, ask: string, message: string) => Promise<unknown>;
  };
  /** How many accounts the wallet named `name` has on this page; null before it is registered. */
  globals.__benchAccounts = (name) => wallets.find((wallet) => wallet.name === name)?.accounts.length ?? null;
  globals.__benchAsk = async (name, ask, message) => {
    const wallet = wallets.find((candidate) => candidate.name === name);
    if (!wallet) return { ok: false, error: `no wallet named ${name}` };
    const connect = wallet.features['standard:connect']!.connect!;
    try {
      if (ask === 'silent-connect') {
        await connect({ silent: true });
      } else if (ask === 'connect') {
        mark('request');
        await connect({ silent: false });
        mark('answer');
      } else {
        const input = { account: wallet.accounts[0], message: new TextEncoder().encode(message) };
        const sign = wallet.features['sui:signPersonalMessage']!.signPersonalMessage!;
        mark('request');
        const signed = (await sign(input)) as { signature?: unknown };
        mark('answer');
        if (typeof signed.signature !== 'string' || signed.signature === '') return { ok: false, error: 'no signature' };
      }
      return { ok: true, accounts: wallet.accounts.length };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
