import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { poseidonAsEsm } from './poseidon-as-esm.ts';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('poseidon-lite'));
const WIDTHS = [1, 2, 4, 5];
const FILES = [
  'poseidon/index.js',
  'poseidon/unstringify.js',
  ...WIDTHS.flatMap((w) => [`poseidon${w}.js`, `constants/${w}.js`]),
];

/** The rewritten files, written out as ES modules (.js under "type": "module"). */
function writeEsmCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'poseidon-esm-'));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  for (const file of FILES) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), poseidonAsEsm(readFileSync(join(packageDir, file), 'utf8'), file));
  }
  return dir;
}

describe('poseidonAsEsm', () => {
  it('rewrites every module the checks use into an ES module, with no CommonJS left', () => {
    for (const file of FILES) {
      const esm = poseidonAsEsm(readFileSync(join(packageDir, file), 'utf8'), file);
      expect(esm, file).toMatch(/^export /m);
      expect(esm, file).not.toMatch(/\brequire\(|\bexports\b|"use strict"/);
    }
  });

  it('hashes exactly as the package itself, width by width', async () => {
    const dir = writeEsmCopy();
    for (const width of WIDTHS) {
      const esm = (await import(pathToFileURL(join(dir, `poseidon${width}.js`)).href)) as Record<string, (i: bigint[]) => bigint>;
      const cjs = require(`poseidon-lite/poseidon${width}`) as Record<string, (i: bigint[]) => bigint>;
      const inputs = Array.from({ length: width }, (_, i) => BigInt(i + 1) * 123_456_789_123_456_789n);
      expect(esm[`poseidon${width}`]!(inputs)).toBe(cjs[`poseidon${width}`]!(inputs));
    }
  });

  it('fails the build when a module keeps any CommonJS, instead of bringing the helpers back unseen', () => {
    expect(() => poseidonAsEsm('"use strict";\nconst x = require("./y");\nmodule.exports = x;', 'changed.js')).toThrow(
      'changed.js still has CommonJS',
    );
  });
});
