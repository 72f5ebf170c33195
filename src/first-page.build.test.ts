/**
 * The proof check loads lazily, never on the first page (issue 45): BN254's pairing and
 * Poseidon weigh far more than the rest of the page, and only Create proof needs them. Held
 * here on the production build itself, as `npm run build` makes it in real mode (one build of
 * the app's page, test-support/production-build.ts): what index.html
 * loads at once (its module script, its modulepreload links, and every chunk those import
 * statically) holds none of the verifier's modules; the verifier is in the build, in chunks
 * loaded on demand. bench/bundle-report.ts draws the first page the same way.
 */
import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPage, builtHtml } from '../test-support/production-build.ts';

/** The verifier's own modules and the libraries only it needs, as the bundler names them. */
const PROOF_CHECK = [
  /\/node_modules\/@noble\/curves\/bn254\.js$/,
  /\/node_modules\/poseidon-lite\//,
  /\/packages\/sui-zklogin-wallet\/src\/groth16\.ts$/,
  /\/packages\/sui-zklogin-wallet\/src\/all-inputs-hash\.ts$/,
  /\/packages\/sui-zklogin-wallet\/src\/verify\.ts$/,
  /\/packages\/sui-zklogin-wallet\/src\/zklogin\/proof-check\.ts$/,
];
const isProofCheck = (id: string) => PROOF_CHECK.some((pattern) => pattern.test(id));
/** The first page's budget (issue 42): 95 KB gzip. */
const FIRST_PAGE_BUDGET_BYTES = 95 * 1024;

const chunksOf = (output: Rolldown.RolldownOutput) =>
  new Map(
    output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );

/** What index.html loads at once: its module script, its modulepreload links, and every chunk those import statically. */
function firstPageOf(output: Rolldown.RolldownOutput): Map<string, Rolldown.OutputChunk> {
  const chunks = chunksOf(output);
  const html = builtHtml(output.output, 'index.html');
  const named = [...html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)];
  const firstPage = new Map<string, Rolldown.OutputChunk>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || firstPage.has(fileName)) return;
    firstPage.set(fileName, chunk);
    chunk.imports.forEach(visit);
  };
  named.forEach(([, fileName]) => visit(fileName!));
  return firstPage;
}

describe("the production build's first page", () => {
  // One build for both: minified, as the benchmark weighs it (the modules are named all the same).
  let output: Rolldown.RolldownOutput;
  beforeAll(async () => {
    output = await buildPage('index.html', { minify: true });
  }, 120_000);

  it("loads none of the proof check's code (the verifier comes in a chunk of its own, on demand), and holds nothing of the hosted wallet's window", async () => {
    const chunks = chunksOf(output);
    const firstPage = firstPageOf(output);
    expect(firstPage.size, "index.html's module script").toBeGreaterThan(0);
    const onFirstPage = [...firstPage.values()].flatMap((chunk) => chunk.moduleIds.filter(isProofCheck));
    expect(onFirstPage).toEqual([]);
    // Not vacuous: every one of them is in the build, loaded later.
    const inTheBuild = [...chunks.values()].flatMap((chunk) => chunk.moduleIds.filter(isProofCheck));
    expect(PROOF_CHECK.filter((pattern) => !inTheBuild.some((id) => pattern.test(id)))).toEqual([]);
    // The hosted wallet's window has an entry of its own (wallet.html): none of it is in the app's page at all.
    const windowModules = [...chunks.values()].flatMap((chunk) =>
      chunk.moduleIds.filter((id) => /\/src\/(hosted\/|wallet-window-main\.ts$)/.test(id)),
    );
    expect(windowModules).toEqual([]);
  }, 120_000);

  it('keeps to its budget of 95 KB gzip (issue 42), minified as the benchmark weighs it', async () => {
    // A module of a chunk loaded later that imports one of the machine's can split the first
    // page into shared chunks, and push it over: the bench would say so only when it runs.
    const firstPage = firstPageOf(output);
    const gzip = [...firstPage.values()].reduce((total, chunk) => total + gzipSync(chunk.code, { level: 9 }).length, 0);
    expect(gzip, `the first page: ${firstPage.size} files`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
  }, 120_000);
});
