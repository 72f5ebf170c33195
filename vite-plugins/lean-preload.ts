/**
 * A smaller preload helper for the build's lazy chunks, in place of Vite's own.
 *
 * Each `import()` of a lazy chunk is wrapped by Vite as `__vitePreload(load, deps)`: the
 * helper puts a `<link rel="modulepreload">` in the page for the chunk and each chunk it
 * imports, so that they download side by side, and a stylesheet link for its CSS, whose
 * load it waits for. Vite's helper does more, for sites this app is not: it detects
 * browsers without modulepreload, reads a CSP nonce from a meta tag, resolves relative
 * bases, skips links already in the page and raises a `vite:preloadError` event. That
 * weighed 790 bytes of gzip on the first page, nearly a tenth of what the budget leaves
 * us beside React and XState. This one does what the app uses in 200-odd:
 * - every browser with Ed25519 in WebCrypto supports modulepreload;
 * - the policy (content-security-policy.ts) allows the app's own scripts and styles, with
 *   no nonce;
 * - the base is absolute ('/' unless configured), so a file's URL is the base and its name;
 * - no link for a lazy chunk is written into the page by anything else, and the one
 *   stylesheet the page links itself (the entry's, which chunks that import from the entry
 *   list as theirs) is not linked twice;
 * - nothing listens for `vite:preloadError`: a chunk that fails to arrive rejects the
 *   import, as it would without the helper, and the app says so where the code was needed
 *   (a stylesheet that fails rejects it the same way).
 *
 * The helper is Vite's virtual module `\0vite/preload-helper.js`; this plugin, placed
 * before Vite's, answers for it. Vite still writes the wrappers and the dependency lists.
 */
import type { Plugin } from 'vite';

const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/** The helper's source: `__vitePreload(load, deps)`, as Vite's wrappers call it. */
export function preloadHelperCode(base: string): string {
  return `const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => {
      if (dep in seen) return seen[dep];
      const css = dep.endsWith('.css');
      const href = ${JSON.stringify(base)} + dep;
      // The page's own stylesheet (a chunk that imports from the entry lists it): linked already.
      if (css && document.querySelector('link[rel=stylesheet][href="' + href + '"]')) return;
      const link = document.createElement('link');
      link.rel = css ? 'stylesheet' : 'modulepreload';
      // Anonymous: the credentials mode import() fetches a module with, so that any browser
      // takes the preloaded response for the import.
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      return (seen[dep] = css
        ? new Promise((resolve, reject) => {
            link.onload = resolve;
            link.onerror = () => {
              delete seen[dep];
              link.remove();
              reject(new Error('Unable to load ' + dep));
            };
          })
        : undefined);
    }),
  ).then(load);
`;
}

export function leanPreload(): Plugin {
  let base = '/';
  return {
    name: 'lean-preload',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (!config.base.startsWith('/')) {
        throw new Error(`lean-preload: the base must be absolute ("/" or "/path/"), not "${config.base}"`);
      }
      base = config.base;
    },
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : undefined),
    load: (id) => (id === PRELOAD_HELPER_ID ? { code: preloadHelperCode(base), moduleSideEffects: false } : undefined),
  };
}
