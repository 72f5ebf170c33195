/**
 * A dApp through the Wallet Standard wallets (wallet/): every call is an event of the
 * machine, answered by an emitted `wallet.answer` with the call's request id. The account's
 * wallet region takes its signing requests, one at a time: a request for another account or
 * chain is refused, as is a transaction naming another sender or gas owner, before anything
 * else (no dialog, no proof). Every other request waits for the visitor: a transaction is
 * first dry-run on the node (`dry-running`), then the wallet's dialog shows what it does
 * (`awaiting-approval`) until the visitor approves (`user.approve`, a trusted click) or
 * rejects (`user.reject`, Escape, or their sign-out). Only then is the proof asked for (the
 * session region makes it, while the request waits here) and the request signed: a
 * transaction as the dry run built it. Connects and disconnects are answered wherever they
 * arrive (the machine's root, and the states that take them).
 *
 * The "site" is the page that registered the wallets: when the visitor has rejected its
 * last three requests within a minute, its requests are refused at once (`paused`, no
 * dialog) for a minute from the last rejection; an approval starts the count again.
 */
import { assertEvent, raise } from 'xstate';
import { isProvider } from './providers.ts';
import { messageOf } from './failure.ts';
import { answerIn, assignIn, enqueueIn, isAnswerOf, signedOutElsewhere, signOut, type GuardArgs } from './machine-parts.ts';
import type {
  ApprovedWalletRequest,
  SignInContext,
  SignInEvent,
  TransactionPreview,
  WalletAccountData,
  WalletAnswer,
  WalletRefusal,
  WalletOutput,
} from './sign-in.types.ts';

/** The account a wallet shows for this context: this tab's, when it has one. */
export function walletAccountOf(context: SignInContext): WalletAccountData | null {
  if (!context.provider || !context.address) return null;
  return { provider: context.provider, address: context.address, publicKey: context.publicKey ?? '' };
}

/** Rejections by the visitor that pause the site's requests, when they all fall within REJECTIONS_WITHIN_MS. */
export const REJECTIONS_BEFORE_PAUSE = 3;
export const REJECTIONS_WITHIN_MS = 60_000;
/** How long the site's requests are refused, from the last of those rejections. */
export const WALLET_PAUSE_MS = 60_000;

/** Whether the site's requests are paused at `now`, after the visitor's `rejections` (their times, oldest first). */
export function walletPaused(rejections: readonly number[], now: number): boolean {
  if (rejections.length < REJECTIONS_BEFORE_PAUSE) return false;
  const counted = rejections.slice(-REJECTIONS_BEFORE_PAUSE);
  const last = counted.at(-1)!;
  return last - counted[0]! <= REJECTIONS_WITHIN_MS && now < last + WALLET_PAUSE_MS;
}

/** Whether a request is a signature (a site's connect or session read is not: it needs no proof). */
const signs = (request: SignInContext['walletRequest']) => request?.kind !== 'connect' && request?.kind !== 'getSession';

const refuse = (refusal: WalletRefusal) => ({ actions: { type: 'refuseWallet', params: refusal } }) as const;

/** An answer to the request under way (its id is the context's). */
type RequestAnswer = { ok: true; output: WalletOutput } | { ok: false; message: string } | { ok: false; refusal: 'rejected' };
/** The visitor said no: the dApp hears that they rejected it. */
const rejected = { type: 'answerWalletRequest', params: { ok: false, refusal: 'rejected' } satisfies RequestAnswer } as const;
/** The request is refused with the event's own words (a dialog that could not be shown, a proof that failed). */
const refusedWithItsMessage = {
  type: 'answerWalletRequest',
  params: ({ event }: { event: { message: string } }): RequestAnswer => ({ ok: false, message: event.message }),
} as const;
/** A sign-out while the visitor is asked, here or in another tab: it is their answer too. */
const withRejection = <T extends { actions: readonly string[] }>(signingOut: T) => ({
  ...signingOut,
  actions: [...signingOut.actions, rejected],
});

