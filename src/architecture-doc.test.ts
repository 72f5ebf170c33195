/**
 * docs/architecture.md names every module of the product, each with what it holds. A list
 * kept by hand drifts as files come and go, so this test holds it to the tree: it fails on a
 * module no table names, and on a name that is no longer a module.
 *
 * The rule, as the doc states it:
 * - A module table is a Markdown table whose first header cell is "module".
 * - A row's first cell is one or more file names in backticks, separated by commas. A name
 *   that starts with a root (`src/`, the app's, or `packages/sui-zklogin-wallet/src/`, the
 *   package's) is from the repository's root; any other name is a bare file name in the
 *   folder of the name before it in the same cell ("`packages/sui-zklogin-wallet/src/core/failure.ts`,
 *   `errors.ts`" names packages/sui-zklogin-wallet/src/core/errors.ts too). Folders are
 *   not names: each module is named as a file.
 * - A product module is a .ts or .tsx file under either root, except tests (*.test.ts,
 *   *.test.tsx) and type declarations (*.d.ts). Test support lives outside the product
 *   tree: the app's in test-support/, the package's in its test/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DOC = 'docs/architecture.md';
/** The app's sources, and the package's (the wallet's engine and its public entries). */
const ROOTS = ['src/', 'packages/sui-zklogin-wallet/src/'];

function isProductModule(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return (
    ROOTS.some((root) => path.startsWith(root)) && /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
  );
}

/** Every product module in the tree, as a path from the repository's root. */
function productModules(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((path) => root + path.split('\\').join('/')),
  )
    .filter(isProductModule)
    .sort();
}

/** The file names of one row's first cell, from the repository's root. */
function namesInCell(cell: string): string[] {
  const text = cell.trim();
  if (!/^`[^`]+`(\s*,\s*`[^`]+`)*$/.test(text)) {
    throw new Error(`${DOC}: a module row must begin with file names in backticks, separated by commas: "${text}"`);
  }
  let folder: string | undefined;
  return [...text.matchAll(/`([^`]+)`/g)].map(([, name]) => {
    if (name.endsWith('/')) throw new Error(`${DOC}: a module table names files, not a folder: "${name}"`);
    if (ROOTS.some((root) => name.startsWith(root))) {
      folder = name.slice(0, name.lastIndexOf('/') + 1);
      return name;
    }
    if (!folder || name.includes('/')) {
      throw new Error(
        `${DOC}: "${name}" is neither a path from ${ROOTS.join(' or ')} nor a file name after one in the same cell: "${text}"`,
      );
    }
    return folder + name;
  });
}

/** Every name in the module tables of `markdown`, in the order they appear. */
function namesInModuleTables(markdown: string): string[] {
  const names: string[] = [];
  let inModuleTable = false;
  let previous = '';
  for (const line of markdown.split('\n')) {
    const isRow = line.startsWith('|');
    // A table's first row is its header; its second, the |---| line.
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    if (isRow && !previous.startsWith('|')) inModuleTable = cells[1] === 'module';
    else if (isRow && inModuleTable && !/^\|[-\s|:]+\|$/.test(line)) names.push(...namesInCell(cells[1] ?? ''));
    if (!isRow) inModuleTable = false;
    previous = line;
  }
  return names;
}

describe('the module tables of docs/architecture.md', () => {
  it('name every module of src/ and packages/sui-zklogin-wallet/src/, and no file that is not one', () => {
    const listed = namesInModuleTables(readFileSync(DOC, 'utf8'));
    const modules = productModules();
    const listedTwice = listed.filter((name, index) => listed.indexOf(name) !== index);
    const notListed = modules.filter((module) => !listed.includes(module));
    const listedButNotAModule = listed.filter((name) => !modules.includes(name));
    // Named, so that the failure says which rows to add, remove or merge.
    expect(
      { notListed, listedButNotAModule, listedTwice },
      `${DOC}: add a row for each module not listed (one sentence: what it holds), remove each name that is not a module`,
    ).toEqual({ notListed: [], listedButNotAModule: [], listedTwice: [] });
  });

  it('read several names in one cell, the later ones in the folder of the first', () => {
    expect(
      namesInCell('`packages/sui-zklogin-wallet/src/core/failure.ts`, `errors.ts`, `src/ui/App.tsx`, `Account.tsx`'),
    ).toEqual([
      'packages/sui-zklogin-wallet/src/core/failure.ts',
      'packages/sui-zklogin-wallet/src/core/errors.ts',
      'src/ui/App.tsx',
      'src/ui/Account.tsx',
    ]);
  });

  it('refuse a row that names a folder, a name with no folder before it, or words beside the names', () => {
    expect(() => namesInCell('`src/ui/`')).toThrow('names files, not a folder');
    expect(() => namesInCell('`errors.ts`')).toThrow('"errors.ts" is neither a path');
    expect(() => namesInCell('`core/failure.ts`')).toThrow('"core/failure.ts" is neither a path');
    expect(() => namesInCell('`src/ui/App.tsx` and `Account.tsx`')).toThrow('must begin with file names in backticks');
  });

  it('read only the tables whose first column is "module"', () => {
    const markdown = [
      '| layer | why |',
      '|---|---|',
      '| `src/ui/` | not a module table |',
      '',
      '| module | one sentence |',
      '|---|---|',
      '| `src/main.tsx` | The entry. |',
      '| `src/ui/App.tsx`, `Account.tsx` | Screens \\| and more. |',
      '',
      'prose',
    ].join('\n');
    expect(namesInModuleTables(markdown)).toEqual(['src/main.tsx', 'src/ui/App.tsx', 'src/ui/Account.tsx']);
  });

  it('count as modules neither tests, type declarations nor test support', () => {
    const paths = [
      'src/ui/App.tsx',
      'src/ui/App.test.tsx',
      'packages/sui-zklogin-wallet/src/core/expiry.ts',
      'packages/sui-zklogin-wallet/src/core/expiry.test.ts',
      'src/settings.d.ts',
      'packages/sui-zklogin-wallet/test/machine-stubs.ts',
      'test-support/operations-harness.ts',
      'test-support/ui-harness.tsx',
      'packages/sui-zklogin-wallet/test/vector-signature.ts',
      'src/devtools/devtools.css',
    ];
    expect(paths.filter(isProductModule)).toEqual(['src/ui/App.tsx', 'packages/sui-zklogin-wallet/src/core/expiry.ts']);
  });
});
