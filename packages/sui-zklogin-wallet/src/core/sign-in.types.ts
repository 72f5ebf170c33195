/**
 * Types of signInMachine: its context, the events it accepts, and what its actors take
 * and give. Type-only imports: the machine stays free of I/O.
 */
import type { Provider } from './providers.ts';
import type { Secret } from './secret.ts';
import type { TransferReceipt, TransferRequest } from './transfer.ts';

/** The step that failed: it names the alert's title, and the failed login lookup is retried. */
export type FailedStep =
  | 'restoring'
  | 'redirecting'
  | 'callback-validating'
  | 'fetching-login'
  /** "Stay signed in": the renewal's start, or its login lookup (the account stays). */
  | 'renewing'
  | 'proving'
  /** The proof a send waited for: the send was dropped with it (said beside Send). */
  | 'proving-for-send'
  | 'signing'
  | 'funding'
  | 'sending';

/**
 * What an identity provider sent back instead of a token (`error`, `error_description`),
 * kept apart from our own words so that the page shows it as the provider's.
 */
export interface ProviderAnswer {
  /** The provider the flow went to, when known. */
  provider: Provider | null;
  /** Its words, shortened and without control characters. */
  text: string;
}

export interface Failure {
  code: string;
  message: string;
  providerAnswer?: ProviderAnswer;
  step: FailedStep;
  /** Whether trying the same step again can succeed (service failures, not refusals). */
  retryable: boolean;
}

/**
 * What a state means for the page, so that components follow tags, not state names (each
 * tag's own line below says what it means).
 */
export type SignInTag =
  /** Work under way that the page waits for. */
  | 'busy'
  /** An address to show. */
  | 'has-account'
  /** The proof is stored: the account signs. */
  | 'has-proof'
  /** The provider buttons. */
  | 'can-sign-in'
  /** The machine has settled on what this tab holds: not reading storage, nor between the provider and an address. */
  | 'settled'
  /** Between the provider and the address: the callback's checks, the login lookup, and its failure. */
  | 'verifying-sign-in'
  /** The failed login lookup, with its own ways on (Try again, Start over). */
  | 'login-failed'
  /** The page should have gone to the provider long ago: the wait goes on, with a way back to the buttons. */
  | 'navigation-stalled'
  /** A sign-in window (popup mode) is open: the buttons stay, and a click shows that window. */
  | 'awaiting-popup'
  /** Node work under way, beside the account (never 'busy': the account stays usable). */
  | 'loading-balance'
  | 'funding'
  | 'sending'
  /** A message is being signed. */
  | 'signing-message'
  /** A dApp's request waits for the visitor's answer in the wallet's dialog (its dry run included). */
  | 'awaiting-approval'
  /** A dApp's request is approved and being carried out (the proof it waits for, its signature): its answer follows. */
  | 'carrying-out'
  /** The Sui node is asked whether the last signature verifies. */
  | 'verifying-signature'
  /** Less than ten minutes of the session are left: the account offers "Stay signed in". */
  | 'can-renew'
  /** "Stay signed in" is under way: the account goes to the provider again, by this page or a window. */
  | 'renewing'
  /** "Stay signed in" takes this page itself to the provider: no send starts, its answer would never be heard. */
  | 'leaving-to-renew';

/** What the Sui node said about the last signature. */
export type Verification =
  | { status: 'verified' }
  /** The node refused it, and why. */
  | { status: 'refused'; reason: string }
  /** The node could not be asked (unreachable, or an answer we could not read). */
  | { status: 'unavailable'; reason: string };