export const walletRegion = {
  initial: 'waiting',
  // One request at a time: wherever one is under way, another is refused as busy.
  on: { 'wallet.sign': refuse('busy') },
  states: {
    // Holds no request: the one answered or refused on the way here is forgotten.
    waiting: {
      entry: 'clearWalletRequest',
      on: {
        'wallet.sign': [
          { guard: 'otherAccount', ...refuse('notThisAccount') },
          { guard: 'othersTransaction', ...refuse('notThisSender') },
          // The visitor rejected the site's last requests: it waits, and no dialog opens meanwhile.
          { guard: 'requestsPaused', ...refuse('paused') },
          // The page's own wallets' enoki:getSession: a read of this account's session, nothing
          // signed, so no dialog and no proof. A site asking through the hosted window is asked about.
          { guard: 'pageSessionRead', target: 'working', actions: 'assignWalletRequest' },
          // The page that registered the wallets signs messages without asking (its option).
          { guard: 'approvedByPage', target: 'waiting-for-proof', actions: ['assignWalletRequest', 'askForProof'] },
          // A message, a site's connect or its session read: nothing to dry-run, the visitor is asked at once.
          { guard: 'noDryRun', target: 'asking.awaiting-approval', actions: 'assignWalletRequest' },
          { target: 'asking', actions: 'assignWalletRequest' },
        ],
      },
    },
    // The wallet's dialog is open. "Reject" (or Escape) says no, and so does the visitor's
    // sign-out (this region's transition is then the account's sign-out, with the answer); a
    // dialog that cannot be shown refuses the request with why; another request is busy.
    asking: {
      tags: ['awaiting-approval'],
      initial: 'dry-running',
      on: {
        'user.reject': { guard: 'forThisRequest', target: 'waiting', actions: [rejected, 'countRejection'] },
        'user.signOut': withRejection(signOut),
        'tab.signedOut': withRejection(signedOutElsewhere),
        'wallet.dialogFailed': {
          guard: 'forThisRequest',
          target: 'waiting',
          actions: refusedWithItsMessage,
        },
      },
      states: {
        // The node runs the transaction without committing it: what it will do, or why it would fail.
        'dry-running': {
          invoke: {
            id: 'previewTransaction',
            src: 'previewTransaction',
            input: ({ context }: { context: SignInContext }) => context.walletRequest!,
            onDone: {
              target: 'awaiting-approval',
              actions: {
                type: 'assignWalletPreview',
                params: ({ event }: { event: { output: TransactionPreview } }) => event.output,
              },
            },
            // Not made, and why (the operation answers `unavailable` for a node it cannot ask;
            // this is its code not running): the visitor is told, and may still approve.
            onError: {
              target: 'awaiting-approval',
              actions: {
                type: 'assignWalletPreview',
                params: ({ event }: { event: { error: unknown } }) =>
                  ({ status: 'unavailable', reason: messageOf(event.error) }) as const,
              },
            },
          },
        },
        // The dialog shows the request; nothing is signed, nor a proof made for it, until "Approve".
        'awaiting-approval': {
          on: {
            // Approved. A signature waits for the proof; a site's connect or session read signs
            // nothing, so it goes on at once (the account, or the session, as storage holds it).
            'user.approve': {
              guard: 'approvable',
              target: '#signIn.account.wallet.waiting-for-proof',
              actions: ['forgetRejections', 'askForProofToSign'],
            },
          },
        },
      },
    },
    // Passed through at once when the proof is there; else until it is, or fails (the dApp hears why).
    'waiting-for-proof': {
      tags: ['carrying-out'],
      always: { guard: 'proofStoredOrUnneeded', target: 'working' },
      on: {
        'account.proofFailed': {
          target: 'waiting',
          actions: refusedWithItsMessage,
        },
      },
    },
    working: {
      tags: ['carrying-out'],
      // Left before its answer (the account ended): a transaction may already be on chain.
      exit: 'answerExecutionCutOff',
      invoke: {
        id: 'walletRequest',
        src: 'walletRequest',
        // A transaction is signed as the dry run built it: what the visitor saw.
        input: ({ context }: { context: SignInContext }): ApprovedWalletRequest => ({
          ...context.walletRequest!,
          // Only a dry run that succeeded has bytes.
          built: context.walletPreview?.status === 'ok' ? context.walletPreview.bytes : undefined,
        }),
        onDone: {
          target: 'waiting',
          actions: [
            {
              type: 'answerWalletRequest',
              params: ({ event }: { event: { output: WalletOutput } }): RequestAnswer => ({ ok: true, output: event.output }),
            },
            'tellExecuted',
          ],
        },
        onError: {
          target: 'waiting',
          actions: [
            {
              type: 'answerWalletRequest',
              params: ({ event }: { event: { error: unknown } }): RequestAnswer => ({
                ok: false,
                message: messageOf(event.error),
              }),
            },
            // A failure may come after the node ran it (its answer lost): the balance is read either way.
            'tellExecuted',
          ],
        },
      },
    },
  },
} as const;

