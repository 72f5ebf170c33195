/**
 * The app at /wallet.html (docs/hosted-wallet.md), loaded lazily by the boot: when a dApp's
 * page opened this window, its request is served (wallet-window.ts) under a notice that
 * says who asks and what happens; the wallet's dialog asks the visitor. Opened any other
 * way, the page is the wallet's own: the account, and the sites connected to it.
 */
import {
  browserWalletHost,
  NOT_OPENED_BY_A_DAPP,
  receiveDappRequest,
  type DappRequest,
} from '../../packages/sui-zklogin-wallet/src/channel/wallet-side.ts';
import { availableProviders, type WalletConfig } from '../../packages/sui-zklogin-wallet/src/config.ts';
import type { SignInActorRef } from '../../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import { registerWalletsOver } from '../../packages/sui-zklogin-wallet/src/wallet/register.ts';
import { PROVIDER_LABELS } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import { connectedSites } from './connected-sites.ts';
import { serveDappRequest, type RequestNotice } from './wallet-window.ts';

/** The notice above the page: one status line, read out as it changes, and a choice when the window offers one. */
function requestNotice(): RequestNotice {
  // A landmark of its own, above the app's: what the site asks is the first thing read.
  const box = document.createElement('aside');
  box.className = 'notice dapp-request';
  box.setAttribute('aria-label', 'The site’s request');
  const line = document.createElement('p');
  line.setAttribute('role', 'status');
  line.dataset.dappRequest = '';
  const choices = document.createElement('div');
  choices.className = 'dapp-request-choices';
  // The buttons that stay while the line changes.
  const standing = document.createElement('div');
  standing.className = 'dapp-request-choices';
  box.append(line, choices, standing);
  document.body.prepend(box);
  const say = (text: string) => {
    choices.replaceChildren();
    line.textContent = text;
  };
  const button = (label: string, onPress: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.className = label === 'Refuse' ? 'secondary' : 'primary';
    element.textContent = label;
    // Only the visitor's own press answers: a script's click() is not one.
    element.addEventListener('click', (event) => event.isTrusted && onPress());
    return element;
  };
  return {
    say,
    offer: (text, yes, no) =>
      new Promise((resolve) => {
        say(text);
        choices.append(
          button(no, () => resolve(false)),
          button(yes, () => resolve(true)),
        );
      }),
    standing: (label) => {
      let press = () => {};
      const pressed = new Promise<void>((resolve) => (press = resolve));
      const element = button(label, () => press());
      standing.append(element);
      return { pressed, remove: () => element.remove() };
    },
  };
}

/**
 * The wallet's own page: the sites connected to its account in this session, each with
 * Disconnect (it takes effect at the site's next request). Connections of an earlier session
 * (since signed out, or ended) are no longer listed, and nothing is once signed out: the next
 * person at this browser does not see the last one's sites and address.
 */
export function walletPageSites(actor: SignInActorRef): HTMLElement {
  const section = document.createElement('section');
  section.className = 'card connected-sites';
  section.setAttribute('aria-labelledby', 'connected-sites-title');
  const title = document.createElement('h2');
  title.id = 'connected-sites-title';
  title.className = 'card-title';
  title.textContent = 'Sites connected to your wallet';
  const list = document.createElement('ul');
  section.append(title, list);
  const sites = connectedSites();
  const render = () => {
    const { address, expiresAt } = actor.getSnapshot().context;
    // This session's, or a later one's: a renewal in another window of the wallet moves the
    // sites' end before this page's machine hears of it.
    const connected = sites.ofSession(address, expiresAt);
    if (connected.length === 0) {
      const none = document.createElement('li');
      none.textContent = 'No site is connected.';
      return list.replaceChildren(none);
    }
    list.replaceChildren(
      ...connected.map((site) => {
        const item = document.createElement('li');
        const name = document.createElement('span');
        name.textContent = `${site.origin} (${PROVIDER_LABELS[site.provider]}, ${site.address.slice(0, 10)}…)`;
        const disconnect = document.createElement('button');
        disconnect.type = 'button';
        disconnect.className = 'secondary small';
        disconnect.textContent = 'Disconnect';
        disconnect.setAttribute('aria-label', `Disconnect ${site.origin}`);
        disconnect.addEventListener('click', () => {
          sites.disconnect(site.origin);
          render();
        });
        item.append(name, ' ', disconnect);
        return item;
      }),
    );
  };
  render();
  // A site connected or disconnected in another window of the wallet.
  window.addEventListener('storage', render);
  // Signed in, out, or renewed here: drawn once every listener of this change has run (a
  // renewal's sites are carried over to the new session by one of them), whatever their order.
  let shown = { address: actor.getSnapshot().context.address, ends: actor.getSnapshot().context.expiresAt };
  actor.subscribe(({ context: { address, expiresAt } }) => {
    if (address === shown.address && expiresAt === shown.ends) return;
    shown = { address, ends: expiresAt };
    queueMicrotask(render);
  });
  return section;
}

/** A renewal ("Stay signed in") seen here keeps the sites connected in the session it replaces. */
function carryConnectionsOverRenewals(actor: SignInActorRef): void {
  let last = { address: actor.getSnapshot().context.address, ends: actor.getSnapshot().context.expiresAt };
  actor.subscribe(({ context: { address, expiresAt } }) => {
    if (address && address === last.address && expiresAt && last.ends && expiresAt !== last.ends) {
      connectedSites().renewed(address, last.ends, expiresAt);
    }
    last = { address, ends: expiresAt };
  });
}

/**
 * The request of the dApp that opened this window, asked for at once (the window says it is
 * ready): the boot calls this as soon as this code is here, before the session is restored,
 * so that the request travels meanwhile. Null when no dApp opened the window.
 * `openedWith`: the fragment the page was opened with, as the boot read it before the
 * machine took the address bar.
 */
export function listenForDapp(openedWith: string): { request: Promise<DappRequest> } | null {
  try {
    return { request: receiveDappRequest({ ...browserWalletHost(), hash: openedWith }) };
  } catch (error) {
    if (error instanceof Error && error.message === NOT_OPENED_BY_A_DAPP) return null;
    throw error;
  }
}

/** The page, once the machine has started: the dApp's request (listenForDapp's) served, if a dApp opened it. */
export function startWalletWindow(actor: SignInActorRef, config: WalletConfig, dapp: ReturnType<typeof listenForDapp>): void {
  // The wallet's dialog is on this page from the start: the request may need it at once.
  registerWalletsOver({ actor, network: config.network });
  carryConnectionsOverRenewals(actor);
  if (!dapp) return;
  const notice = requestNotice();
  notice.say('Waiting for the site’s request…');
  void dapp.request.then((request) => serveDappRequest(actor, request, notice, { offered: availableProviders(config) }));
}
