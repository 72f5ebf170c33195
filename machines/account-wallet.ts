/**
 * A dApp through the Wallet Standard wallets (src/wallet/): every call is an event of the
 * machine, answered by an emitted `wallet.answer` with the call's request id. The account's
 * wallet region takes its signing requests, one at a time: a request for another account or
 * chain is refused, as is a transaction naming another sender or gas owner, before anything
 * else (no proof is made for it); one made before the proof waits for it here, in its own
 * region, after asking the session region for it. Connects and disconnects are answered
 * wherever they arrive (the machine's root, and the states that take them).
 */
import { assertEvent, enqueueActions, raise } from 'xstate';
import { isProvider } from './providers.ts';
import { messageOf } from './failure.ts';
import { answerIn, assignIn, type GuardArgs } from './machine-parts.ts';
import type {
  SignInContext,
  SignInEvent,
  WalletAccountData,
  WalletAnswer,
  WalletRefusal,
  WalletSignOutput,
} from './sign-in.types.ts';

/** The account a wallet shows for this context: this tab's, when it has one. */
export function walletAccountOf(context: SignInContext): WalletAccountData | null {
  if (!context.provider || !context.address) return null;
  return { provider: context.provider, address: context.address, publicKey: context.publicKey ?? '' };
}

const refuse = (refusal: WalletRefusal) => ({ actions: { type: 'refuseWallet', params: refusal } }) as const;

export const walletRegion = {
  initial: 'waiting',
  states: {
    // Holds no request: the one answered or refused on the way here is forgotten.
    waiting: {
      entry: 'clearWalletRequest',
      on: {
        'wallet.sign': [
          { guard: 'otherAccount', ...refuse('notThisAccount') },
          { guard: 'othersTransaction', ...refuse('notThisSender') },
          { target: 'waiting-for-proof', actions: ['assignWalletRequest', 'askForProof'] },
        ],
      },
    },
    // Passed through at once when the proof is there; else until it is, or fails (the dApp hears why).
    'waiting-for-proof': {
      always: { guard: 'proofStored', target: 'working' },
      on: {
        'account.proofFailed': {
          target: 'waiting',
          actions: [{ type: 'refuseWalletRequest', params: ({ event }: { event: { message: string } }) => event.message }],
        },
        'wallet.sign': refuse('busy'),
      },
    },
    working: {
      invoke: {
        id: 'walletRequest',
        src: 'walletRequest',
        input: ({ context }: { context: SignInContext }) => context.walletRequest!,
        onDone: {
          target: 'waiting',
          actions: [
            { type: 'answerWalletRequest', params: ({ event }: { event: { output: WalletSignOutput } }) => event.output },
          ],
        },
        onError: {
          target: 'waiting',
          actions: [
            { type: 'refuseWalletRequest', params: ({ event }: { event: { error: unknown } }) => messageOf(event.error) },
          ],
        },
      },
      on: { 'wallet.sign': refuse('busy') },
    },
  },
} as const;

/**
 * Wherever a sign-in ends, a dApp's connect that started it is answered: with the account
 * when this tab now has one of that provider, else refused with why.
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
  const account = walletAccountOf(context);
  const message = context.failure?.message ?? context.notice;
  enqueue.emit(
    account?.provider === pending.provider
      ? { type: 'wallet.answer', requestId, ok: true, account }
      : message
        ? { type: 'wallet.answer', requestId, ok: false, message }
        : { type: 'wallet.answer', requestId, ok: false, refusal: 'signInUnfinished' },
  );
  enqueue.assign({ walletConnect: null });
});

export const walletActions = {
  settleWalletConnect,
  assignWalletConnect: assignIn({
    walletConnect: ({ event }) => {
      assertEvent(event, 'wallet.connect');
      return { requestId: event.requestId, provider: event.provider };
    },
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
  assignWalletRequest: assignIn({
    walletRequest: ({ event }) => {
      assertEvent(event, 'wallet.sign');
      return event.request;
    },
  }),
  answerWalletRequest: answerIn<WalletSignOutput>(({ context }, output) => ({
    type: 'wallet.answer',
    requestId: context.walletRequest?.requestId ?? '',
    ok: true,
    output,
  })),
  /** The request could not be done (its proof or its signing failed): the dApp hears why. */
  refuseWalletRequest: answerIn<string>(({ context }, message) => ({
    type: 'wallet.answer',
    requestId: context.walletRequest?.requestId ?? '',
    ok: false,
    message,
  })),
  clearWalletRequest: assignIn({ walletRequest: null }),
};

export const walletGuards = {
  interactive: ({ event }: GuardArgs) => event.type === 'wallet.connect' && !event.silent && isProvider(event.provider),
  otherAccount: ({ context, event }: GuardArgs) =>
    event.type !== 'wallet.sign' || event.request.address !== context.address || event.request.chain !== context.chain,
  othersTransaction: ({ context, event }: GuardArgs) =>
    event.type === 'wallet.sign' &&
    event.request.kind !== 'signPersonalMessage' &&
    // Both in the canonical form: the wallet reads the parties so, and the address is kept so.
    [event.request.sender, event.request.gasOwner].some((party) => party != null && party !== context.address),
  ownWallet: ({ context, event }: GuardArgs) => event.type === 'wallet.disconnect' && event.provider === context.provider,
};
