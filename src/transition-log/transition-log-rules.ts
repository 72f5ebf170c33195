/**
 * What the transition log keeps: shared by the log (transition-log.ts) and by the recorder
 * that holds the machine's snapshots until the log's code has loaded (transition-recorder.ts).
 */
import type { InspectedSnapshotEvent, InspectionEvent } from 'xstate';

/**
 * How many transitions the log keeps: about twenty sign-ins, enough for any bug report,
 * and a bounded share of memory in a tab that stays open all day (each entry carries its
 * redacted context).
 */
export const TRANSITION_LOG_LIMIT = 200;

/** The root machine's snapshots: the log's matter (the other actors are the ones it invokes). */
export const isRootSnapshot = (inspection: InspectionEvent): inspection is InspectedSnapshotEvent =>
  inspection.type === '@xstate.snapshot' && inspection.actorRef.sessionId === inspection.rootId;
