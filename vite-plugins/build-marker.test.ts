/**
 * The build's marker: written as the preview will read it, and anything else (none, broken,
 * another shape) reads as no marker, which the preview treats as a build without mocks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_MARKER_FILE, buildMarker, readBuildMarker, type BuildMarker } from './build-marker.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh output directory, with `marker` written where the build writes it. */
function outDir(marker?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'build-marker-'));
  dirs.push(dir);
  if (marker !== undefined) {
    mkdirSync(dirname(join(dir, BUILD_MARKER_FILE)), { recursive: true });
    writeFileSync(join(dir, BUILD_MARKER_FILE), marker);
  }
  return dir;
}

/** What the plugin emits into the bundle. */
function emitted(plugin: Plugin) {
  const files: { fileName: string; source: string }[] = [];
  (plugin.generateBundle as (this: unknown) => void).call({
    emitFile: (file: { fileName: string; source: string }) => files.push(file),
  });
  return files;
}

describe('the build marker', () => {
  it('is written under .vite/ (which a host need not serve), and reads back as written', () => {
    const marker: BuildMarker = { builtIn: true, network: 'devnet', signInMode: 'popup' };
    const files = emitted(buildMarker(marker));
    expect(files.map((file) => file.fileName)).toEqual(['.vite/sign-in-build.json']);
    expect(readBuildMarker(outDir(files[0]!.source))).toEqual(marker);
    expect(buildMarker(marker).apply).toBe('build');
  });

  it.each([
    ['no marker', undefined],
    ['a broken one', '{"builtIn": tr'],
    ['one of another shape', '{"builtIn": "yes", "network": "testnet", "signInMode": "redirect"}'],
    ['one without the mode', '{"network": "testnet", "signInMode": "redirect"}'],
  ])('%s reads as none', (_, marker) => {
    expect(readBuildMarker(outDir(marker))).toBeNull();
  });
});
