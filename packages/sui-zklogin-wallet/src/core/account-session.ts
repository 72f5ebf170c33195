/**
 * The account's session region: the steps of the spec's journey once signed in. The
 * address is shown (`signed-in`); Create proof, or a send or a dApp's request that needs
 * the proof (`account.proofNeeded`, from their regions), makes it (`proving`); with the
 * proof stored (`proofStored`, which a restore may find) the account signs (`ready`): a
 * message, and the Sui node's verdict on it.
 * A proof that fails leaves the account as it was, with the alert, and tells the regions
 * waiting for it (`account.proofFailed`).
 */
import { assertEvent, raise } from 'xstate';
import { messageOf } from './failure.ts';
import { hasText } from './message-text.ts';
import { assignIn, failWith, type GuardArgs } from './machine-parts.ts';
import type { SignInContext, SignInEvent, SignOutput, Verification } from './sign-in.types.ts';

export const sessionRegion = {
  initial: 'signed-in',
  states: {
    'signed-in': {
      // A session restored with its proof goes straight on.
      always: { guard: 'proofStored', target: 'ready' },
      // A region's need leaves the alert as it is: what asked clears its own (a send does).
      on: { 'user.createProof': { target: 'proving', actions: 'clearFailure' }, 'account.proofNeeded': 'proving' },
    },
    proving: {
      tags: ['busy'],
      invoke: {
        id: 'createProof',
        src: 'createProof',
        onDone: { target: 'ready', actions: 'markProofStored' },
        // The proof is optional: the account stays, and "Create proof" tries again.
        onError: {
          target: 'signed-in',
          actions: [
            failWith('proving'),
            { type: 'tellProofFailed', params: ({ event }: { event: { error: unknown } }) => messageOf(event.error) },
          ],
        },
      },
    },
    ready: {
      tags: ['has-proof'],
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'user.signMessage': { guard: 'messageHasText', target: 'signing', actions: 'clearFailure' },
            'user.verifySignature': { guard: 'hasSignature', target: 'verifying' },
          },
        },
        signing: {
          tags: ['busy', 'signing-message'],
          invoke: {
            id: 'signMessage',
            src: 'signMessage',
            input: ({ event }: { event: SignInEvent }) => {
              assertEvent(event, 'user.signMessage');
              return { message: event.message };
            },
            onDone: {
              target: 'verifying',
              actions: { type: 'assignSignature', params: ({ event }: { event: { output: SignOutput } }) => event.output },
            },
            onError: { target: 'waiting', actions: failWith('signing') },
          },
        },
        // The signature is shown at once; the node's verdict follows beside it.
        verifying: {
          tags: ['verifying-signature'],
          entry: 'clearVerification',
          invoke: {
            id: 'verifySignature',
            src: 'verifySignature',
            input: ({ context }: { context: SignInContext }) => ({
              message: context.signedMessage ?? '',
              signature: context.signature ?? '',
              address: context.address ?? '',
            }),
            onDone: {
              target: 'waiting',
              actions: { type: 'assignVerification', params: ({ event }: { event: { output: Verification } }) => event.output },
            },
            onError: {
              target: 'waiting',
              actions: {
                type: 'assignVerification',
                params: ({ event }: { event: { error: unknown } }) => ({
                  status: 'unavailable' as const,
                  reason: messageOf(event.error),
                }),
              },
            },
          },
        },
      },
    },
  },
} as const;

export const sessionActions = {
  /** A send or a dApp's request needs the proof: the session region makes it (unless it is under way or there). */
  askForProof: raise<SignInContext, SignInEvent, SignInEvent, undefined, never>({ type: 'account.proofNeeded' }),
  tellProofFailed: raise<SignInContext, SignInEvent, SignInEvent, string, never>((_, message) => ({
    type: 'account.proofFailed',
    message,
  })),
  assignSignature: assignIn<SignOutput>((_, output) => ({
    signature: output.signature,
    signedMessage: output.message,
    verification: null,
  })),
  markProofStored: assignIn({ proofStored: true }),
  clearVerification: assignIn({ verification: null }),
  assignVerification: assignIn<Verification>({ verification: (_, verification) => verification }),
};

export const sessionGuards = {
  /** The proof is there: the session is ready, and whoever waits for it goes on. */
  proofStored: ({ context }: GuardArgs) => context.proofStored,
  hasSignature: ({ context }: GuardArgs) => context.signature !== null && context.signedMessage !== null,
  /** The visitor's own message: signed only with some text (a blank one would be an empty "Signed text"). */
  messageHasText: ({ event }: GuardArgs) => event.type === 'user.signMessage' && hasText(event.message),
};
