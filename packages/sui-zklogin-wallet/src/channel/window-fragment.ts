/**
 * The wallet window's fragment, `#origin=<the dApp's origin>`: how the dApp's page names
 * itself when it opens the window (the browser then vouches for it on every message). A
 * module of its own, without the messages' schemas, so that the window's entry can read it
 * before anything else loads.
 */

/** The fragment that names `origin`. */
export const originFragment = (origin: string): string => `#${new URLSearchParams({ origin })}`;

/** The origin the fragment names: an http(s) origin exactly as written, else null. */
export function claimedOrigin(hash: string): string | null {
  const claimed = new URLSearchParams(hash.replace(/^#/, '')).get('origin');
  if (!claimed) return null;
  // new URL, not URL.canParse: the window's entry runs this first of all, and a browser
  // without canParse (Chrome before 120, Safari before 17) would otherwise show a blank window.
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return null;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === claimed ? claimed : null;
}
