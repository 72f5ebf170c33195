/**
 * clock-readers.json stays true: the modules it names exist and read the wall clock, each
 * with test files that exist and run in the shifted-clock pass, and the linter fails a
 * clock read anywhere else. Together they keep the any-day guarantee with only those tests
 * run a second time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { readers } = JSON.parse(readFileSync(join(ROOT, 'clock-readers.json'), 'utf8')) as {
  readers: Record<string, { why: string; tests: string[] }>;
};
const modules = Object.keys(readers);
const shifted = [...new Set(Object.values(readers).flatMap((reader) => reader.tests))].sort();
/** Vitest's test files (vite.config.ts's test.include: packages/ holds only its packages' src). */
const TEST_DIRS = ['src', 'mocks', 'bench', 'vite-plugins', 'packages'];
const allTests = TEST_DIRS.flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`),
);

/**
 * The listed modules a test file imports (not for types alone): its outcome may then depend
 * on the clock, through them, even when the test reads none itself (a fixture's session that
 * ends a day from now, a machine whose timers count down to it).
 */
function listedImports(test: string): string[] {
  const source = readFileSync(join(ROOT, test), 'utf8');
  const specifiers = source.matchAll(
    /^(?!import type)(?:import|export)[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'/gm,
  );
  return [...specifiers]
    .map(([, statically, dynamically]) => relative(ROOT, normalize(join(ROOT, dirname(test), (statically ?? dynamically)!))))
    .filter((module) => module in readers);
}

const eslint = new ESLint({ cwd: ROOT });
async function clockProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('clock-readers.json', () => {
  it.each(modules)('%s exists, says why, and has tests', (module) => {
    expect(existsSync(join(ROOT, module))).toBe(true);
    expect(readers[module]!.why.trim()).not.toBe('');
    expect(readers[module]!.tests.length).toBeGreaterThan(0);
  });

  it.each(modules)('%s still reads the clock (else take it off the list)', async (module) => {
    // The same source at a path the list does not name: the linter finds its clock reads.
    const probe = module.replace(/(\.tsx?)$/, '.clock-probe$1');
    expect(await clockProblems(probe, readFileSync(join(ROOT, module), 'utf8'))).not.toEqual([]);
  });

  it.each(shifted)('%s is a Vitest test file, and the only one its path names', (test) => {
    expect(allTests).toContain(test);
    // Vitest takes each path as a filter that matches every file whose path contains it.
    expect(allTests.filter((file) => file.includes(test))).toEqual([test]);
  });

  it.each(allTests)('%s runs in the shifted-clock pass under each listed module it imports', (test) => {
    const unlisted = listedImports(test).filter((module) => !readers[module]!.tests.includes(test));
    expect(unlisted, `list ${test} under these modules' tests`).toEqual([]);
  });

  it('the shifted-clock run is exactly the listed tests', () => {
    const printed = execFileSync(process.execPath, [join(ROOT, 'scripts/shifted-clock-files.mjs')], { encoding: 'utf8' });
    expect(printed.trim().split('\n')).toEqual(shifted);
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:unit:shifted-clock']).toMatch(/shifted-clock-files\.mjs.*scripts\/shifted-clock\.sh vitest run/);
  });
});

describe('the linter, on reads of the wall clock', () => {
  it.each([
    ['Date.now()', 'export const stamp = () => Date.now();'],
    ['Date.now as a value', 'export const clock = Date.now;'],
    ['a default parameter', 'export const later = (now = Date.now()) => now + 1;'],
    ['new Date()', 'export const today = () => new Date();'],
    ['Date()', 'export const today = () => Date();'],
  ])('%s in a module not on the list fails', async (_name, code) => {
    expect((await clockProblems('src/storage/unlisted.ts', code)).join('\n')).toMatch(/add it to clock-readers\.json/);
  });

  it('a test not on the list that reads the clock fails', async () => {
    const problems = await clockProblems('src/storage/unlisted.test.ts', 'export const t = Date.now();');
    expect(problems.join('\n')).toMatch(/list it in clock-readers\.json/);
  });

  it('a listed module, a shifted test, new Date(time) and performance.now() pass', async () => {
    expect(await clockProblems(modules[0]!, 'export const t = Date.now();')).toEqual([]);
    expect(await clockProblems(shifted[0]!, 'export const t = Date.now();')).toEqual([]);
    const formatting = 'export const iso = (t: number) => new Date(t).toISOString();\nexport const p = performance.now();';
    expect(await clockProblems('src/storage/unlisted.ts', formatting)).toEqual([]);
  });
});
