import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REQUIRE_CHECK, elkJsWithoutRequire } from './elk-without-require.ts';

const elkBundle = readFileSync(createRequire(import.meta.url).resolve('elkjs/lib/elk.bundled.js'), 'utf8');

describe('elkJsWithoutRequire', () => {
  it("removes every look for a global require from elkjs's bundle, and moves no column", () => {
    const code = elkJsWithoutRequire(elkBundle);
    expect(code).not.toMatch(/typeof require\b/);
    expect(code.split('\n').map((line) => line.length)).toEqual(elkBundle.split('\n').map((line) => line.length));
  });

  it('leaves a bundle that still lays a graph out', async () => {
    const module = { exports: {} as unknown };
    new Function('module', 'exports', elkJsWithoutRequire(elkBundle))(module, module.exports);
    const ELK = module.exports as new () => { layout: (graph: object) => Promise<{ children: { x: number }[] }> };
    const laid = await new ELK().layout({
      id: 'root',
      children: [
        { id: 'a', width: 10, height: 10 },
        { id: 'b', width: 10, height: 10 },
      ],
      edges: [{ id: 'e', sources: ['a'], targets: ['b'] }],
    });
    expect(laid.children.map((child) => child.x)).toHaveLength(2);
    expect(laid.children[1]!.x).toBeGreaterThan(laid.children[0]!.x);
  });

  it('fails the build when elkjs no longer has the check, instead of bringing the shim back unseen', () => {
    expect(() => elkJsWithoutRequire('var x = 1;')).toThrow(REQUIRE_CHECK);
  });
});
