/**
 * The hosted wallet's window asks for the code a dApp's request needs in its HTML, beside its
 * entry (vite-plugins/preload-lazy-chunks.ts): its own code, the sign-in runtime that restores
 * the session, and the approval dialog. Asked for by the entry instead, they arrived after it
 * had been evaluated, and the request waited for them (docs/hosted-wallet.md). Held here on
 * the production build of wallet.html (test-support/production-build.ts), so that a renamed
 * page or module cannot drop the links unseen.
 */
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { buildPage, builtHtml } from '../test-support/production-build.ts';

/** The modules the window needs at once, each in a lazy chunk of its own. */
const NEEDED_AT_ONCE = [
  /\/src\/hosted\/window-page\.ts$/,
  /\/packages\/sui-zklogin-wallet\/src\/operations\/sign-in-runtime\.ts$/,
  /\/packages\/sui-zklogin-wallet\/src\/wallet\/approval-dialog\.ts$/,
];

describe("the hosted wallet's window, as built", () => {
  it('links the chunks of its own code, the sign-in runtime and the approval dialog in its HTML', async () => {
    const { output } = await buildPage('wallet.html');
    const html = builtHtml(output, 'wallet.html');
    const linked = new Set(
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+\.js)"/g)].map(([, fileName]) => fileName),
    );
    const chunks = output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    for (const pattern of NEEDED_AT_ONCE) {
      const chunk = chunks.find((candidate) => candidate.facadeModuleId !== null && pattern.test(candidate.facadeModuleId));
      expect(chunk, `a lazy chunk of its own for ${pattern}`).toBeDefined();
      expect(
        [chunk!.fileName, ...chunk!.imports].filter((fileName) => !linked.has(fileName) && !html.includes(`"/${fileName}"`)),
      ).toEqual([]);
    }
  }, 120_000);
});