/** The answer to a dApp's connect whose sign-in has ended: the account when it is the wallet's provider's, else refused with why. */
function connectAnswer(context: SignInContext, { requestId, provider }: { requestId: string; provider: string }): WalletAnswer {
  const account = walletAccountOf(context);
  const message = context.failure?.message ?? context.notice;
  if (account?.provider === provider) return { type: 'wallet.answer', requestId, ok: true, account };
  return message
    ? { type: 'wallet.answer', requestId, ok: false, message }
    : { type: 'wallet.answer', requestId, ok: false, refusal: 'signInUnfinished' };
}

/**
 * Wherever a sign-in ends, a dApp's connect that started it is answered: with the account
 * when this tab now has one of that provider, else refused with why. A sign-in whose window
 * reads as closed has not ended while its flow is listened for: the window may only be cut
 * off from this page (by the provider's page, or by this app's own callback page, whose
 * Cross-Origin-Opener-Policy differs from the provider's), and its answer still connects
 * the dApp. Another connect, or the flow's end, answers it then.
 */
const settleWalletConnect = enqueueIn(({ context, enqueue }) => {
  const pending = context.walletConnect;
  if (!pending || context.signInWindow?.expiresAt != null) return;
  enqueue.emit(connectAnswer(context, pending));
  enqueue.assign({ walletConnect: null });
});

export const walletActions = {
  settleWalletConnect,
  /** A dApp's connect starts a sign-in: one still waiting for a lost window's flow is answered first, as that sign-in is replaced. */
  assignWalletConnect: enqueueIn(({ context, event, enqueue }) => {
    assertEvent(event, 'wallet.connect');
    if (context.walletConnect) enqueue.emit(connectAnswer(context, context.walletConnect));
    enqueue.assign({ walletConnect: { requestId: event.requestId, provider: event.provider } });
  }),
  /** Where the sign-in buttons are, a dApp's interactive connect is the visitor's sign-in with its wallet's provider. */
  signInForWallet: raise<SignInContext, SignInEvent, SignInEvent, undefined, never>(({ event }) => {
    assertEvent(event, 'wallet.connect');
    return { type: 'user.signIn', provider: event.provider };
  }),
  /** A connect is answered with this tab's account when it is the wallet's provider's. */
  answerWalletConnect: answerIn(({ context, event }): WalletAnswer => {
    assertEvent(event, 'wallet.connect');
    const { requestId } = event;
    const account = walletAccountOf(context);
    if (account?.provider === event.provider) return { type: 'wallet.answer', requestId, ok: true, account };
    if (event.silent) return { type: 'wallet.answer', requestId, ok: true, account: null };
    return account
      ? { type: 'wallet.answer', requestId, ok: false, refusal: 'otherProvider', signedInWith: account.provider }
      : { type: 'wallet.answer', requestId, ok: false, refusal: 'signInUnderWay' };
  }),
  answerWalletDisconnect: answerIn(({ event }) => {
    assertEvent(event, 'wallet.disconnect');
    return { type: 'wallet.answer', requestId: event.requestId, ok: true };
  }),
  /** A dApp's signing request refused before anything is done for it, and why. */
  refuseWallet: answerIn<WalletRefusal>(({ event }, refusal) => {
    assertEvent(event, 'wallet.sign');
    return { type: 'wallet.answer', requestId: event.request.requestId, ok: false, refusal };
  }),
  /**
   * The account ended (a sign-out, the session's end, another tab's sign-out, a renewal's new
   * session) while an approved transaction was being executed: it may have reached the node,
   * so the dApp is told that, never that nothing was done. What signs only (a message, a
   * transaction the dApp executes itself) did nothing the dApp did not get: the wallet's
   * "session ended" stands.
   */
  answerExecutionCutOff: enqueueIn(({ context, event, enqueue }) => {
    const request = context.walletRequest;
    if (isAnswerOf('walletRequest', event) || request?.kind !== 'signAndExecuteTransaction') return;
    enqueue.emit({ type: 'wallet.answer', requestId: request.requestId, ok: false, refusal: 'mayHaveExecuted' });
  }),
  assignWalletRequest: assignIn({
    walletRequest: ({ event }) => {
      assertEvent(event, 'wallet.sign');
      return event.request;
    },
  }),
  /** The dApp's request answered: signed (`ok`), refused with why, or rejected by the visitor. */
  answerWalletRequest: answerIn<RequestAnswer>(({ context }, answer): WalletAnswer => ({
    type: 'wallet.answer',
    requestId: context.walletRequest?.requestId ?? '',
    ...answer,
  })),
  /** A site's transaction was sent to the node (carried out, or failed on chain, gas paid): the balance is read again. */
  tellExecuted: enqueueIn(({ context, enqueue }) => {
    if (context.walletRequest?.kind === 'signAndExecuteTransaction') enqueue.raise({ type: 'account.executed' });
  }),
  /** The proof is asked for only when the approved request signs something. */
  askForProofToSign: enqueueIn(({ context, enqueue }) => {
    if (signs(context.walletRequest)) enqueue.raise({ type: 'account.proofNeeded' });
  }),
  assignWalletPreview: assignIn<TransactionPreview>({ walletPreview: (_, preview) => preview }),
  clearWalletRequest: assignIn({ walletRequest: null, walletPreview: null }),
  /** The visitor rejected the request: when, kept with the last ones that may pause the site. */
  countRejection: assignIn({
    walletRejections: ({ context }) => [...context.walletRejections, Date.now()].slice(-REJECTIONS_BEFORE_PAUSE),
  }),
  /** The visitor approved a request: the rejections before it no longer count. */
  forgetRejections: assignIn({ walletRejections: [] }),
};

