/**
 * Whether the URL's fragment is a sign-in callback to check. On its own, so that the
 * first page can ask without carrying the checks themselves (callback.ts).
 *
 * A provider answers with `id_token` (and `state`), or with `error` (and `state`): a fragment
 * with any of those is a callback, checked whole (a `#state=…` without its token is refused
 * as "Missing ID Token"). Any other fragment belongs to the page: an anchor (`#section-2`)
 * or a hash router's route (`#/settings`) is left in the address bar and starts nothing.
 */

/** The parameters only a provider's answer carries. */
const CALLBACK_PARAMETERS = ['id_token', 'error', 'state'] as const;

/** True when the URL carries a fragment that must be treated as a sign-in callback. */
export function isCallbackFragment(fragment: string | null | undefined): fragment is string {
  if (typeof fragment !== 'string') return false;
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  return CALLBACK_PARAMETERS.some((name) => params.has(name));
}
