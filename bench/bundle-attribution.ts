/**
 * Where a bundled file's gzip bytes go, by package or source file. Each group's share is
 * what the file's gzip size loses when that group's bytes (its ranges in the source map)
 * are left out. Shares do not add up to the total: gzip codes text against what came
 * before it, whoever wrote it. But each says what taking that group out would save,
 * which is the question a size budget asks.
 *
 * Hand-written because the visualisers we could keep (rollup-plugin-visualizer and the
 * like) give each module's raw size or its gzip on its own, and a small module's own
 * gzip overstates it several times over once it sits among its neighbours.
 */
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

export const gzipSize = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;

/** Bytes the bundler wrote itself (module wrappers, its runtime, the preload helper). */
export const BUNDLER = '(bundler)';

/** The package a dependency's source belongs to, or the project file's path. */
export function sourceGroup(source: string): string {
  const inModules = source.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = source.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  return source.replace(/^(\.\.\/)+/, '');
}

export interface SourceMapLike {
  mappings: string;
  sources: readonly (string | null)[];
}

export interface Share {
  group: string;
  /** Bytes of gzip the file loses without this group. */
  gzip: number;
  /** Bytes of this group in the file. */
  raw: number;
}

type Range = [line: number, start: number, end: number];

export function attribute(
  code: string,
  map: SourceMapLike,
  groupOf: (source: string) => string = sourceGroup,
): { total: number; shares: Share[] } {
  const lines = code.split('\n');
  const ranges = new Map<string, Range[]>();
  const add = (group: string, range: Range) => {
    if (range[2] > range[1]) ranges.set(group, [...(ranges.get(group) ?? []), range]);
  };
  decode(map.mappings).forEach((segments, line) => {
    const length = lines[line]?.length ?? 0;
    // Text before a line's first mapping has no source: the bundler's.
    add(BUNDLER, [line, 0, segments[0]?.[0] ?? length]);
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.[0] ?? length;
      const source = segment.length > 1 ? map.sources[segment[1]!] : null;
      add(source ? groupOf(source) : BUNDLER, [line, segment[0], end]);
    });
  });
  const total = gzipSize(code);
  const shares = [...ranges].map(([group, own]) => {
    const cut = new Map<number, Range[]>();
    for (const range of own) cut.set(range[0], [...(cut.get(range[0]) ?? []), range]);
    const without = lines.map((text, line) => {
      const here = cut.get(line)?.sort((a, b) => a[1] - b[1]);
      if (!here) return text;
      let kept = '';
      let from = 0;
      for (const [, start, end] of here) {
        kept += text.slice(from, start);
        from = end;
      }
      return kept + text.slice(from);
    });
    return {
      group,
      gzip: total - gzipSize(without.join('\n')),
      raw: own.reduce((sum, [, start, end]) => sum + end - start, 0),
    };
  });
  return { total, shares: shares.sort((a, b) => b.gzip - a.gzip) };
}
