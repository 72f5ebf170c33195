/**
 * The journey's ten steps, the names the page gives the state it is in
 * (`data-sign-in-state`): the machine's top-level states, and within the account, its
 * session region's step (signed-in, proving, ready). Pure: the page, the transition log's
 * readers and the tests read a state this way.
 */
import type { StateValue } from 'xstate';

export const JOURNEY_STEPS = [
  'restoring',
  'idle',
  'redirecting',
  'callback-validating',
  'fetching-login',
  'signed-in',
  'proving',
  'ready',
  'logged-out',
  'failed',
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** The journey's step for a state value (e.g. 'ready' for the account at ready, signing). */
export function journeyStep(value: StateValue): JourneyStep {
  const [top, inner] = typeof value === 'string' ? [value, undefined] : Object.entries(value)[0]!;
  // Within the account (parallel), the step is its session region's: 'ready' from { ready: 'signing' }.
  if (top === 'account' && typeof inner === 'object' && inner.session !== undefined) return journeyStep(inner.session);
  const step = JOURNEY_STEPS.find((name) => name === top);
  if (!step) throw new Error(`journeyStep: "${top}" is not a step of the journey`);
  return step;
}
