/**
 * The Stately inspector, loaded by dynamic import only when asked (?inspect or
 * VITE_INSPECT=true) and allowed: on the dev server, or in a build made with
 * VITE_INSPECT=true (`__INSPECTOR__`, src/main.tsx). Any other build does not contain it:
 * the inspector opens stately.ai and posts the machine's context there. Events and context
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