export interface SignInContext {
  provider: Provider | null;
  address: string | null;
  /** Who signed in, as the token names them (its email), when it does. */
  email: string | null;
  expiresAt: number | null;
  /** A callback fragment waiting to be validated (it carries the token: kept boxed). */
  fragment: Secret<string> | null;
  /** The validated token, held only until the login service has answered. */
  jwt: Secret<string> | null;
  /** The provider chosen at sign-in, kept for a retry of the start. */
  requestedProvider: string | null;
  /**
   * The alert: the last failure, shown in whatever state the visitor is in (beside the
   * sign-in buttons, beside the account, or in `failed`). Dismissed, or cleared by the next step.
   */
  failure: Failure | null;
  /** A non-error message for the visitor, such as "your session expired". */
  notice: string | null;
  signature: string | null;
  /** The message that `signature` signs, for the node to verify. */
  signedMessage: string | null;
  verification: Verification | null;
  /** The address's SUI balance in MIST (a decimal string), once the node has told. */
  balance: string | null;
  /** Why the balance could not be read; shown in the balance panel, never blocking. */
  balanceFailure: string | null;
  /** A send asked for before there was a proof: it runs once the proof is made. */
  pendingTransfer: TransferRequest | null;
  /** The last transfer's receipt; none from the next send on, until that send's own. */
  lastTransfer: TransferReceipt | null;
  /**
   * The amount (SUI, as shown) of a transfer whose send was cut off before its answer (a
   * sign-out, the session's end, a renewal): it may still go through, and this page will
   * not hear. Kept through the sign-out; gone with the next sign-in or send.
   */
  transferUnderWay: string | null;
  /** What the faucet said it sent (MIST) at the last "Get test SUI". */
  funded: string | null;
  /** The zkLogin public identifier (base64), the wallets' account public key; '' when unknown. */
  publicKey: string | null;
  /** The chain this app signs for, 'sui:<network>': a wallet request for another is refused. */
  chain: string;
  /** A dApp's request through a wallet, from the dry run and the visitor's answer to its signature. */
  walletRequest: WalletRequest | null;
  /** What the dApp's transaction will do, from the node's dry run; null for a message, and until the dry run answers. */
  walletPreview: TransactionPreview | null;
  /**
   * When the visitor rejected this site's latest requests in the wallet's dialog (ms),
   * oldest first, at most three since their last approval: three within a minute pause the
   * site's requests for a minute (`walletPaused`, account-wallet.ts).
   */
  walletRejections: readonly number[];
  /** Set by "Start over": the next restore discards a half-finished sign-in. */
  discardPendingFlow: boolean;
  /** Set when the visitor signs out: every tab of this app is signed out, not only this one. */
  signOutEverywhere: boolean;
  /** The last sign-out's clearing failed (storage refused): something of the session may be left in this browser. */
  clearingFailed: boolean;
  /** How a sign-in reaches the provider: this page goes there, or a window opens for it. */
  signInMode: SignInMode;
  /**
   * This page never goes to the provider itself, not even when the sign-in window is blocked
   * (the hosted wallet's window: its link to the dApp would go with it).
   */
  pageStays: boolean;
  /** A dApp's interactive connect, answered once the sign-in it started ends either way. */
  walletConnect: { requestId: string; provider: string } | null;
  /**
   * Popup mode: the sign-in window's flow, and when it expires (once its session is
   * stored). Kept after the window reads as closed: its answer may still arrive.
   */
  signInWindow: { flowId: string; expiresAt: number | null } | null;
  /** A sign-in started in this tab and not finished is stored (the restore said so). */
  pendingFlow: boolean;
  /** The callback under way renews the account's session: its failure returns to the account, never to `failed`. */
  renewing: boolean;
  /** The provider of the session that ended by itself: the sign-in buttons offer it first ("Sign in again with …"). */
  endedProvider: Provider | null;
  /**
   * The session this tab held when it last went to `logged-out` (none if it held none): the
   * one its clear may end. In a storage the wallet's windows share (the hosted wallet), the
   * session stored by then may be another window's (renewed, or signed in anew): not this
   * tab's to end.
   */
  endedSession: { expiresAt: number } | null;
  /**
   * The account's proof is stored (restored with the session, or just created): the session
   * is ready, and a send or a dApp's request waiting for the proof goes on. The regions read
   * this fact, never each other's states.
   */
  proofStored: boolean;
}

export type SignInMode = 'redirect' | 'popup';

/** What the sign-in window's actor (the app edge) is told to do. */
export type PopupCommand = { type: 'popup.navigate'; url: string } | { type: 'popup.focus' };

export interface SignInInput {
  /** The URL fragment at page load, if any. */
  fragment?: Secret<string> | null;
  /** 'sui:<network>' (default 'sui:testnet'). */
  chain?: string;
  /** Default 'redirect'. */
  signInMode?: SignInMode;
  /** Default false: a blocked sign-in window falls back to this page going to the provider. */
  pageStays?: boolean;
}

/** A dApp's signing request, as the wallets (wallet/) pass it on; bytes are base64. */
export type WalletRequest = {
  requestId: string;
  address: string;
  chain: string;
  /**
   * The site that asks through the hosted wallet's window (src/hosted/), by its origin as the
   * browser vouched for it; absent for a request of the page's own wallets (embedded mode).
   * Whatever a site asks, the visitor approves it here, even a session read.
   */
  origin?: string;
} & (
  | {
      kind: 'signPersonalMessage';
      message: string;
      /**
       * The page that registered the wallets turned the visitor's dialog off for messages
       * (its option, never the request's caller's); a transaction is always put to the visitor.
       */
      approvedByPage?: boolean;
    }
  | {
      kind: 'signTransaction' | 'signAndExecuteTransaction';
      /** The transaction in its JSON form (Transaction.toJSON). */
      transaction: string;
      /** Who the transaction names as its sender and its gas owner, as the wallet read them (null: unset). */
      sender: string | null;
      gasOwner: string | null;
    }
  /**
   * Enoki's `enoki:getSession`: the session of this account. Read without asking the visitor
   * for the page's own wallets (nothing is signed); a site asking through the hosted
   * wallet's window is shown what it would learn, and gets it only once they approve.
   */
  | { kind: 'getSession' }
  /** The hosted wallet's connect: the visitor approves sharing this account (address and public key) with the site. */
  | { kind: 'connect' }
);

