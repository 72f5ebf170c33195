/**
 * The catalogue's two messages that the machine shows by itself (a callback with no
 * sign-in under way, a session that expires on the page). A module of their own because
 * the machine is on the page's first bundle and the rest of the catalogue (errors.ts)
 * is not: only the sign-in code, loaded later, throws its errors.
 */
export const FLOW_NOT_STARTED_MESSAGE =
  'Start of sign-in flow could not be found. Ensure you have started the sign-in flow before calling this.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
