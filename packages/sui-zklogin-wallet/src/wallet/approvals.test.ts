// @vitest-environment jsdom
/**
 * The wallet's dialog over a running machine (stub actors): opened when a request waits
 * for the visitor, laid out again when the dry run answers, closed when the request ends;
 * the visitor's answer goes back for the request it shows; a dialog whose code cannot load
 * refuses the request with why. The dialog itself is a stand-in here (approval-dialog.test.ts
 * has the real one).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TransactionPreview, WalletAnswer, WalletRequest } from '../core/sign-in.types.ts';
import { IDENTITY, PREVIEW, restoresTo, stubbedMachine } from '../../test/machine-stubs.ts';
import type { ApprovalView } from './approval-dialog.ts';
import { DIALOG_NOT_LOADED, DIALOG_NOT_SHOWN, presentApprovals } from './approvals.ts';
import { WALLETS_REMOVED } from './wallet-refusals.ts';

async function running(preview: () => Promise<TransactionPreview> = async () => PREVIEW) {
  const actor = createActor(
    stubbedMachine({
      restoreSession: restoresTo('ready'),
      previewTransaction: fromPromise<TransactionPreview, WalletRequest>(preview),
    }),
    { input: { chain: 'sui:testnet' } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ account: { session: 'ready' } }));
  const answers: WalletAnswer[] = [];
  actor.on('wallet.answer', (answer) => void answers.push(answer));
  return { actor, answers };
}

function standIn() {
  const shown: ApprovalView[] = [];
  const closed: string[] = [];
  let answer: (approved: boolean) => void = () => {};
  const module = {
    openApprovalDialog: vi.fn((view: ApprovalView, onAnswer: (approved: boolean) => void) => {
      shown.push(view);
      answer = onAnswer;
      return {
        requestId: view.requestId,
        update: (next: ApprovalView) => void shown.push(next),
        close: () => void closed.push(view.requestId),
      };
    }),
  };
  return { module, shown, closed, answer: (approved: boolean) => answer(approved) };
}

const message = (requestId: string) => ({
  type: 'wallet.sign' as const,
  request: { kind: 'signPersonalMessage' as const, requestId, address: IDENTITY.address, chain: 'sui:testnet', message: 'aGk=' },
});
const transaction = (requestId: string) => ({
  type: 'wallet.sign' as const,
  request: {
    kind: 'signAndExecuteTransaction' as const,
    requestId,
    address: IDENTITY.address,
    chain: 'sui:testnet',
    transaction: '{}',
    sender: null,
    gasOwner: null,
  },
});

describe("the wallet's dialog over the machine", () => {
  it('nothing is loaded before a request; a request opens it with what it asks, and Approve goes back for that request', async () => {
    const { actor, answers } = await running();
    const dialog = standIn();
    const load = vi.fn(async () => dialog.module as never);
    const stop = presentApprovals(actor, load);
    expect(load).not.toHaveBeenCalled();
    actor.send(message('m'));
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(1));
    expect(dialog.shown[0]).toMatchObject({
      requestId: 'm',
      kind: 'signPersonalMessage',
      walletName: 'Sign in with Google',
      address: IDENTITY.address,
      chain: 'sui:testnet',
      site: window.location.origin,
      message: 'aGk=',
    });
    dialog.answer(true);
    await waitFor(actor, () => answers.length > 0);
    expect(answers[0]).toMatchObject({ requestId: 'm', ok: true });
    expect(dialog.closed).toEqual(['m']);
    stop();
  });

  it("a transaction's dialog opens while the dry run runs and shows its answer; Reject refuses; the dialog closes", async () => {
    let finish = (_preview: TransactionPreview) => {};
    const { actor, answers } = await running(() => new Promise((resolve) => (finish = resolve)));
    const dialog = standIn();
    presentApprovals(actor, async () => dialog.module as never);
    actor.send(transaction('t'));
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(1));
    expect(dialog.shown[0]!.preview).toBeNull();
    // The transaction itself goes to the dialog, which lists its commands.
    expect(dialog.shown[0]!.transaction).toBe('{}');
    actor.send({ type: 'user.refreshBalance' });
    finish(PREVIEW);
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(2));
    expect(dialog.shown[1]!.preview).toEqual(PREVIEW);
    dialog.answer(false);
    expect(answers).toEqual([{ type: 'wallet.answer', requestId: 't', ok: false, refusal: 'rejected' }]);
    expect(dialog.closed).toEqual(['t']);
  });

  it('a dialog whose code does not load refuses the request with why, instead of leaving it waiting', async () => {
    const { actor, answers } = await running();
    presentApprovals(actor, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    actor.send(message('m'));
    await waitFor(actor, () => answers.length > 0);
    expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'm', ok: false, message: DIALOG_NOT_LOADED }]);
    expect(actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);
  });

  it('a dialog that cannot be shown in this browser refuses the request with why, and does not try again', async () => {
    const { actor, answers } = await running();
    const openApprovalDialog = vi.fn(() => {
      throw new TypeError('adoptedStyleSheets is not supported');
    });
    presentApprovals(actor, async () => ({ openApprovalDialog }) as never);
    actor.send(message('m'));
    await waitFor(actor, () => answers.length > 0);
    expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'm', ok: false, message: DIALOG_NOT_SHOWN }]);
    expect(actor.getSnapshot().matches({ account: { wallet: 'waiting' } })).toBe(true);
    expect(openApprovalDialog).toHaveBeenCalledTimes(1);
  });

  it('the view says whether the machine takes an approval: not while the dry run runs, yes once it has answered', async () => {
    let finish = (_preview: TransactionPreview) => {};
    const { actor } = await running(() => new Promise((resolve) => (finish = resolve)));
    const dialog = standIn();
    presentApprovals(actor, async () => dialog.module as never);
    actor.send(transaction('t'));
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(1));
    expect(dialog.shown[0]!.canApprove).toBe(false);
    finish({ status: 'fails', reason: 'Not enough SUI.' });
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(2));
    expect(dialog.shown[1]!.canApprove).toBe(false);
  });

  it('stopped, it closes an open dialog, refuses the request it asked about, and shows no more', async () => {
    const { actor, answers } = await running();
    const dialog = standIn();
    const stop = presentApprovals(actor, async () => dialog.module as never);
    actor.send(message('m'));
    await vi.waitFor(() => expect(dialog.shown).toHaveLength(1));
    stop();
    expect(dialog.closed).toEqual(['m']);
    expect(answers).toEqual([{ type: 'wallet.answer', requestId: 'm', ok: false, message: WALLETS_REMOVED }]);
    actor.send(message('n'));
    // The machine asks about it: a dialog still listening is shown the request as the
    // machine gets there, before anything that waits for that snapshot goes on.
    await waitFor(actor, (snapshot) => snapshot.hasTag('awaiting-approval') && snapshot.context.walletRequest?.requestId === 'n');
    expect(dialog.shown).toHaveLength(1);
  });

  it('stopped while its code loads, it opens nothing when the code arrives', async () => {
    const { actor, answers } = await running();
    const dialog = standIn();
    let arrive = () => {};
    let loading: Promise<unknown> | undefined;
    const stop = presentApprovals(
      actor,
      () =>
        (loading = new Promise<typeof import('./approval-dialog.ts')>(
          (resolve) => (arrive = () => resolve(dialog.module as never)),
        )),
    );
    actor.send(message('m'));
    stop();
    arrive();
    // Its arrival is handled first: the approvals asked for the code before this test waits on it.
    await loading;
    expect(dialog.shown).toEqual([]);
    expect(answers).toMatchObject([{ requestId: 'm', ok: false, message: WALLETS_REMOVED }]);
  });
});
