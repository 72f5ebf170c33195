/**
 * The hosted wallet's window (wallet.html opened by a dApp's page; docs/hosted-wallet.md).
 * The dApp's one request arrives through the channel and becomes an event of the machine's
 * wallet region, as an embedded wallet's does, so the chart and the log show it and the
 * machine decides: the visitor approves or rejects in the wallet's dialog, here, on the
 * wallet's origin. The key, the token and the session never leave this origin: the answer
 * carries the public account, a signature, or (when the visitor shares it) the session.
 *
 * A connect waits while the visitor signs in (the page's buttons, in a window of its own,
 * so that this window keeps its link to the dApp), then asks "Connect <site>?". A signing
 * request is put to the visitor only for a site connected to this account; otherwise the
 * window offers to connect the site first, and refused, the site hears it is disconnected and
 * the dApp's client forgets the account it remembered.
 */
import { waitFor } from 'xstate';
import type { DappRequest } from '../../packages/sui-zklogin-wallet/src/channel/wallet-side.ts';
import type { WalletWindowRequest } from '../../packages/sui-zklogin-wallet/src/channel/messages.ts';
import { PROVIDER_LABELS, PROVIDERS, type Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import type { SignInEvent, WalletRequest } from '../../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import type { SignInActorRef } from '../../packages/sui-zklogin-wallet/src/runtime/sign-in-actor.ts';
import { transactionParties } from '../../packages/sui-zklogin-wallet/src/wallet/transaction-parties.ts';
import { WALLET_REFUSALS } from '../../packages/sui-zklogin-wallet/src/wallet/wallet-refusals.ts';
import { usableStorageArea } from '../../packages/sui-zklogin-wallet/src/storage/store.ts';
import { accountData, askMachine } from '../../packages/sui-zklogin-wallet/src/wallet/zklogin-wallet.ts';
import { connectedSites } from './connected-sites.ts';
import { sitePauses } from './site-pauses.ts';

type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;

/** Ours: the site's request came after the visitor disconnected it here. */
export const SITE_DISCONNECTED = 'This site is no longer connected to your wallet: connect again to use it.';
/** Ours: the site's request came after the visitor signed out of the wallet. */
export const SIGNED_OUT_AT_WALLET = 'You signed out of the wallet: connect again to use it on this site.';
/**
 * Ours, said in the window (never to the site): the wallet is signed in with another provider
 * than the wallet the site chose. The connect waits while the visitor signs out and in again.
 */
export const otherProviderAtWallet = (origin: string, signedInWith: Provider, asked: Provider) =>
  `${origin} asks to connect to your ${PROVIDER_LABELS[asked]} account, but your wallet is signed in with ${PROVIDER_LABELS[signedInWith]}: sign out below, then sign in with ${PROVIDER_LABELS[asked]} to go on (or refuse).`;

/** Ours: the site is on another network than the wallet, whose account is on its own network only. */
export const otherNetwork = (wallet: string, site: string) =>
  `This wallet's account is on ${wallet.slice('sui:'.length)}: it cannot connect to a site on ${site.slice('sui:'.length)}.`;

/** Ours: a signing request (or session read) for another network than the wallet's account's. */
export const otherNetworkSigning = (wallet: string, site: string) =>
  `This wallet's account is on ${wallet.slice('sui:'.length)}: it cannot sign for ${site.slice('sui:'.length)}.`;

/** Ours: the site chose a wallet for a provider this wallet does not offer (its page has no button for it). */
export const notOffered = (provider: Provider) => `This wallet does not offer sign-in with ${PROVIDER_LABELS[provider]}.`;

/** Ours: the wallet is signed in with another account than the one the site was given. */
export const OTHER_ACCOUNT_AT_WALLET =
  'Your wallet is signed in with another account than the one this site was given: connect again to use it.';

/** When this window's session ends: the connections approved in it last as long. */
const sessionEndsOf = (actor: SignInActorRef) => actor.getSnapshot().context.expiresAt ?? 0;

/** A refusal because the site is no longer connected here: the dApp's client then forgets the account it kept. */
class SiteNotConnected extends Error {}

/** What the window tells the visitor about the request, above the wallet's page. */
export interface RequestNotice {
  say(text: string): void;
  /** Says `text` with two buttons; true when the visitor presses `yes`. */
  offer(text: string, yes: string, no: string): Promise<boolean>;
  /**
   * A button that stays while the notice's text changes (`say`), until `remove`: `pressed`
   * settles when the visitor presses it.
   */
  standing(label: string): { pressed: Promise<void>; remove(): void };
}

const settled = (snapshot: Snapshot) => snapshot.hasTag('settled');

/** What the site asks, as the notice says it. */
const ASKS: Record<Exclude<WalletWindowRequest['kind'], 'connect'>, string> = {
  signPersonalMessage: 'to sign a message',
  signTransaction: 'to sign a transaction',
  signAndExecuteTransaction: 'to sign and execute a transaction',
  getSession: 'for your sign-in token',
};

/**
 * The account of `provider` once the visitor has one (signed in here, perhaps just now).
 * Signed in with another provider, the window says so and waits: the site hears nothing of
 * which provider the wallet holds (closing the window is its refusal, as ever).
 */
async function accountOnceSignedIn(actor: SignInActorRef, origin: string, provider: Provider, notice: RequestNotice) {
  let toldOther: Provider | null = null;
  const signedIn = (current: Snapshot) => {
    if (!settled(current) || !current.hasTag('has-account')) return false;
    if (accountData(current, provider)) return true;
    const signedInWith = current.context.provider!;
    if (toldOther !== signedInWith) notice.say(otherProviderAtWallet(origin, signedInWith, provider));
    toldOther = signedInWith;
    return false;
  };
  if (signedIn(actor.getSnapshot())) return accountData(actor.getSnapshot(), provider)!;
  // A way out while the visitor is asked to sign in (closing the window is one too): the site hears "rejected".
  const refuse = notice.standing('Refuse');
  const stop = new AbortController();
  try {
    const snapshot = await Promise.race([
      waitFor(actor, signedIn, { timeout: Infinity, signal: stop.signal }),
      refuse.pressed.then(() => Promise.reject(new Error(WALLET_REFUSALS.rejected))),
    ]);
    return accountData(snapshot, provider)!;
  } finally {
    stop.abort();
    refuse.remove();
  }
}

/** The machine's request for the dApp's, with the site that asks. */
function machineRequest(request: Exclude<WalletWindowRequest, { kind: 'connect' }>, origin: string): WalletRequest {
  const common = { requestId: crypto.randomUUID(), address: request.address, chain: request.chain, origin };
  switch (request.kind) {
    case 'signPersonalMessage':
      return { ...common, kind: request.kind, message: request.message };
    case 'signTransaction':
    case 'signAndExecuteTransaction':
      return { ...common, kind: request.kind, transaction: request.transaction, ...transactionParties(request.transaction) };
    case 'getSession':
      return { ...common, kind: request.kind };
  }
}

/**
 * The machine's answer to `event` (a request of id `requestId`). Once the visitor approves it
 * (the machine carries it out), `approved` is called, before the answer: the dApp is told, so a
 * window closed or reloaded meanwhile is never taken for a refusal, nor asked again.
 */
async function askWithApproval(actor: SignInActorRef, requestId: string, event: SignInEvent, approved?: () => void) {
  const watch = approved
    ? actor.subscribe((snapshot) => {
        if (!snapshot.hasTag('carrying-out') || snapshot.context.walletRequest?.requestId !== requestId) return;
        watch?.unsubscribe();
        approved();
      })
    : undefined;
  try {
    return await askMachine(actor, requestId, event, true);
  } finally {
    watch?.unsubscribe();
  }
}

async function connect(actor: SignInActorRef, origin: string, provider: Provider, notice: RequestNotice) {
  const now = actor.getSnapshot();
  if (!settled(now) || !now.hasTag('has-account')) {
    notice.say(
      `${origin} asks to connect to your ${PROVIDER_LABELS[provider]} account. Sign in with ${PROVIDER_LABELS[provider]} to go on.`,
    );
  }
  const account = await accountOnceSignedIn(actor, origin, provider, notice);
  notice.say(`${origin} asks to connect to your account.`);
  const requestId = crypto.randomUUID();
  const { output } = await askMachine(
    actor,
    requestId,
    {
      type: 'wallet.sign',
      request: { kind: 'connect', requestId, address: account.address, chain: actor.getSnapshot().context.chain, origin },
    },
    true,
  );
  const approved = output && 'account' in output ? output.account : null;
  if (!approved) throw new Error(SIGNED_OUT_AT_WALLET);
  connectedSites().connect({ origin, provider, address: approved.address, sessionEnds: sessionEndsOf(actor) });
  return { address: approved.address, publicKey: approved.publicKey, sessionEnds: sessionEndsOf(actor) };
}

async function sign(
  actor: SignInActorRef,
  { origin, request }: { origin: string; request: Exclude<WalletWindowRequest, { kind: 'connect' }> },
  notice: RequestNotice,
  /** Told once the visitor approves the request (before its answer). */
  onApproved?: () => void,
) {
  notice.say(`${origin} asks ${ASKS[request.kind]}.`);
  const snapshot = await waitFor(actor, settled, { timeout: Infinity });
  const account = accountData(snapshot, request.provider);
  const sites = connectedSites();
  const connected = !!account && sites.isConnected(origin, request.provider, account.address, sessionEndsOf(actor));
  if (!connected) {
    // Nothing is answered before the visitor does: a site not connected learns nothing of the
    // account (not even whether the address it names is the wallet's), and hears one refusal
    // unless it was connected with this provider before (then it may hear the visitor signed out).
    const before = sites.list().some((site) => site.origin === origin && site.provider === request.provider);
    const otherAccount = !!account && account.address !== request.address;
    const disconnected = sites.wasDisconnected(origin, account?.address);
    // Said to the visitor as it is: a site is said disconnected only if they disconnected it,
    // and offered to connect "again" only if it was connected.
    const why = otherAccount
      ? `${origin} asks about another account than the one your wallet is signed in with.`
      : disconnected
        ? `You disconnected ${origin} from your wallet.`
        : before
          ? `You signed out of your wallet since ${origin} connected.`
          : `${origin} is not connected to your wallet.`;
    // The site named an account the wallet does not hold: nothing is connected here. Either
    // way the request is refused; the choice is whether the site hears why (the wallet holds
    // another account now, so it connects again from its side) or only that it is not connected.
    const again = await notice.offer(
      `${why} ${otherAccount ? 'Tell it your wallet holds another account now, so that it can connect again?' : 'Connect it to answer its request?'}`,
      otherAccount ? 'Tell it' : disconnected || before ? 'Connect again' : 'Connect',
      'Refuse',
    );
    if (!again) throw new SiteNotConnected(account || !before ? SITE_DISCONNECTED : SIGNED_OUT_AT_WALLET);
    if (otherAccount) throw new SiteNotConnected(OTHER_ACCOUNT_AT_WALLET);
    await connect(actor, origin, request.provider, notice);
    notice.say(`${origin} asks ${ASKS[request.kind]}.`);
  }
  // Connected, to another account than the one it names (the visitor signed in with another
  // since): the site connects again, from its side.
  if (accountData(actor.getSnapshot(), request.provider)?.address !== request.address) {
    throw new SiteNotConnected(OTHER_ACCOUNT_AT_WALLET);
  }
  const machine = machineRequest(request, origin);
  const { output } = await askWithApproval(actor, machine.requestId, { type: 'wallet.sign', request: machine }, onApproved);
  if (output && 'session' in output) return output.session ? { ...output.session.reveal() } : null;
  return output ?? null;
}

/** Serves the dApp's request that opened this window, and answers it once, whatever happens. */
export async function serveDappRequest(
  actor: SignInActorRef,
  dapp: DappRequest,
  notice: RequestNotice,
  {
    pauses = sitePauses(usableStorageArea('browser'), Date.now, usableStorageArea('tab')),
    offered = PROVIDERS,
    closeWindow = () => window.close(),
  }: {
    pauses?: ReturnType<typeof sitePauses>;
    /** The providers this wallet's page offers (its sign-in buttons). */
    offered?: readonly Provider[];
    /** Closes this window (a window a script opened may close itself). */
    closeWindow?: () => void;
  } = {},
): Promise<void> {
  const { origin, request } = dapp;
  /** The window is going (closed, or reloaded). */
  let leaving = false;
  /** The dApp's page went, withdrawing its request: nobody hears the answer any more. */
  let withdrawn = false;
  /** The dApp was told the visitor approved its transaction's execution: it is being carried out. */
  let approved = false;
  // Only an execution is told: it may happen on chain even if the window goes before it
  // answers, and must not be asked twice. Any other request, once approved, has done nothing
  // the site could not ask for again (a reloaded window serves it again).
  const approve =
    request.kind === 'signAndExecuteTransaction'
      ? () => {
          approved = true;
          dapp.approved();
        }
      : undefined;
  // The site's page went: what the visitor has not approved is not asked any more, and the
  // window goes (its going is no refusal of theirs); what they approved goes on, and the
  // window says how it ended, as the site will not.
  dapp.onWithdrawn(() => {
    withdrawn = true;
    if (approved) notice.say(`${origin} left before its answer. What you approved goes on: this window says how it ends.`);
    else closeWindow();
  });
  /** The window's close was counted toward the pause (once, however often the page hides). */
  let counted = false;
  const onHide = (event: PageTransitionEvent) => {
    // Kept for the back/forward cache, the page may come back: it is not going.
    leaving = !event.persisted;
    // Closing the window while it asks is the visitor's refusal too (the dApp hears "rejected"): it counts toward the pause.
    if (counted || withdrawn || !actor.getSnapshot().hasTag('awaiting-approval')) return;
    counted = true;
    pauses.closedWhileAsking(origin);
  };
  // Back from the back/forward cache, still asking: it did not go, and a later close counts.
  const onShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    if (counted) pauses.notClosed();
    counted = false;
  };
  // Each pagehide: one kept for the back/forward cache may be followed by the real going.
  window.addEventListener('pagehide', onHide);
  window.addEventListener('pageshow', onShow);
  // A reload of this window while it asked: its close was counted, and is taken back (it asks again).
  pauses.notClosed();
  try {
    // A provider with no button here could never be signed in with: refused at once, rather than waited for.
    if (!offered.includes(request.provider)) throw new Error(notOffered(request.provider));
    // A site on another network could never use the account: refused at once, before any sign-in
    // or question (never an offer to connect it on a network the account is not on).
    const chain = actor.getSnapshot().context.chain;
    if (request.chain !== chain) {
      throw new Error(
        request.kind === 'connect' ? otherNetwork(chain, request.chain) : otherNetworkSigning(chain, request.chain),
      );
    }
    // A site whose last requests the visitor kept rejecting waits, as in the embedded wallet: no dialog meanwhile.
    if (request.kind !== 'connect' && pauses.paused(origin)) throw new Error(WALLET_REFUSALS.paused);
    const value =
      request.kind === 'connect'
        ? await connect(actor, origin, request.provider, notice)
        : await sign(actor, { origin, request }, notice, approve);
    // The answer first: the site waits for it; the pause's bookkeeping does not. With it, when
    // the session ends now (a renewal here moved it): the client's remembered account follows.
    const sessionEnds = sessionEndsOf(actor);
    dapp.answer({ ok: true, value, ...(sessionEnds ? { sessionEnds } : {}) });
    pauses.approved(origin);
    notice.say(
      withdrawn
        ? `Done: what you approved was carried out, though ${origin} left before its answer. You can close this window.`
        : `Done: ${origin} has its answer. This window closes by itself.`,
    );
  } catch (error) {
    // Approved, and the window is going: a failure now is most likely its own going (its
    // requests cut off as it unloads), not the request's, which may have been carried out. The
    // site is told nothing: its client says the request may have been carried out.
    if (approved && leaving) return;
    const message = error instanceof Error ? error.message : String(error);
    // The visitor said no to this site (a sign-out while asked answers "rejected" too, but says nothing of the site).
    if (message === WALLET_REFUSALS.rejected && actor.getSnapshot().hasTag('has-account')) pauses.rejected(origin);
    dapp.answer({ ok: false, error: message, ...(error instanceof SiteNotConnected ? { disconnected: true } : {}) });
    notice.say(
      withdrawn ? `${origin} left before its answer, and it did not go through: ${message}` : `${origin} was told: ${message}`,
    );
  } finally {
    window.removeEventListener('pagehide', onHide);
    window.removeEventListener('pageshow', onShow);
  }
}
