/**
 * The page's HTML asks for the named lazy modules' chunks, and for the chunks they import, as
 * a real Vite build makes them; a chunk the page already loads is not asked for twice, the
 * page's other lazy chunks are left to load when imported, and a named module that has no
 * chunk of its own stops the build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadLazyChunks } from './preload-lazy-chunks.ts';

const root = mkdtempSync(join(tmpdir(), 'preload-lazy-chunks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (script: string) =>
  `<!doctype html><html><head></head><body><script type="module" src="/${script}"></script></body></html>`;
const files = {
  'lazy.html': page('lazy-only.js'),
  'lazy-only.js': "void import('./needed.js');\nvoid import('./later.js');\n",
  // The page's own script uses the shared module too: it goes in the page's chunk, which needed.js then imports.
  'shared.html': page('shares.js'),
  'shares.js':
    "import { shared } from './shared.js';\nshared('page');\nvoid import('./needed.js');\nvoid import('./later.js');\n",
  // Both lazy modules share a module: alone, it goes in a chunk of its own, which needed.js imports.
  'needed.js': "import { shared } from './shared.js';\nexport const needed = () => shared('needed');\n",
  'later.js': "import { shared } from './shared.js';\nexport const later = () => shared('later');\n",
  'shared.js': 'export const shared = (name) => `${name} ${Math.random()}`;\n',
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);

async function built(html: string, modules: string[]) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [preloadLazyChunks(html, modules)],
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: join(root, html) },
    },
  });
  const { output } = result as Rolldown.RolldownOutput;
  const chunkOf = (id: string) =>
    output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.facadeModuleId === join(root, id))!;
  const written = output.find((item): item is Rolldown.OutputAsset => item.type === 'asset' && item.fileName === html)!;
  const preloaded = [...String(written.source).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
    ([, fileName]) => fileName,
  );
  return { chunkOf, preloaded, page: chunkOf(html) };
}

describe('preloadLazyChunks', () => {
  it("links the named lazy module's chunk and the chunks it imports, and no other lazy chunk", async () => {
    const { chunkOf, preloaded } = await built('lazy.html', ['needed.js']);
    const needed = chunkOf('needed.js');
    expect(needed.imports.length).toBeGreaterThan(0);
    expect([...preloaded].sort()).toEqual([needed.fileName, ...needed.imports].sort());
    expect(preloaded).not.toContain(chunkOf('later.js').fileName);
  });

  it('does not link again a chunk the page already loads (its own script)', async () => {
    const { chunkOf, preloaded, page } = await built('shared.html', ['needed.js']);
    const needed = chunkOf('needed.js');
    expect(needed.imports).toContain(page.fileName);
    expect(preloaded).toEqual([needed.fileName]);
  });

  it('stops the build when a named module has no chunk of its own (renamed, or no longer lazy)', async () => {
    await expect(built('lazy.html', ['shared.js'])).rejects.toThrow('lazy.html has no chunk of its own for shared.js');
  });
});
