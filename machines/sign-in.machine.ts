/**
 * signInMachine: all behaviour of the sign-in flow, in one statechart.
 *
 *   restoring → idle → redirecting → (provider) → callback-validating → fetching-login
 *             → signed-in → proving → ready → logged-out
 *
 * Beside an account (signed-in and ready) the Sui node is asked too: the balance, test
 * SUI from the faucet, a transfer, and (in ready) the node's verdict on each signature.
 * That work never carries the 'busy' tag and never leaves the account: an unreachable
 * node is a message in its panel, and sign-in, proof and signing go on without it.
 *
 * A failure belongs to the state the visitor is in: it is kept in context (`failure`, the
 * alert) and the failed step returns to where the visitor can act again, with the controls
 * of that state: a failed start to the sign-in buttons, a refused callback to whatever
 * storage holds, a failed proof to `signed-in`, a failed signature to `ready`. Only a failed
 * login lookup, whose token is held in memory, has a state of its own (`failed`) with
 * "Try again" and "Start over". The machine decides; the actors named here do the I/O and
 * are attached at the app edge with `signInMachine.provide(...)`. No I/O in this file.
 * Each state's one-sentence description, for the chart, the docs and the devtools, is in
 * sign-in.descriptions.ts.
 */
import {
  assertEvent,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  raise,
  sendTo,
  setup,
  spawnChild,
  stopChild,
  type AnyActorLogic,
  type CallbackActorLogic,
  type EventObject,
  type PromiseActorLogic,
} from 'xstate';
import { msUntilExpiry } from './expiry.ts';
import { SESSION_EXPIRED_MESSAGE } from './machine-messages.ts';
import { messageOf, STRAY_CALLBACK, toFailure } from './failure.ts';
import { POPUP_NOTICES, popupState } from './popup.ts';
import { PROVIDER_LABELS, isProvider } from './providers.ts';
import type { Secret } from './secret.ts';
import { checkTransfer, type TransferReceipt, type TransferRequest } from './transfer.ts';
import type {
  BalanceOutput,
  CallbackOutput,
  FailedStep,
  Failure,
  RestoreOutput,
  SignInContext,
  SignInEvent,
  SignInInput,
  SignInTag,
  SignOutput,
  SignedInSession,
  PopupCommand,
  StartInput,
  StartOutput,
  Verification,
  WalletAnswer,
  WalletRefusal,
  WalletRequest,
  WalletSignOutput,
} from './sign-in.types.ts';

/**
 * Every actor's stand-in until the app edge provides it (`signInMachine.provide`): invoked,
 * it fails, naming the actor. One logic for all, typed as each: the first page carries the
 * machine, and fourteen stand-ins of their own weighed twice as much.
 */
const notProvided = fromPromise<never>(async ({ self }) => {
  throw new Error(`signInMachine: actor "${self.id}" was not provided`);
});
const provideLater = <Logic extends AnyActorLogic>() => notProvided as unknown as Logic;

const UNREADABLE_NOTICE = 'Your stored session could not be read, so you have been signed out.';

/** Keeps what an actor threw as the failure of `step` (an onError transition's action). */
const failWith = (step: FailedStep) =>
  ({ type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => toFailure(event.error, step) }) as const;

/** The signed-in part of what storage held; the transition's guard has already chosen it. */
function restoredSession(output: RestoreOutput): SignedInSession {
  if (output.status === 'signed-in' || output.status === 'ready') return output;
  throw new Error(`signInMachine: no session in a restore that found "${output.status}"`);
}

/** Where no account is shown, a new callback fragment is validated; any alert gives way to it. */
const onFragment = { target: '#signIn.callback-validating', actions: ['clearFailure', 'assignFragment'] } as const;

/**
 * Signed in (also while proving or ready), a callback fragment is never a new sign-in: the
 * visitor stays where they are, with what they were doing still under way, and is told.
 */
const refuseStrayCallback = { actions: ['clearFragment', 'refuseStrayCallback'] } as const;

/** The alert's close button, wherever an alert sits beside the state's own controls. */
const dismiss = { guard: 'hasFailure', actions: 'clearFailure' } as const;

const expireSession = {
  untilExpiry: {
    target: '#signIn.logged-out',
    actions: ['clearFailure', { type: 'assignNotice', params: SESSION_EXPIRED_MESSAGE }],
  },
} as const;

/** A sign-in click: popup mode opens a window for the provider; otherwise this page goes there. */
const signIn = [
  { guard: 'popupMode', target: '#signIn.redirecting.awaitingPopup', actions: ['clearFailure', 'assignRequestedProvider'] },
  { target: '#signIn.redirecting.preparing', actions: ['clearFailure', 'assignRequestedProvider'] },
] as const;