/**
 * What a dApp's transaction will do, from the node's dry run (the schema's
 * `simulateTransaction`), shown to the visitor before they approve it. Amounts are signed
 * decimal strings in the coin's smallest unit (MIST for SUI).
 */
export type TransactionPreview =
  | {
      status: 'ok';
      /** The transaction as the dry run built it (BCS, base64): Approve signs exactly these bytes. */
      bytes: string;
      /** This account's balance change per coin type (for SUI, the gas included). */
      changes: { coinType: string; amount: string }[];
      /** Where value goes: every other address that gains, and what. */
      recipients: { address: string; coinType: string; amount: string }[];
      /**
       * This account's objects that leave it: transferred to another owner (an address, an
       * object, shared or frozen), wrapped into another object, or deleted. `objectType` is
       * the Move type the node gave (null when it gave none).
       */
      objectsOut: ({ objectId: string; objectType: string | null } & (
        | { change: 'transferred'; to: { owner: 'address' | 'object'; id: string } | { owner: 'shared' | 'immutable' } }
        | { change: 'wrapped' | 'deleted' }
      ))[];
      /** The most the transaction may spend on gas, in MIST. */
      gasBudget: string;
    }
  /** The node ran it, and it would fail: why. The visitor can only reject it. */
  | { status: 'fails'; reason: string }
  /** The dry run could not be made (the node unreachable): why. The visitor may still approve. */
  | { status: 'unavailable'; reason: string };

/** A request the visitor approved, as it is signed: a transaction's bytes as the dry run built them, when it did. */
export type ApprovedWalletRequest = WalletRequest & { built?: string };

/** What a wallet hands back: bytes and signature, with the digest and effects when executed (base64). */
export interface WalletSignOutput {
  bytes: string;
  signature: string;
  digest?: string;
  effects?: string;
}

/**
 * The session as Enoki's `enoki:getSession` gives it: the provider's token as issued, the
 * nonce's parts, when it ends, and the proof once made (as the login service answered it).
 */
export interface WalletSession {
  jwt: string;
  maxEpoch: number;
  randomness: string;
  expiresAt: number;
  proof?: object;
}

/** A session read for a dApp: boxed, so that no log or inspector shows the token; null when none is stored. */
export interface WalletSessionOutput {
  session: Secret<WalletSession> | null;
}

/** A site's approved connect: the account it gets (the public part only). */
export interface WalletConnectOutput {
  account: WalletAccountData;
}

/** What the wallet region's work hands back: a signature, the session read, or the account a site connects to. */
export type WalletOutput = WalletSignOutput | WalletSessionOutput | WalletConnectOutput;

/** The account a wallet shows for this tab's session. */
export interface WalletAccountData {
  provider: Provider;
  address: string;
  publicKey: string;
}

/**
 * Why the machine refused a dApp's request, when that is one of these: the wallet words
 * it (wallet/wallet-refusals.ts), so the wording is not part of the first page.
 */
export type WalletRefusal =
  | 'noAccount'
  | 'notThisAccount'
  | 'notThisSender'
  | 'busy'
  | 'signInUnderWay'
  /** A connect's sign-in ended with neither an account nor a reason. */
  | 'signInUnfinished'
  /** The visitor said no: "Reject", Escape, or their sign-out while the request waited for them. */
  | 'rejected'
  /** The visitor rejected this site's last three requests within a minute: its requests wait a minute from the last. */
  | 'paused'
  /** The account ended while an approved transaction was being executed: it may be on chain. */
  | 'mayHaveExecuted';

/** The machine's answer to a wallet event (emitted, by request id): done, or refused with why. */
export type WalletAnswer = { type: 'wallet.answer'; requestId: string } & (
  | { ok: true; account?: WalletAccountData | null; output?: WalletOutput }
  | { ok: false; refusal: WalletRefusal }
  /** An interactive connect for another provider than the one this tab is signed in with. */
  | { ok: false; refusal: 'otherProvider'; signedInWith: Provider }
  | { ok: false; message: string }
);

