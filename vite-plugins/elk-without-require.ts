/**
 * Builds elkjs (the statechart panel's layout) without its look for a global `require`.
 *
 * elkjs ships as a browserify bundle whose loader first asks `"function"==typeof
 * require&&require`, to reach modules from outside the bundle in Node. Seeing `require`,
 * the bundler adds its `__require` shim to the shared runtime, which is part of the first
 * page: 200 bytes of gzip that every visitor loaded for a panel few of them open, and that
 * no browser ever runs (a page has no global `require`, so the check is always false).
 * The plugin writes that check as what it is in a browser, `false`; elkjs's own modules
 * are all inside the bundle, so the loader never needs an outside one.
 *
 * Written here rather than taken from a package: it is one substitution in one file, and
 * the build fails (elkJsWithoutRequire) if elkjs ever changes that text, rather than
 * silently putting the shim back.
 */
import type { Plugin } from 'vite';

/** The loader's check, exactly as elkjs's bundle writes it (twice). */
export const REQUIRE_CHECK = '"function"==typeof require&&require';

const ELK_BUNDLE = /[\\/]elkjs[\\/]lib[\\/]elk\.bundled\.js$/;

/** elkjs's bundle with the check replaced; an error if the bundle does not have it. */
export function elkJsWithoutRequire(code: string): string {
  if (!code.includes(REQUIRE_CHECK)) {
    throw new Error(
      `elk-without-require: elkjs's bundle no longer contains ${REQUIRE_CHECK}; see vite-plugins/elk-without-require.ts`,
    );
  }
  // Padded to the same length: every later column stays where it was, so elkjs's source
  // map still holds (map: null below).
  return code.replaceAll(REQUIRE_CHECK, 'false'.padEnd(REQUIRE_CHECK.length));
}

export function elkWithoutRequire(): Plugin {
  return {
    name: 'elk-without-require',
    apply: 'build',
    transform: {
      filter: { id: ELK_BUNDLE },
      handler: (code) => ({ code: elkJsWithoutRequire(code), map: null }),
    },
  };
}
