/**
 * Builds poseidon-lite (the browser's nonce and address checks) as ES modules.
 *
 * poseidon-lite ships only CommonJS, compiled by Babel, in a package the bundler reads as
 * CommonJS. Bundled as it is, each of its modules is wrapped in the bundler's CommonJS
 * (or lazy-module) helpers, and since the checks' chunk then needs those helpers too, the
 * bundler moves them out of the first page's script into a chunk of their own that the
 * first page must load as well: one more file, and some 120 bytes of gzip for every
 * visitor, for code that only a sign-in runs. Its modules are a handful of plain functions
 * and constant tables, so the build serves them as modules of its own (`poseidon-lite/…`
 * resolved to virtual ids) with Babel's few CommonJS forms rewritten into import and
 * export statements.
 *
 * Written here rather than taken from a package: the rewrite is a few fixed substitutions
 * in the files of one pinned version, and the build fails (poseidonAsEsm) if any of them
 * leaves CommonJS behind, rather than silently bringing the helpers back.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL = '\0poseidon-lite-esm:';
const ENTRY = /^poseidon-lite\/(poseidon\d+)$/;

/** A `require` specifier of poseidon-lite, as the file it names (its directory's index, or with .js). */
const specifier = (required: string) => (required === './poseidon' ? './poseidon/index.js' : `${required}.js`);

/** One of poseidon-lite's modules as an ES module; an error if any CommonJS form is left. */
export function poseidonAsEsm(code: string, file: string): string {
  const esm = code
    .replace(/^"use strict";\s*/, '')
    .replace(/Object\.defineProperty\(exports, "__esModule", \{\s*value: true\s*\}\);\s*/, '')
    .replace(/^exports\.default = void 0;\n/m, '')
    .replace(/^function _interopRequireDefault\(obj\) \{[^\n]*\}\n/m, '')
    .replace(
      /^var (\w+) = _interopRequireDefault\(require\("([^"]+)"\)\);$/gm,
      (_, name: string, required: string) =>
        `import ${name}$default from '${specifier(required)}';\nvar ${name} = { default: ${name}$default };`,
    )
    .replace(/^exports\.default = (\w+);$/m, 'export default $1;')
    .replace(/^exports\.(\w+) = \1;$/gm, 'export { $1 };')
    .replace(/^module\.exports = (\w+);$/m, 'export default $1;');
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(esm)) {
    throw new Error(`poseidon-as-esm: ${file} still has CommonJS after the rewrite; see vite-plugins/poseidon-as-esm.ts`);
  }
  return esm;
}

export function poseidonLiteAsEsm(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve('poseidon-lite'));
  return {
    name: 'poseidon-as-esm',
    apply: 'build',
    // Before Vite's own resolver, which would hand the bundler the package's CommonJS files.
    enforce: 'pre',
    resolveId(source, importer) {
      const entry = ENTRY.exec(source);
      if (entry) return `${VIRTUAL}${entry[1]}.js`;
      if (importer?.startsWith(VIRTUAL) && source.startsWith('.')) {
        return VIRTUAL + posix.join(posix.dirname(importer.slice(VIRTUAL.length)), source);
      }
      return undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return undefined;
      const file = id.slice(VIRTUAL.length);
      return { code: poseidonAsEsm(readFileSync(join(packageDir, file), 'utf8'), file), map: null };
    },
  };
}
