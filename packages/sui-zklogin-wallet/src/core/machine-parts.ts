/**
 * What the modules of signInMachine share to declare their part of it: actions typed for
 * this machine (so that each module keeps the actions its states use beside them, and
 * `setup` in sign-in.machine.ts gathers them), the guard's arguments, and the transitions
 * several parts take.
 */
import { assign, emit, enqueueActions } from 'xstate';
import { toFailure } from './failure.ts';
import type { FailedStep, SignInContext, SignInEvent, WalletAnswer } from './sign-in.types.ts';

type Ctx = SignInContext;
type Ev = SignInEvent;

/** An assign action of this machine; `Params` is what the state passes it. */
export const assignIn = <Params = undefined>(assignment: Parameters<typeof assign<Ctx, Ev, Params, Ev, never>>[0]) =>
  assign<Ctx, Ev, Params, Ev, never>(assignment);

/** An action that answers a dApp (the wallets listen for `wallet.answer`). */
export const answerIn = <Params = undefined>(answer: Parameters<typeof emit<Ctx, Ev, Params, Ev, WalletAnswer>>[0]) =>
  emit<Ctx, Ev, Params, Ev, WalletAnswer>(answer);

/** An action of this machine that chooses what to do (assign, emit a dApp's answer) as it runs. */
export const enqueueIn = (
  collect: Parameters<typeof enqueueActions<Ctx, Ev, undefined, Ev, never, never, never, never, WalletAnswer>>[0],
) => enqueueActions<Ctx, Ev, undefined, Ev, never, never, never, never, WalletAnswer>(collect);

/** An invoked actor's own answer (its result or its failure), as against anything else that leaves its state. */
export const isAnswerOf = (id: string, event: { type: string }) =>
  event.type === `xstate.done.actor.${id}` || event.type === `xstate.error.actor.${id}`;

/** What a guard reads. */
export interface GuardArgs {
  context: Ctx;
  event: Ev;
}

/** Keeps what an actor threw as the failure of `step` (an onError transition's action). */
export const failWith = (step: FailedStep) =>
  ({ type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => toFailure(event.error, step) }) as const;

/** The account's address, as the node's actors take it. */
export const addressOf = ({ context }: { context: Ctx }) => ({ address: context.address ?? '' });

/** The alert's close button, wherever an alert sits beside the state's own controls. */
export const dismiss = { guard: 'hasFailure', actions: 'clearFailure' } as const;

/** The visitor's own sign-out reaches every tab; a notice of the account's (a renewal's, say) goes with it. */
export const signOut = {
  target: '#signIn.logged-out',
  actions: ['clearFailure', 'clearNotice', 'markSignOutEverywhere'],
} as const;

/** Another tab's sign-out, wherever something of a sign-in is here: it ends, with a notice. */
export const signedOutElsewhere = {
  target: '#signIn.logged-out',
  actions: ['clearFailure', 'noticeSignedOutElsewhere'],
} as const;
