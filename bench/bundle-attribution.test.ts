/**
 * The bundle report's attribution, on files small enough to check by hand: every byte
 * lands in one group, and a group's share is exactly what the file's gzip loses
 * without it.
 */
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { attribute, BUNDLER, gzipSize, sourceGroup } from './bundle-attribution.ts';

describe('sourceGroup', () => {
  it('names a dependency by its package, scoped or not, and a project file by its path', () => {
    expect(sourceGroup('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(sourceGroup('../../node_modules/@xstate/react/dist/xstate-react.esm.js')).toBe('@xstate/react');
    expect(sourceGroup('../../node_modules/a/node_modules/b/index.js')).toBe('b');
    expect(sourceGroup('../../src/ui/App.tsx')).toBe('src/ui/App.tsx');
  });
});

describe('attribute', () => {
  // One line: "X;" before any mapping, "var a=1;" from a.ts, "var b=2;" from b.ts, then
  // "export{}" under a segment with no source: the first and last are the bundler's.
  const code = 'X;var a=1;var b=2;export{}';
  const segments: SourceMapSegment[][] = [[[2, 0, 0, 0], [10, 1, 0, 0], [18]]];
  const map = { mappings: encode(segments), sources: ['../../src/a.ts', '../../src/b.ts'] };

  it('gives every byte to one group: the sources, and the bundler for unmapped text', () => {
    const { shares } = attribute(code, map);
    const raw = Object.fromEntries(shares.map((share) => [share.group, share.raw]));
    expect(raw).toEqual({ 'src/a.ts': 8, 'src/b.ts': 8, [BUNDLER]: 2 + 8 });
    expect(Object.values(raw).reduce((sum, bytes) => sum + bytes, 0)).toBe(code.length);
  });

  it("measures each group's share as the gzip lost without it", () => {
    const { total, shares } = attribute(code, map);
    expect(total).toBe(gzipSize(code));
    const share = (group: string) => shares.find((entry) => entry.group === group)!.gzip;
    expect(share('src/a.ts')).toBe(total - gzipSize('X;var b=2;export{}'));
    expect(share('src/b.ts')).toBe(total - gzipSize('X;var a=1;export{}'));
    expect(share(BUNDLER)).toBe(total - gzipSize('var a=1;var b=2;'));
  });

  it('sorts the largest share first', () => {
    const big = Array.from({ length: 200 }, (_, i) => `f${i * 7919}();`).join('');
    const twoSources = `${big}g();`;
    const twoMap = {
      mappings: encode([
        [
          [0, 0, 0, 0],
          [big.length, 1, 0, 0],
        ],
      ]),
      sources: ['../../src/big.ts', '../../src/small.ts'],
    };
    expect(attribute(twoSources, twoMap).shares.map((entry) => entry.group)).toEqual(['src/big.ts', 'src/small.ts']);
  });
});