export type SignInEvent =
  | { type: 'user.signIn'; provider: string }
  /** The visitor hovers or focuses a sign-in button: a click is likely. */
  | { type: 'user.intent' }
  | { type: 'user.createProof' }
  | { type: 'user.signMessage'; message: string }
  | { type: 'user.refreshBalance' }
  | { type: 'user.requestTestSui' }
  /** Send `amount` MIST to `recipient` (a TransferRequest, as the form reads it); refused unless valid. */
  | { type: 'user.send'; recipient: string; amount: string }
  /** Ask the node again about the last signature. */
  | { type: 'user.verifySignature' }
  | { type: 'user.signOut' }
  /** "Stay signed in": the account's provider again, for a new session of the same identity. */
  | { type: 'user.renew' }
  | { type: 'user.retry' }
  | { type: 'user.startOver' }
  /** The page never left for the provider: back to the sign-in buttons, the started flow kept (as Back would), or, renewing, to "Stay signed in". */
  | { type: 'user.stopWaiting' }
  /** The visitor closes the alert. */
  | { type: 'user.dismiss' }
  | { type: 'url.fragment'; fragment: Secret<string> }
  /** Popup mode: the sign-in window is open, for the flow `flowId` (the provider's `state` names it). */
  | { type: 'popup.opened'; flowId: string }
  /** Popup mode: the browser refused to open the sign-in window. */
  | { type: 'popup.blocked' }
  /** Popup mode: the sign-in window reads as closed before it answered (closed, or cut off by the provider's page). */
  | { type: 'popup.closed' }
  /** Popup mode: the sign-in window handed over the provider's answer (the fragment, with the token). */
  | { type: 'popup.callback'; fragment: Secret<string> }
  /** The page came back from the back/forward cache (the visitor left the provider with Back). */
  | { type: 'page.restored' }
  /** The page is shown again: its timers may have been held meanwhile (a sleeping laptop). */
  | { type: 'page.woke' }
  /** The visitor signed out in another tab of this app. */
  | { type: 'tab.signedOut' }
  /** Raised inside the account: a send or a dApp's request needs the proof. */
  | { type: 'account.proofNeeded' }
  /** Raised inside the account: the proof could not be made, and why. */
  | { type: 'account.proofFailed'; message: string }
  /** Raised by the wallet's region: a site's transaction went to the node (the balance changed). */
  | { type: 'account.executed' }
  /** A dApp connects through the wallet of `provider`; silent never starts a sign-in. */
  | { type: 'wallet.connect'; requestId: string; provider: string; silent: boolean }
  /** A dApp disconnects the wallet of `provider`: this tab signs out if that is its account's provider. */
  | { type: 'wallet.disconnect'; requestId: string; provider: string }
  | { type: 'wallet.sign'; request: WalletRequest }
  /** The visitor approves the dApp's request `requestId` in the wallet's dialog (a trusted click only). */
  | { type: 'user.approve'; requestId: string }
  /** The visitor rejects the dApp's request `requestId` ("Reject", or Escape). */
  | { type: 'user.reject'; requestId: string }
  /** The wallet's dialog could not be shown for `requestId` (its code did not load): the dApp hears why. */
  | { type: 'wallet.dialogFailed'; requestId: string; message: string };

/**
 * The event of type `T`. An action reads its event by this cast, not xstate's assertEvent:
 * each action is declared for the transitions of that event (beside them, and walked by the
 * model-based test), so the check would never fail for a visitor, and it weighed on the
 * first page.
 */

export interface SignedInSession {
  provider: Provider;
  address: string;
  expiresAt: number;
  /** The identity the token names, for the account card: its email claim, when it has one. */
  email?: string;
  /** The zkLogin public identifier (base64) as the login service gave it; '' when unknown. */
  publicKey: string;
}

export type RestoreOutput =
  /** Nothing to show; `pendingFlow` when a sign-in started in this tab, not finished, is stored. */
  | { status: 'empty'; pendingFlow?: boolean }
  /** The stored session ended; `provider` is whose it was. */
  | { status: 'expired'; provider?: Provider }
  | { status: 'unreadable' }
  | ({ status: 'signed-in' | 'ready' } & SignedInSession);

export interface StartInput {
  provider: string;
  /** The authorization request's `state` (popup mode: it names the sign-in window's flow). */
  state?: string;
  /**
   * A renewal: a new key and nonce for the stored account, kept beside its session (which
   * stays as it is until the same identity comes back), for the stored account's provider.
   */
  renewal?: boolean;
}

export interface StartOutput {
  url: string;
  /** When the flow's nonce (and so the flow) expires: the login service's estimatedExpiration. */
  expiresAt: number;
}

export interface CallbackOutput {
  jwt: Secret<string>;
  provider: Provider;
  /** The callback answers a renewal of the stored account (the same identity must come back). */
  renewal?: boolean;
}

export interface SignOutput {
  signature: string;
  /** The message signed. */
  message: string;
}

export interface BalanceOutput {
  /** In MIST, a decimal string. */
  balance: string;
}
