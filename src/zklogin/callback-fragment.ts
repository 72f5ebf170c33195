/**
 * Whether the URL's fragment is a sign-in callback to check. On its own, so that the
 * first page can ask without carrying the checks themselves (callback.ts).
 */

/** True when the URL carries a fragment that must be treated as a sign-in callback. */
export function isCallbackFragment(fragment: string | null | undefined): fragment is string {
  return typeof fragment === 'string' && fragment.replace(/^#/, '').trim() !== '';
}