/**
 * Warm start, wherever sign-in buttons are shown: once the visitor shows intent, the
 * ephemeral key and nonce are made ahead of the click (kept in memory, never stored).
 * Without intent the login service is never called. A failure here is silent: the click
 * then simply does the work itself.
 */
const warmStart = {
  initial: 'cold',
  states: {
    cold: {
      on: { 'user.intent': 'preparing' },
    },
    preparing: {
      invoke: { id: 'prepareSignIn', src: 'prepareSignIn', onDone: 'prepared', onError: 'cold' },
    },
    prepared: {},
  },
} as const;

type Context = { context: SignInContext };
const addressOf = ({ context }: Context) => ({ address: context.address ?? '' });

/** Reads the balance; a failure is the panel's message, not an alert, and the account stays. */
const loadingBalance = {
  tags: ['loading-balance'],
  invoke: {
    id: 'loadBalance',
    src: 'loadBalance',
    input: addressOf,
    onDone: {
      target: 'idle',
      actions: { type: 'assignBalance', params: ({ event }: { event: { output: BalanceOutput } }) => event.output },
    },
    onError: {
      target: 'idle',
      actions: { type: 'assignBalanceFailure', params: ({ event }: { event: { error: unknown } }) => messageOf(event.error) },
    },
  },
} as const;

/** Asks the faucet for test SUI, then reads the balance again (also after a refusal: it may have sent some). */
const funding = {
  tags: ['funding'],
  invoke: {
    id: 'requestTestSui',
    src: 'requestTestSui',
    input: addressOf,
    onDone: 'loading-balance',
    onError: { target: 'loading-balance', actions: failWith('funding') },
  },
} as const;

const refreshBalance = { target: 'loading-balance' } as const;
const requestTestSui = { target: 'funding', actions: 'clearFailure' } as const;
/** A send is taken only when the form's rules (transfer.ts) accept it. */
const acceptSend = (target: string) =>
  ({ guard: 'validTransfer', target, actions: ['clearFailure', 'assignPendingTransfer'] }) as const;

/** The visitor's own sign-out reaches every tab; another tab's reaches this one. */
const signOut = { target: '#signIn.logged-out', actions: ['clearFailure', 'markSignOutEverywhere'] } as const;
/**
 * Another tab's sign-out reaches this one: its account ends, and so does a sign-in under
 * way here (starting, at the provider, its callback being checked, or a flow left at the
 * buttons), since that tab emptied the key vault that sealed it.
 */
const signedOutElsewhere = {
  target: '#signIn.logged-out',
  actions: ['clearFailure', { type: 'assignNotice', params: 'You signed out in another tab.' }],
} as const;

const refuseWallet = (refusal: WalletRefusal) => ({ actions: { type: 'refuseWallet', params: refusal } }) as const;

/**
 * A dApp's request for this account (and chain) goes to `target`; one for another is
 * refused, as is a transaction that names another sender or gas owner: before anything
 * else, a proof included.
 */
const acceptWalletRequest = (target: string) =>
  [
    { guard: 'otherAccount', ...refuseWallet('notThisAccount') },
    { guard: 'othersTransaction', ...refuseWallet('notThisSender') },
    { target, actions: 'assignWalletRequest' },
  ] as const;

/** A dApp's disconnect of this account's wallet is the visitor's sign-out, answered; another wallet's changes nothing. */
const walletDisconnect = [
  { guard: 'ownWallet', ...signOut, actions: [...signOut.actions, 'answerWalletDisconnect'] },
  { actions: 'answerWalletDisconnect' },
] as const;

/** What an account offers in every state that shows one. */
const accountEvents = {
  'user.signOut': signOut,
  'tab.signedOut': signedOutElsewhere,
  'url.fragment': refuseStrayCallback,
  'user.dismiss': dismiss,
  'wallet.disconnect': walletDisconnect,
} as const;

/**
 * Where the sign-in buttons are, a dApp's interactive connect is the visitor's sign-in
 * with its wallet's provider: raised as that event, so both read the same in the chart.
 */
const walletSignIn = { guard: 'interactive', actions: ['assignWalletConnect', 'signInForWallet'] } as const;

/**
 * Wherever a sign-in ends, a dApp's connect that started it is answered: with the
 * account when this tab now has one of that provider, else refused with why.
 */
const settleWalletConnect = enqueueActions<
  SignInContext,
  SignInEvent,
  undefined,
  SignInEvent,
  never,
  never,
  never,
  never,
  WalletAnswer