export const walletGuards = {
  interactive: ({ event }: GuardArgs) => event.type === 'wallet.connect' && !event.silent && isProvider(event.provider),
  otherAccount: ({ context, event }: GuardArgs) =>
    event.type !== 'wallet.sign' || event.request.address !== context.address || event.request.chain !== context.chain,
  othersTransaction: ({ context, event }: GuardArgs) =>
    event.type === 'wallet.sign' &&
    'transaction' in event.request &&
    // Both in the canonical form: the wallet reads the parties so, and the address is kept so.
    [event.request.sender, event.request.gasOwner].some((party) => party != null && party !== context.address),
  /** The visitor rejected the site's last requests, too many too fast: it waits (the time rule is walletPaused). */
  requestsPaused: ({ context }: GuardArgs) => walletPaused(context.walletRejections, Date.now()),
  pageSessionRead: ({ event }: GuardArgs) =>
    event.type === 'wallet.sign' && event.request.kind === 'getSession' && event.request.origin === undefined,
  noDryRun: ({ event }: GuardArgs) => event.type === 'wallet.sign' && !('transaction' in event.request),
  approvedByPage: ({ event }: GuardArgs) =>
    event.type === 'wallet.sign' && event.request.kind === 'signPersonalMessage' && event.request.approvedByPage === true,
  /** The visitor's answer names the request the dialog shows (never an earlier one). */
  forThisRequest: ({ context, event }: GuardArgs) => 'requestId' in event && event.requestId === context.walletRequest?.requestId,
  /** Approved: this request, unless its dry run says it would fail (then only "Reject"). */
  approvable: (args: GuardArgs) => walletGuards.forThisRequest(args) && args.context.walletPreview?.status !== 'fails',
  /** The proof is there, or the request signs nothing (a site's connect or session read): the work goes on. */
  proofStoredOrUnneeded: (args: GuardArgs) => args.context.proofStored || !signs(args.context.walletRequest),
  ownWallet: ({ context, event }: GuardArgs) => event.type === 'wallet.disconnect' && event.provider === context.provider,
};
