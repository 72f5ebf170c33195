/**
 * The Stately inspector, loaded by dynamic import only when asked (?inspect or
 * VITE_INSPECT=true), so the production bundle does not carry it. Events and context
 * are redacted before the inspector sees them.
 */
import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyEventObject, MachineContext } from 'xstate';
import { redact } from './transition-log.ts';

export function createInspector() {
  const inspector = createBrowserInspector({
    autoStart: true,
    sanitizeEvent: (event) => redact(event) as AnyEventObject,
    sanitizeContext: (context) => redact(context) as MachineContext,
  });
  return inspector.inspect;
}
