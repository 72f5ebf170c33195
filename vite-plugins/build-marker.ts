/**
 * What a build is (built-in or real mode, its network, its sign-in mode), written into its
 * output for `vite preview` to read. The preview serves a build that may have been made
 * elsewhere, or long before, from other settings: it must decide from the build it serves,
 * never from the shell it starts in (a real-mode build previewed from a shell without a key
 * must not get the mock identity provider, which signs a token for anyone).
 *
 * The marker sits under `.vite/` (where Vite writes its own manifest), which a static host
 * need not serve and `vite preview` does not. No marker, or one that does not read: a build
 * of unknown mode, which gets no mocks.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as v from 'valibot';
import type { Plugin, ResolvedConfig } from 'vite';
import { SIGN_IN_MODES } from '../packages/sui-zklogin-wallet/src/config.ts';
import { NETWORKS } from '../packages/sui-zklogin-wallet/src/identity.ts';

export const BUILD_MARKER_FILE = '.vite/sign-in-build.json';

const markerSchema = v.object({
  builtIn: v.boolean(),
  network: v.picklist(NETWORKS),
  signInMode: v.picklist(SIGN_IN_MODES),
});
export type BuildMarker = v.InferOutput<typeof markerSchema>;

/** Writes the marker beside the build's files. */
export function buildMarker(marker: BuildMarker): Plugin {
  return {
    name: 'sign-in-build-marker',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_MARKER_FILE, source: `${JSON.stringify(marker, null, 2)}\n` });
    },
  };
}

/** The marker of the build in `outDir`, or null when there is none that reads. */
export function readBuildMarker(outDir: string): BuildMarker | null {
  try {
    const result = v.safeParse(markerSchema, JSON.parse(readFileSync(resolve(outDir, BUILD_MARKER_FILE), 'utf8')));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** The marker of the build a preview server serves (its resolved outDir). */
export const servedBuildMarker = (config: ResolvedConfig) => readBuildMarker(resolve(config.root, config.build.outDir));
