/**
 * npm run bundle-report: where the app's JavaScript goes, in the real-mode production
 * build the benchmark measures (the same settings: bench/settings.ts). It lists every
 * chunk of the app's page with its gzip size and whether the first page loads it, then
 * what each package and source file adds to the first page's gzip (bench/bundle-attribution.ts).
 *
 * Flags: --chunk NAME (attribute the chunk whose file name starts with NAME instead),
 * --top N (rows of the attribution; 40 by default).
 */
import { parseArgs } from 'node:util';
import { build, type Rolldown } from 'vite';
import { attribute, gzipSize } from './bundle-attribution.ts';
import { REAL_MODE_ENV } from './settings.ts';

const OUT_DIR = 'dist-bundle-report';

const { values: flags } = parseArgs({
  options: { chunk: { type: 'string' }, top: { type: 'string', default: '40' } },
});

Object.assign(process.env, REAL_MODE_ENV);
const result = await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
const chunks = output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const entry = chunks.find((chunk) => chunk.isEntry);
if (!entry) throw new Error('The build has no entry chunk');

/** The chunks a chunk needs, following static imports only or dynamic ones too. */
function reachable(from: Rolldown.OutputChunk, dynamic: boolean): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of [...chunk.imports, ...(dynamic ? chunk.dynamicImports : [])]) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  visit(from);
  return [...seen.values()];
}

const firstPage = new Set(reachable(entry, false).map((chunk) => chunk.fileName));
const number = (value: number) => value.toLocaleString('en-US');
const pad = (text: string, width: number) => text.padStart(width);

console.log(`Bundle report: the app's real-mode production build (${OUT_DIR}/), gzip level 9.\n`);
console.log(`${'chunk'.padEnd(44)}${pad('gzip', 9)}${pad('raw', 10)}  loads`);
const rows = reachable(entry, true)
  .map((chunk) => ({ chunk, gzip: gzipSize(chunk.code) }))
  .sort((a, b) => b.gzip - a.gzip);
for (const { chunk, gzip } of rows) {
  const loads = firstPage.has(chunk.fileName) ? 'first page' : 'on demand';
  console.log(`${chunk.fileName.padEnd(44)}${pad(number(gzip), 9)}${pad(number(chunk.code.length), 10)}  ${loads}`);
}
const firstPageBytes = rows.filter(({ chunk }) => firstPage.has(chunk.fileName)).reduce((sum, row) => sum + row.gzip, 0);
console.log(`\nFirst page: ${number(firstPageBytes)} bytes gzip in ${firstPage.size} file(s).`);

const target = flags.chunk ? chunks.find((chunk) => chunk.fileName.startsWith(flags.chunk!)) : entry;
if (!target) throw new Error(`No chunk's file name starts with "${flags.chunk}"`);
if (!target.map) throw new Error('The build wrote no source maps (build.sourcemap)');
const { total, shares } = attribute(target.code, target.map);
console.log(`\nWhat each part adds to ${target.fileName} (${number(total)} bytes gzip), by leaving it out:`);
console.log(`${pad('gzip', 9)}${pad('raw', 10)}  package or file`);
for (const share of shares.slice(0, Number(flags.top))) {
  console.log(`${pad(number(share.gzip), 9)}${pad(number(share.raw), 10)}  ${share.group}`);
}
if (shares.length > Number(flags.top)) console.log(`(${shares.length - Number(flags.top)} more; --top N shows more)`);