>(({ context, enqueue }) => {
  const pending = context.walletConnect;
  if (!pending) return;
  const { requestId } = pending;
  if (context.address && context.provider === pending.provider) {
    const account = { provider: context.provider, address: context.address, publicKey: context.publicKey ?? '' };
    enqueue.emit({ type: 'wallet.answer', requestId, ok: true, account } satisfies WalletAnswer);
  } else {
    const message = context.failure?.message ?? context.notice ?? 'The sign-in did not finish.';
    enqueue.emit({ type: 'wallet.answer', requestId, ok: false, message } satisfies WalletAnswer);
  }
  enqueue.assign({ walletConnect: null });
});

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput | undefined,
    tags: {} as SignInTag,
    emitted: {} as WalletAnswer,
  },
  actors: {
    /** Reads storage and says what it holds; never throws. */
    restoreSession: provideLater<PromiseActorLogic<RestoreOutput, { discardPendingFlow: boolean }>>(),
    /** Makes the ephemeral key and nonce ahead of a likely click, in memory only. */
    prepareSignIn: provideLater<PromiseActorLogic<void, void>>(),
    /** Makes (or takes the prepared) ephemeral key and nonce, stores the session, returns the provider URL. */
    startSignIn: provideLater<PromiseActorLogic<StartOutput, StartInput>>(),
    /**
     * Popup mode: opens the sign-in window at once (in the click's own task, so that
     * blockers allow it) and says `popup.opened` or `popup.blocked`; goes where it is told
     * (`popup.navigate`), comes forward (`popup.focus`), hands back the window's answer for
     * its flow only (`popup.callback`) and says `popup.closed` when it reads as closed (closed
     * by the visitor, or cut off by the provider's page).
     * Stopped, it closes a window that is still open.
     */
    popupWindow: provideLater<CallbackActorLogic<PopupCommand, void, SignInEvent>>(),
    /**
     * Popup mode: listens for the answer of a window that reads as closed (it may only be
     * cut off by the provider's page) and hands it back as `popup.callback`.
     */
    popupAnswer: provideLater<CallbackActorLogic<EventObject, { flowId: string }, SignInEvent>>(),
    /** Runs the callback checks against the flow this tab started. */
    validateCallback: provideLater<PromiseActorLogic<CallbackOutput, { fragment: Secret<string> }>>(),
    /** Gets address, salt and publicKey; stores the jwt and the sign-in state. */
    fetchLogin: provideLater<PromiseActorLogic<SignedInSession, { jwt: Secret<string> }>>(),
    /** Requests the proof, checks it builds a signer for our address, stores it. */
    createProof: provideLater<PromiseActorLogic<void, void>>(),
    /** Signs a personal message with the zkLogin signer. */
    signMessage: provideLater<PromiseActorLogic<SignOutput, { message: string }>>(),
    /** Asks the Sui node whether the signature is valid for the address. */
    verifySignature: provideLater<PromiseActorLogic<Verification, { message: string; signature: string; address: string }>>(),
    /** Reads the address's SUI balance from the Sui node. */
    loadBalance: provideLater<PromiseActorLogic<BalanceOutput, { address: string }>>(),
    /** Asks the faucet for test SUI for the address (testnet and devnet). */
    requestTestSui: provideLater<PromiseActorLogic<void, { address: string }>>(),
    /** Builds, signs (zkLogin) and executes a SUI transfer. */
    sendSui: provideLater<PromiseActorLogic<TransferReceipt, TransferRequest>>(),
    /** Signs a dApp's message or transaction with the zkLogin signer (a transaction built, and executed when asked, with the node). */
    walletRequest: provideLater<PromiseActorLogic<WalletSignOutput, WalletRequest>>(),
    /** Clears sign-in state, session and native key. */
    clearSession: provideLater<PromiseActorLogic<void, { everywhere: boolean }>>(),
  },
  actions: {
    /** Sends the browser to the provider (attached at the app edge). */
    navigate: (_, _params: { url: string }) => {},
    /** Removes the fragment from the URL without a history entry (attached at the app edge). */
    clearFragment: () => {},
    assignSession: assign((_, session: SignedInSession) => ({
      provider: session.provider,
      address: session.address,
      expiresAt: session.expiresAt,
      publicKey: session.publicKey,
    })),
    assignFailure: assign({ failure: (_, failure: Failure) => failure }),
    refuseStrayCallback: assign({ failure: STRAY_CALLBACK }),
    clearFailure: assign({ failure: null }),
    assignFragment: assign({
      fragment: ({ event }) => {
        assertEvent(event, 'url.fragment');
        return event.fragment;
      },
    }),
    assignRequestedProvider: assign({
      requestedProvider: ({ event }) => {
        assertEvent(event, 'user.signIn');
        return event.provider;
      },
      notice: null,
    }),
    assignWalletConnect: assign({
      walletConnect: ({ event }) => {
        assertEvent(event, 'wallet.connect');
        return { requestId: event.requestId, provider: event.provider };
      },
    }),
    settleWalletConnect,
    assignPopupCallback: assign({
      fragment: ({ event }) => {
        assertEvent(event, 'popup.callback');
        return event.fragment;
      },
    }),
    navigatePopup: sendTo('popupWindow', (_, params: { url: string }): PopupCommand => ({
      type: 'popup.navigate',
      url: params.url,
    })),
    focusPopup: sendTo('popupWindow', { type: 'popup.focus' } satisfies PopupCommand),
    assignSignInWindow: assign({
      signInWindow: ({ event }) => {
        assertEvent(event, 'popup.opened');
        return { flowId: event.flowId, expiresAt: null };
      },
    }),
    /** The window's flow is stored: from now on it lives until it expires. */
    assignWindowExpiry: assign({
      signInWindow: ({ context }, expiresAt: number) => context.signInWindow && { ...context.signInWindow, expiresAt },
    }),
    clearSignInWindow: assign({ signInWindow: null }),
    listenForWindowAnswer: spawnChild('popupAnswer', {
      id: 'popupAnswer',
      input: ({ context }) => ({ flowId: context.signInWindow?.flowId ?? '' }),
    }),
    stopListeningForWindowAnswer: stopChild('popupAnswer'),
    signInForWallet: raise(({ event }) => {
      assertEvent(event, 'wallet.connect');
      return { type: 'user.signIn' as const, provider: event.provider };
    }),
    /** A connect is answered with this tab's account when it is the wallet's provider's. */
    answerWalletConnect: emit(({ context, event }): WalletAnswer => {
      assertEvent(event, 'wallet.connect');
      const { requestId } = event;
      if (context.provider && context.address) {
        if (context.provider === event.provider) {
          const account = { provider: context.provider, address: context.address, publicKey: context.publicKey ?? '' };
          return { type: 'wallet.answer', requestId, ok: true, account };
        }
        if (!event.silent) {
          const label = PROVIDER_LABELS[context.provider];
          return {
            type: 'wallet.answer',
            requestId,
            ok: false,
            message: `This tab is signed in with ${label}: disconnect first.`,
          };
        }
      }
      if (event.silent) return { type: 'wallet.answer', requestId, ok: true, account: null };
      return { type: 'wallet.answer', requestId, ok: false, refusal: 'signInUnderWay' };
    }),
    answerWalletDisconnect: emit(({ event }): WalletAnswer => {
      assertEvent(event, 'wallet.disconnect');
      return { type: 'wallet.answer', requestId: event.requestId, ok: true };
    }),
    refuseWallet: emit(({ event }, refusal: WalletRefusal): WalletAnswer => {
      assertEvent(event, ['wallet.sign', 'wallet.connect', 'wallet.disconnect']);
      const requestId = event.type === 'wallet.sign' ? event.request.requestId : event.requestId;
      return { type: 'wallet.answer', requestId, ok: false, refusal };
    }),
    assignWalletRequest: assign({
      walletRequest: ({ event }) => {
        assertEvent(event, 'wallet.sign');
        return event.request;
      },
    }),
    answerWalletRequest: emit(({ context }, output: WalletSignOutput): WalletAnswer => ({
      type: 'wallet.answer',
      requestId: context.walletRequest?.requestId ?? '',
      ok: true,
      output,
    })),
    /** The request could not be done (its proof or its signing failed): the dApp hears why. */
    refuseWalletRequest: emit(({ context }, message: string): WalletAnswer => ({
      type: 'wallet.answer',
      requestId: context.walletRequest?.requestId ?? '',
      ok: false,
      message,
    })),
    clearWalletRequest: assign({ walletRequest: null }),
    assignNotice: assign({ notice: (_, notice: string) => notice }),
    assignBalance: assign((_, output: BalanceOutput) => ({ balance: output.balance, balanceFailure: null })),
    assignBalanceFailure: assign({ balanceFailure: (_, message: string) => message }),
    assignPendingTransfer: assign({
      pendingTransfer: ({ context, event }) => {
        assertEvent(event, 'user.send');
        const check = checkTransfer({ ...event, balance: context.balance });
        return check.ok ? check.request : null;
      },
    }),
    markSignOutEverywhere: assign({ signOutEverywhere: true }),
    // The failure is not forgotten here: a refused callback may land in logged-out with it.
    forgetSession: assign({
      provider: null,
      address: null,
      expiresAt: null,
      jwt: null,
      fragment: null,
      signature: null,
      signedMessage: null,
      verification: null,
      balance: null,
      balanceFailure: null,
      pendingTransfer: null,
      lastTransfer: null,
      publicKey: null,
      walletRequest: null,
      signInWindow: null,
      pendingFlow: false,
    }),
  },
  guards: {
    hasFragment: ({ context }) => context.fragment !== null,
    popupMode: ({ context }) => context.signInMode === 'popup',
    hasFailure: ({ context }) => context.failure !== null,
    restoredReady: (_, output: RestoreOutput) => output.status === 'ready',
    restoredSignedIn: (_, output: RestoreOutput) => output.status === 'signed-in',
    restoredExpired: (_, output: RestoreOutput) => output.status === 'expired',
    restoredUnreadable: (_, output: RestoreOutput) => output.status === 'unreadable',
    canRetry: ({ context }) => context.failure?.retryable === true,
    hasSignature: ({ context }) => context.signature !== null && context.signedMessage !== null,
    hasPendingTransfer: ({ context }) => context.pendingTransfer !== null,
    interactive: ({ event }) => event.type === 'wallet.connect' && !event.silent && isProvider(event.provider),
    otherAccount: ({ context, event }) =>
      event.type !== 'wallet.sign' || event.request.address !== context.address || event.request.chain !== context.chain,
    othersTransaction: ({ context, event }) =>
      event.type === 'wallet.sign' &&
      event.request.kind !== 'signPersonalMessage' &&
      // Both in the canonical form: the wallet reads the parties so, and the address is kept so.
      [event.request.sender, event.request.gasOwner].some((party) => party != null && party !== context.address),
    /** A window's flow is still listened for: it read as closed once at the provider (idle clears it on leaving). */
    lostWindow: ({ context }) => context.signInWindow?.expiresAt != null,
    flowLeftHere: ({ context }) => context.pendingFlow || context.signInWindow?.expiresAt != null,
    hasWalletRequest: ({ context }) => context.walletRequest !== null,
    ownWallet: ({ context, event }) => event.type === 'wallet.disconnect' && event.provider === context.provider,
    validTransfer: ({ context, event }) => event.type === 'user.send' && checkTransfer({ ...event, balance: context.balance }).ok,
  },
  delays: {
    // The spec's time rule, live: the session ends at expiresAt even without a reload.
    untilExpiry: ({ context }) => msUntilExpiry(context.expiresAt ?? 0, Date.now()),
    // (A window whose flow is not listened for never expires here.)
    windowFlowExpiry: ({ context }) => msUntilExpiry(context.signInWindow?.expiresAt ?? Infinity, Date.now()),
  },
}).createMachine({
  id: 'signIn',
  initial: 'restoring',
  context: ({ input }) => ({
    provider: null,
    address: null,
    expiresAt: null,
    fragment: input?.fragment ?? null,
    jwt: null,
    requestedProvider: null,
    failure: null,
    notice: null,
    signature: null,
    signedMessage: null,
    verification: null,
    balance: null,
    balanceFailure: null,
    pendingTransfer: null,
    lastTransfer: null,
    publicKey: null,
    chain: input?.chain ?? 'sui:testnet',
    walletRequest: null,
    discardPendingFlow: false,
    signOutEverywhere: false,
    signInMode: input?.signInMode ?? 'redirect',
    walletConnect: null,
    signInWindow: null,
    pendingFlow: false,
  }),
  // A dApp's wallet calls that no state takes: answered from what this tab has.
  on: {
    'wallet.connect': { actions: 'answerWalletConnect' },
    'wallet.disconnect': { actions: 'answerWalletDisconnect' },
    'wallet.sign': refuseWallet('noAccount'),
  },
  states: {
    // Reads storage at load, after "Start over", and after a refused callback, whose
    // failure it carries to wherever storage leads: the account, or the sign-in buttons.
    // Unreadable storage is an outcome (signed out, with a notice), not an error.
    restoring: {
      tags: ['busy'],
      // A callback in the URL at load is validated first.
      always: { guard: 'hasFragment', target: 'callback-validating' },
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        input: ({ context }) => ({ discardPendingFlow: context.discardPendingFlow }),
        onDone: [
          {
            guard: { type: 'restoredReady', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'assignSession', params: ({ event }) => restoredSession(event.output) },
          },
          {
            guard: { type: 'restoredSignedIn', params: ({ event }) => event.output },
            target: 'signed-in',
            actions: { type: 'assignSession', params: ({ event }) => restoredSession(event.output) },
          },
          // The spec's time rule: a stored session past expiresAt reads as logged out.
          {
            guard: { type: 'restoredExpired', params: ({ event }) => event.output },
            target: 'logged-out',
            actions: { type: 'assignNotice', params: SESSION_EXPIRED_MESSAGE },
          },
          {
            guard: { type: 'restoredUnreadable', params: ({ event }) => event.output },
            target: 'logged-out',
            actions: { type: 'assignNotice', params: UNREADABLE_NOTICE },
          },
          {
            target: 'idle',
            actions: assign({ pendingFlow: ({ event }) => event.output.status === 'empty' && event.output.pendingFlow === true }),
          },
        ],
        // The restore itself could not run (its code did not load): storage is left as it
        // is, for a reload to find, and the visitor hears why at the sign-in buttons.
        onError: { target: 'idle', actions: failWith('restoring') },
      },
      exit: assign({ discardPendingFlow: false }),
      on: { 'url.fragment': onFragment },
    },

    // A sign-in window that read as closed may still answer (the provider's page can cut
    // it off): its flow is listened for here until it answers, is replaced by a new
    // sign-in, is ended by a sign-out elsewhere, or expires.
    idle: {
      ...warmStart,
      tags: ['can-sign-in'],
      entry: 'settleWalletConnect',
      exit: ['stopListeningForWindowAnswer', 'clearSignInWindow'],
      after: {
        windowFlowExpiry: {
          guard: 'lostWindow',
          target: 'logged-out',
          actions: ['clearFailure', { type: 'assignNotice', params: POPUP_NOTICES.expired }],
        },
      },
      on: {
        'user.signIn': signIn,
        'wallet.connect': walletSignIn,
        'url.fragment': onFragment,
        'user.dismiss': dismiss,
        'popup.callback': {
          guard: 'lostWindow',
          target: 'callback-validating',
          actions: ['clearFailure', 'assignPopupCallback'],
        },
        // A flow left in this tab (one at the provider, or a window's still listened for)
        // is sealed with a key the other tab has just destroyed: it ends. A tab that has
        // nothing stored stays as it is, alert included.
        'tab.signedOut': { guard: 'flowLeftHere', ...signedOutElsewhere },
      },
    },

    redirecting: {
      initial: 'preparing',
      on: { 'tab.signedOut': signedOutElsewhere },
      states: {
        // Popup mode: the provider in a window of its own, this page staying as it is. The
        // buttons stay: a click brings the window forward. A blocked window falls back to
        // this page going there; a closed one returns to the buttons with a notice.
        awaitingPopup: {
          tags: ['can-sign-in', 'awaiting-popup'],
          invoke: { id: 'popupWindow', src: 'popupWindow' },
          initial: 'opening',
          on: {
            'popup.blocked': { target: 'preparing', actions: { type: 'assignNotice', params: POPUP_NOTICES.blocked } },
            'popup.closed': {
              target: '#signIn.idle',
              actions: [{ type: 'assignNotice', params: POPUP_NOTICES.closed }, 'clearSignInWindow'],
            },
            'user.signIn': { actions: 'focusPopup' },
          },
          states: {
            opening: {
              on: { 'popup.opened': { target: 'open', actions: 'assignSignInWindow' } },
            },
            // The key and nonce are made for the window's flow (named by the popup.opened
            // that entered this state), stored, and the window goes to the provider.
            open: {
              invoke: {
                id: 'startSignIn',
                src: 'startSignIn',
                input: ({ context, event }) => {
                  assertEvent(event, 'popup.opened');
                  return { provider: context.requestedProvider ?? '', state: popupState(event.flowId) };
                },
                onDone: {
                  target: 'at-provider',
                  actions: [
                    { type: 'navigatePopup', params: ({ event }) => ({ url: event.output.url }) },
                    { type: 'assignWindowExpiry', params: ({ event }) => event.output.expiresAt },
                  ],
                },
                onError: { target: '#signIn.idle', actions: [failWith('redirecting'), 'clearSignInWindow'] },
              },
            },
            // The window is at the provider: its answer comes back here, never through this
            // page's URL. A window that now reads as closed may only be cut off by the
            // provider's page: the buttons come back, and its flow is still listened for.
            'at-provider': {
              on: {
                'popup.callback': { target: '#signIn.callback-validating', actions: ['clearFailure', 'assignPopupCallback'] },
                'popup.closed': {
                  target: '#signIn.idle',
                  actions: [{ type: 'assignNotice', params: POPUP_NOTICES.lost }, 'listenForWindowAnswer'],
                },
              },
            },
          },
        },
        preparing: {
          tags: ['busy'],
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ provider: context.requestedProvider ?? '' }),
            onDone: {
              target: 'navigating',
              actions: { type: 'navigate', params: ({ event }) => ({ url: event.output.url }) },
            },
            // Nothing was stored: back to the sign-in buttons, where a click starts afresh.
            onError: { target: '#signIn.idle', actions: failWith('redirecting') },
          },
        },
        // The page unloads from here. If it comes back from the back/forward cache
        // (Back on the provider's page), read storage again instead of spinning; if the
        // navigation was stopped and the answer arrives as a fragment, take it.
        navigating: {
          tags: ['busy'],
          on: { 'page.restored': '#signIn.restoring', 'url.fragment': onFragment },
        },
      },
    },

    'callback-validating': {
      tags: ['busy', 'verifying'],
      // The token leaves the URL the moment it has been read; a window's flow is answered.
      entry: ['clearFragment', 'clearSignInWindow'],
      invoke: {
        id: 'validateCallback',
        src: 'validateCallback',
        input: ({ context }) => ({ fragment: context.fragment! }),
        onDone: {
          target: 'fetching-login',
          actions: assign({ jwt: ({ event }) => event.output.jwt, fragment: null, notice: null }),
        },
        // Refused: storage is untouched, so read it again and land where it says, with the
        // message: an existing account stays, otherwise the sign-in buttons.
        onError: { target: 'restoring', actions: [failWith('callback-validating'), assign({ fragment: null })] },
      },
      on: { 'tab.signedOut': signedOutElsewhere },
    },

    'fetching-login': {
      tags: ['busy', 'verifying'],
      invoke: {
        id: 'fetchLogin',
        src: 'fetchLogin',
        input: ({ context }) => ({ jwt: context.jwt! }),
        onDone: {
          target: 'signed-in',
          actions: [{ type: 'assignSession', params: ({ event }) => event.output }, assign({ jwt: null })],
        },
        // The jwt stays in memory so that "Try again" can repeat the call.
        onError: { target: 'failed', actions: failWith('fetching-login') },
      },
      on: { 'user.signOut': signOut, 'tab.signedOut': signedOutElsewhere },
    },

    // The Sui node's part beside it: the balance is read on arrival; a send made here
    // creates the proof first (proving, then ready.chain.sending).
    'signed-in': {
      tags: ['has-account'],
      entry: 'settleWalletConnect',
      after: expireSession,
      initial: 'loading-balance',
      states: {
        'loading-balance': loadingBalance,
        idle: {
          on: {
            'user.refreshBalance': refreshBalance,
            'user.requestTestSui': requestTestSui,
            'user.send': acceptSend('#signIn.proving'),
          },
        },
        funding,
      },
      on: {
        ...accountEvents,
        'user.createProof': { target: 'proving', actions: 'clearFailure' },
        // Signing needs the proof: it is made first, then the request goes on.
        'wallet.sign': acceptWalletRequest('#signIn.proving'),
      },
    },

    proving: {
      tags: ['has-account', 'busy'],
      after: expireSession,
      invoke: {
        id: 'createProof',
        src: 'createProof',
        // A send that was waiting for the proof goes on at once.
        onDone: [
          { guard: 'hasPendingTransfer', target: '#signIn.ready.chain.sending' },
          { guard: 'hasWalletRequest', target: '#signIn.ready.wallet.working' },
          { target: 'ready' },
        ],
        // The proof is optional: the account stays, and "Create proof" tries again.
        // A dApp's request that waited for the proof is refused with the reason.
        onError: [
          {
            guard: 'hasWalletRequest',
            target: 'signed-in',
            actions: [
              failWith('proving'),
              { type: 'refuseWalletRequest', params: ({ event }) => messageOf(event.error) },
              'clearWalletRequest',
            ],
          },
          { target: 'signed-in', actions: [failWith('proving'), assign({ pendingTransfer: null })] },
        ],
      },
      on: { ...accountEvents, 'wallet.sign': refuseWallet('busy') },
    },

    // Two regions: signing a message (then asking the node to verify it), and the node's
    // balance, faucet and transfers. Each goes on while the other works.
    ready: {
      tags: ['has-account', 'has-proof'],
      entry: 'settleWalletConnect',
      type: 'parallel',
      after: expireSession,
      states: {
        message: {
          initial: 'waiting',
          states: {
            waiting: {
              on: {
                'user.signMessage': { target: 'signing', actions: 'clearFailure' },
                'user.verifySignature': { guard: 'hasSignature', target: 'verifying' },
              },
            },
            signing: {
              tags: ['busy'],
              invoke: {
                id: 'signMessage',
                src: 'signMessage',
                input: ({ event }) => {
                  assertEvent(event, 'user.signMessage');
                  return { message: event.message };
                },
                onDone: {
                  target: 'verifying',
                  actions: assign({
                    signature: ({ event }) => event.output.signature,
                    signedMessage: ({ event }) => event.output.message,
                    verification: null,
                  }),
                },
                onError: { target: 'waiting', actions: failWith('signing') },
              },
            },
            // The signature is shown at once; the node's verdict follows beside it.
            verifying: {
              tags: ['verifying-signature'],
              entry: assign({ verification: null }),
              invoke: {
                id: 'verifySignature',
                src: 'verifySignature',
                input: ({ context }) => ({
                  message: context.signedMessage ?? '',
                  signature: context.signature ?? '',
                  address: context.address ?? '',
                }),
                onDone: { target: 'waiting', actions: assign({ verification: ({ event }) => event.output }) },
                onError: {
                  target: 'waiting',
                  actions: assign({
                    verification: ({ event }) => ({ status: 'unavailable' as const, reason: messageOf(event.error) }),
                  }),
                },
              },
            },
          },
        },
        chain: {
          initial: 'loading-balance',
          states: {
            'loading-balance': loadingBalance,
            idle: {
              on: {
                'user.refreshBalance': refreshBalance,
                'user.requestTestSui': requestTestSui,
                'user.send': acceptSend('sending'),
              },
            },
            funding,
            sending: {
              tags: ['sending'],
              invoke: {
                id: 'sendSui',
                src: 'sendSui',
                input: ({ context }) => context.pendingTransfer ?? { recipient: '', amount: '0' },
                onDone: {
                  target: 'loading-balance',
                  actions: assign({ lastTransfer: ({ event }) => event.output, pendingTransfer: null }),
                },
                // A transaction that failed on chain still paid its gas: the balance is read again.
                onError: { target: 'loading-balance', actions: [failWith('sending'), assign({ pendingTransfer: null })] },
              },
            },
          },
        },
        // A dApp's requests through the wallet: one at a time, beside the visitor's own.
        wallet: {
          initial: 'waiting',
          states: {
            waiting: {
              on: { 'wallet.sign': acceptWalletRequest('working') },
            },
            working: {
              invoke: {
                id: 'walletRequest',
                src: 'walletRequest',
                input: ({ context }) => context.walletRequest!,
                onDone: {
                  target: 'waiting',
                  actions: [{ type: 'answerWalletRequest', params: ({ event }) => event.output }, 'clearWalletRequest'],
                },
                onError: {
                  target: 'waiting',
                  actions: [{ type: 'refuseWalletRequest', params: ({ event }) => messageOf(event.error) }, 'clearWalletRequest'],
                },
              },
              on: { 'wallet.sign': refuseWallet('busy') },
            },
          },
        },
      },
      on: accountEvents,
    },

    // A failed login lookup: the provider's token is still in memory, so "Try again"
    // repeats the same call, and "Start over" drops the unfinished flow.
    failed: {
      tags: ['verifying', 'login-failed'],
      entry: 'settleWalletConnect',
      exit: 'clearFailure',
      on: {
        'user.retry': { guard: 'canRetry', target: 'fetching-login' },
        'user.startOver': { target: 'restoring', actions: assign({ discardPendingFlow: true, jwt: null }) },
        'tab.signedOut': signedOutElsewhere,
        'url.fragment': onFragment,
      },
    },

    'logged-out': {
      tags: ['can-sign-in'],
      initial: 'clearing',
      entry: ['settleWalletConnect', 'forgetSession'],
      exit: assign({ signOutEverywhere: false }),
      on: { 'user.dismiss': dismiss },
      states: {
        clearing: {
          invoke: {
            id: 'clearSession',
            src: 'clearSession',
            input: ({ context }) => ({ everywhere: context.signOutEverywhere }),
            onDone: 'done',
            // Clearing is best effort: the visitor is signed out either way.
            onError: 'done',
          },
        },
        done: {
          ...warmStart,
          on: {
            'user.signIn': signIn,
            'wallet.connect': walletSignIn,
            'url.fragment': onFragment,
          },
        },
      },
    },
  },
});
