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
} from '../../packages/sui-zklogin-wallet/src/channel/wallet-side.ts';
import type { AppConfig } from '../config.ts';
import type { SignInActorRef } from '../runtime/sign-in-actor.ts';
import { registerWalletsOver } from '../wallet/register.ts';
import { serveDappRequest, type RequestNotice } from './wallet-window.ts';

/** The notice above the page: one status line, read out as it changes. */
function requestNotice(): RequestNotice {
  const notice = document.createElement('p');
  notice.className = 'notice dapp-request';
  notice.setAttribute('role', 'status');
  notice.dataset.dappRequest = '';
  document.body.prepend(notice);
  return { say: (text) => void (notice.textContent = text) };
}

/** `openedWith`: the fragment the page was opened with, as the boot read it before the machine took the address bar. */
export function startWalletWindow(actor: SignInActorRef, config: AppConfig, openedWith: string): void {
  // The wallet's dialog is on this page from the start: the request may need it at once.
  registerWalletsOver({ actor, network: config.network });
  let request: ReturnType<typeof receiveDappRequest>;
  try {
    request = receiveDappRequest({ ...browserWalletHost(), hash: openedWith });
  } catch (error) {
    if (error instanceof Error && error.message === NOT_OPENED_BY_A_DAPP) return;
    throw error;
  }
  const notice = requestNotice();
  notice.say('Waiting for the site’s request…');
  void request.then((dapp) => serveDappRequest(actor, dapp, notice));
}
