/**
 * The wallet's dialog, over a running signInMachine: shown whenever the machine waits for
 * the visitor's answer to a dApp's request (the 'awaiting-approval' tag: the dry run, then
 * the question), updated as the dry run answers, closed when the request ends either way.
 * The visitor's answer goes back as `user.approve` or `user.reject` for the request the
 * dialog shows. The dialog's code (approval-dialog.ts) is loaded when the first request
 * arrives, never before; if it cannot load, the request is refused with why
 * (`wallet.dialogFailed`) rather than left waiting for an answer nobody can give.
 */
import type { SignInActorRef } from '../runtime/sign-in-actor.ts';
import type { ApprovalDialog, ApprovalView } from './approval-dialog.ts';
import { PROVIDER_LABELS } from '../core/providers.ts';
import { walletName } from '../identity.ts';
import { WALLETS_REMOVED } from './wallet-refusals.ts';

type DialogModule = typeof import('./approval-dialog.ts');
type Snapshot = ReturnType<SignInActorRef['getSnapshot']>;

/** Ours (the spec names none): the dialog's code did not arrive, so the visitor could not be asked. */
export const DIALOG_NOT_LOADED =
  'The wallet could not show its approval dialog (its code did not load), so nothing was signed. Reload the page and try again.';

/** Ours: the dialog's code arrived, but this browser could not show it. */
export const DIALOG_NOT_SHOWN =
  'The wallet could not show its approval dialog in this browser, so nothing was signed. Try another browser.';

/** What the dialog shows for this snapshot; null when no request waits for the visitor. */
export function approvalViewOf(snapshot: Snapshot, site: string): ApprovalView | null {
  const { walletRequest: request, walletPreview, provider, chain } = snapshot.context;
  // Only what the machine puts to the visitor: a signature, or a site's connect or session read.
  if (!request || !provider || !snapshot.hasTag('awaiting-approval')) return null;
  return {
    requestId: request.requestId,
    kind: request.kind,
    walletName: walletName(provider),
    providerLabel: PROVIDER_LABELS[provider],
    address: request.address,
    chain,
    // A site asking through the hosted wallet's window is named by its own origin.
    site: request.origin ?? site,
    message: request.kind === 'signPersonalMessage' ? request.message : undefined,
    transaction: 'transaction' in request ? request.transaction : undefined,
    preview: walletPreview,
    // The machine decides (its `approvable` guard): not while the dry run runs, never when it would fail.
    canApprove: snapshot.can({ type: 'user.approve', requestId: request.requestId }),
  };
}

/** Shows the dialog for `actor`'s requests until the returned function is called. */
export function presentApprovals(actor: SignInActorRef, load: () => Promise<DialogModule>): () => void {
  let module: DialogModule | undefined;
  let loading: Promise<unknown> | undefined;
  let stopped = false;
  const waitingRequest = () => approvalViewOf(actor.getSnapshot(), window.location.origin)?.requestId;
  let dialog: ApprovalDialog | null = null;
  /** What the open dialog shows of the dry run: it is laid out again only when that changes. */
  let shownPreview: ApprovalView['preview'] | undefined;
  const close = () => {
    dialog?.close();
    dialog = null;
  };

  const show = () => {
    if (stopped) return;
    const view = approvalViewOf(actor.getSnapshot(), window.location.origin);
    if (!view) return close();
    if (!module) {
      loading ??= load().then(
        (loaded) => ((module = loaded), show()),
        () => {
          loading = undefined;
          const requestId = waitingRequest();
          if (!stopped && requestId) actor.send({ type: 'wallet.dialogFailed', requestId, message: DIALOG_NOT_LOADED });
        },
      );
      return;
    }
    if (dialog && dialog.requestId !== view.requestId) close();
    if (!dialog) {
      const { requestId } = view;
      try {
        dialog = module.openApprovalDialog(view, (approved) =>
          actor.send(approved ? { type: 'user.approve', requestId } : { type: 'user.reject', requestId }),
        );
      } catch {
        // It could not be shown (a browser without what it needs): the dApp hears why, at once.
        actor.send({ type: 'wallet.dialogFailed', requestId, message: DIALOG_NOT_SHOWN });
        return;
      }
    } else if (view.preview !== shownPreview) {
      dialog.update(view);
    }
    shownPreview = view.preview;
  };

  const subscription = actor.subscribe(show);
  show();
  // Stopped (the wallets unregistered): no dialog is left open, and a request the visitor
  // was being asked about is refused with why rather than left waiting for an answer.
  return () => {
    stopped = true;
    subscription.unsubscribe();
    close();
    const requestId = waitingRequest();
    if (requestId) actor.send({ type: 'wallet.dialogFailed', requestId, message: WALLETS_REMOVED });
  };
}
