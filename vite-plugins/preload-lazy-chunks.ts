/**
 * Lazy chunks a page needs at once, asked for by its HTML: a `<link rel="modulepreload">` for
 * each (and for the chunks each imports), so that the browser fetches them beside the page's
 * own script instead of after it. The hosted wallet's window (wallet.html) is a fresh page at
 * every request of a dApp, and its entry imports its own code, the sign-in runtime (to restore
 * the session) and the approval dialog lazily: asked for while the entry is evaluated, they
 * arrived only after it had finished, and the request waited for them (docs/hosted-wallet.md).
 *
 * Written by hand: Vite links only a page's static imports, and its `resolveDependencies` can
 * filter those links but not add a dynamic import's chunk to the HTML.
 */
import { relative } from 'node:path';
import { normalizePath, type Plugin, type Rolldown } from 'vite';

/**
 * @param page the page's HTML file, as the build's input names it (`wallet.html`)
 * @param modules the lazily imported modules whose chunks it needs at once, from the project's root
 */
export function preloadLazyChunks(page: string, modules: readonly string[]): Plugin {
  let root = process.cwd();
  let base = '/';
  /** A file's path from the project's root, in the form the options name it (forward slashes). */
  const fromRoot = (path: string) => normalizePath(relative(root, path));
  return {
    name: 'preload-lazy-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || fromRoot(filename) !== page) return;
        const chunks = new Map(
          Object.values(bundle)
            .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          chunks.get(fileName)?.imports.forEach(add);
        };
        for (const module of modules) {
          const chunk = [...chunks.values()].find(
            (candidate) => candidate.facadeModuleId !== null && fromRoot(candidate.facadeModuleId) === module,
          );
          // A module renamed or no longer lazy: the page would silently lose its head start.
          if (!chunk) throw new Error(`preload-lazy-chunks: ${page} has no chunk of its own for ${module}`);
          add(chunk.fileName);
        }
        // Those the page links already (its entry's own imports, which Vite links itself): once.
        return [...wanted]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
