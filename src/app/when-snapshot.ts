/**
 * Resolves once the actor's snapshot satisfies `predicate` (at once if it already does),
 * or once the actor is done or has failed: the boot waits with it for the first paint and
 * for a callback's sign-in to settle, and must go on either way.
 *
 * Hand-written in place of xstate's `waitFor`, which also carries a timeout, an abort
 * signal and rejections the boot has no use for: 250 bytes of gzip on the first page,
 * whose budget leaves little beside React and XState.
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';

export function whenSnapshot<Actor extends AnyActorRef>(
  actor: Actor,
  predicate: (snapshot: SnapshotFrom<Actor>) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(actor.getSnapshot())) return resolve();
    const subscription = actor.subscribe({
      next: (snapshot: SnapshotFrom<Actor>) => {
        if (!predicate(snapshot)) return;
        subscription.unsubscribe();
        resolve();
      },
      error: () => resolve(),
      complete: () => resolve(),
    });
  });
}
