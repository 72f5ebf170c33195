/**
 * The transition log from the machine's first transition on, with the log's code off the
 * first page.
 *
 * The log (transition-log.ts) redacts and copies every transition for the devtools panel,
 * "Copy as JSON" and test reports; showing the first page needs none of it, so that work
 * waits until the page is up rather than running beside the boot and a callback's login
 * request. The recorder keeps the root machine's snapshots, each with the time it arrived,
 * until the log's code has loaded (when the browser is idle, or when the panel opens),
 * then hands them to the log in order, and every later one at once.
 */
import type { InspectionEvent } from 'xstate';
import { lazyModule } from '../../packages/sui-zklogin-wallet/src/lazy-module.ts';
import type { TransitionEntry, TransitionLog } from './transition-log.ts';
import { isRootSnapshot, TRANSITION_LOG_LIMIT } from './transition-log-rules.ts';

const logModule = lazyModule(() => import('./transition-log.ts'));

export interface TransitionRecorder {
  /** Feed it the actor's inspection events (createActor's `inspect` option). */
  observe(inspection: InspectionEvent): void;
  /** The log, with every transition so far: its code is loaded on the first call; the same promise on every call. */
  log(): Promise<TransitionLog>;
}

/** `report`, when given, hears of every entry of the log, in order (a test harness's). */
export function createTransitionRecorder(report?: (entry: TransitionEntry) => void): TransitionRecorder {
  // Bounded in case the log's code never arrives: the log keeps no more transitions than
  // this anyway, and most snapshots are transitions.
  let waiting: [inspection: InspectionEvent, at: number][] = [];
  let log: TransitionLog | undefined;
  let loading: Promise<TransitionLog> | undefined;
  return {
    observe(inspection) {
      if (log) return log.observe(inspection);
      if (!isRootSnapshot(inspection)) return;
      waiting.push([inspection, Date.now()]);
      if (waiting.length > TRANSITION_LOG_LIMIT) waiting.shift();
    },
    // A failed load stays failed (the panel says so; a reload tries again): React's `use`
    // needs the same promise on every render, and a new attempt per render would ask the
    // network again at each one and never settle the panel.
    log: () =>
      (loading ??= logModule.load().then(({ createTransitionLog }) => {
        log = createTransitionLog({ report, earlier: waiting });
        waiting = [];
        return log;
      })),
  };
}
