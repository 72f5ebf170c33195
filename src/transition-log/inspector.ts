/**
 * The Stately inspector, loaded by dynamic import only when asked (?inspect or
 * VITE_INSPECT=true) and allowed: on the dev server, or in a build made with
 * VITE_INSPECT=true (`__INSPECTOR__`, src/main.tsx). Any other build does not contain it:
 * the inspector opens stately.ai and posts the machine's context there. Events and context
 * are redacted before the inspector sees them, and the snapshots of the actors the machine
 * invokes are reduced to their status: their input and output are an operation's data (a
 * dApp's message to sign and the signed bytes, a signature), which the inspector's own
 * sanitizing (context and events only) would pass on as they are.
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyEventObject, InspectionEvent, MachineContext, Observer } from 'xstate';
import { redact } from './transition-log.ts';

/** An inspection event as the inspector may see it: another actor's snapshot is its status only. */
export function withoutChildData(event: InspectionEvent): InspectionEvent {
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.actor') return event;
  if (event.actorRef.sessionId === event.rootId) return event;
  const statusOf = (snapshot: unknown) => ({ status: (snapshot as { status?: string }).status }) as never;
  if (event.type === '@xstate.snapshot') return { ...event, snapshot: statusOf(event.snapshot) };
  // Read when the inspector reads it (an actor's snapshot cannot be read while it starts).
  const { actorRef } = event;
  return { ...event, actorRef: Object.assign(Object.create(actorRef), { getSnapshot: () => statusOf(actorRef.getSnapshot()) }) };
}

/** What the inspector is given of the machine's events and context: redacted as the transition log's are. */
export const inspectorSanitizers = {
  sanitizeEvent: (event: AnyEventObject) => redact(event) as AnyEventObject,
  sanitizeContext: (context: MachineContext) => redact(context) as MachineContext,
};

export function createInspector(): Observer<InspectionEvent> {
  const inspector = createBrowserInspector({ autoStart: true, ...inspectorSanitizers });
  return { next: (event) => inspector.inspect.next?.(withoutChildData(event)) };
}
