/**
 * The account's chain region: the address on the Sui node (its balance, test SUI from the
 * faucet, a transfer). Declared once, for as long as the account lives (signed in, proving,
 * ready): a read or a faucet call under way goes on through Create proof. None of it is
 * 'busy': an unreachable node is a message in its panel, and the account stays usable.
 *
 * A send needs the proof. It waits for it here, in its own region (`waiting-for-proof`),
 * after asking the session region for it (`account.proofNeeded`), and goes on the moment the
 * session is ready; a proof that fails (`account.proofFailed`) drops it.
 */
import { assertEvent, stateIn } from 'xstate';
import { messageOf } from './failure.ts';
import { addressOf, assignIn, failWith, isAnswerOf, type GuardArgs } from './machine-parts.ts';
import type { BalanceOutput } from './sign-in.types.ts';
import { formatSui } from './sui-amount.ts';
import { acceptableTransfer, type TransferReceipt } from './transfer.ts';

export const chainRegion = {
  initial: 'loading-balance',
  // Leaving the account stops a send under way (its actor with it): nothing is left pending.
  exit: 'dropPendingTransfer',
  states: {
    // Reads the balance; a failure is the panel's message, not an alert.
    'loading-balance': {
      tags: ['loading-balance'],
      // A site's transaction went to the node while the balance was being read: read it again after it.
      on: { 'account.executed': { target: 'loading-balance', reenter: true } },
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
          actions: {
            type: 'assignBalanceFailure',
            params: ({ event }: { event: { error: unknown } }) => messageOf(event.error),
          },
        },
      },
    },
    idle: {
      on: {
        'user.refreshBalance': 'loading-balance',
        // A site's transaction went to the node through the wallet: the balance it shows is old.
        'account.executed': 'loading-balance',
        'user.requestTestSui': { target: 'funding', actions: ['clearFailure', 'clearFunded'] },
        'user.send': [
          // Not while "Stay signed in" takes this page to the provider (redirect mode): the page
          // would unload with the transfer on its way, and its answer would never be heard.
          { guard: stateIn('#signIn.account.renewal.due.starting') },
          { guard: stateIn('#signIn.account.renewal.due.leaving') },
          // A send is taken only when it is a transfer the account can make (transfer.ts).
          {
            guard: 'validTransfer',
            target: 'waiting-for-proof',
            actions: ['clearFailure', 'assignPendingTransfer', 'askForProof'],
          },
        ],
      },
    },
    // Asks the faucet for test SUI, then reads the balance again (also after a refusal: it may have sent some).
    funding: {
      tags: ['funding'],
      invoke: {
        id: 'requestTestSui',
        src: 'requestTestSui',
        input: addressOf,
        onDone: {
          target: 'loading-balance',
          actions: { type: 'assignFunded', params: ({ event }: { event: { output: string } }) => event.output },
        },
        onError: { target: 'loading-balance', actions: failWith('funding') },
      },
    },
    // Passed through at once when the proof is there; else until it is, or fails.
    'waiting-for-proof': {
      always: { guard: 'proofStored', target: 'sending' },
      on: { 'account.proofFailed': { target: 'idle', actions: ['dropPendingTransfer', 'failSendForProof'] } },
    },
    sending: {
      tags: ['sending'],
      // Whatever ends the send before its answer (a sign-out, the session's end, a renewal's
      // new session) cannot call back a transfer that may have reached the node.
      exit: 'keepTransferUnderWay',
      invoke: {
        id: 'sendSui',
        src: 'sendSui',
        input: ({ context }: { context: { pendingTransfer: { recipient: string; amount: string } | null } }) =>
          context.pendingTransfer ?? { recipient: '', amount: '0' },
        onDone: {
          target: 'loading-balance',
          actions: {
            type: 'assignLastTransfer',
            params: ({ event }: { event: { output: TransferReceipt } }) => event.output,
          },
        },
        // A transaction that failed on chain still paid its gas: the balance is read again.
        onError: { target: 'loading-balance', actions: [failWith('sending'), 'dropPendingTransfer'] },
      },
    },
  },
} as const;

export const chainActions = {
  assignBalance: assignIn<BalanceOutput>((_, output) => ({ balance: output.balance, balanceFailure: null })),
  assignBalanceFailure: assignIn<string>({ balanceFailure: (_, message) => message }),
  // The last transfer's receipt, and the faucet's, go with a new send: shown beside that
  // send's progress or its failure, they would read as its answer.
  assignPendingTransfer: assignIn({
    pendingTransfer: ({ event }) => {
      assertEvent(event, 'user.send');
      return { recipient: event.recipient, amount: event.amount };
    },
    lastTransfer: null,
    funded: null,
    transferUnderWay: null,
  }),
  assignLastTransfer: assignIn<TransferReceipt>((_, receipt) => ({ lastTransfer: receipt, pendingTransfer: null })),
  dropPendingTransfer: assignIn({ pendingTransfer: null }),
  // The proof's failure is the send's: said where the visitor pressed Send, that nothing was sent.
  failSendForProof: assignIn(({ context }) =>
    context.failure?.step === 'proving' ? { failure: { ...context.failure, step: 'proving-for-send' as const } } : {},
  ),
  // Left before its own answer: the transfer may still go through, and this page will not hear.
  keepTransferUnderWay: assignIn(({ context, event }) =>
    context.pendingTransfer && !isAnswerOf('sendSui', event)
      ? { transferUnderWay: formatSui(context.pendingTransfer.amount) }
      : {},
  ),
  assignFunded: assignIn<string>({ funded: (_, amount) => amount }),
  clearFunded: assignIn({ funded: null }),
};

export const chainGuards = {
  validTransfer: ({ context, event }: GuardArgs) => event.type === 'user.send' && acceptableTransfer(event, context.balance),
};
