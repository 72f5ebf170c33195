/**
 * One page of the app built as `npm run build` builds it in real mode, in the test's own
 * process: nothing written, no source maps, and no minifying (about 2 s on this machine)
 * unless the test weighs the page (`minify`). For the tests that hold what a page loads at
 * once (src/first-page.build.test.ts, src/wallet-window.build.test.ts).
 */
import { build, type Rolldown } from 'vite';
import { vi } from 'vitest';

export async function buildPage(page: 'index.html' | 'wallet.html', { minify = false } = {}): Promise<Rolldown.RolldownOutput> {
  const env = {
    NODE_ENV: 'production',
    VITE_ENOKI_API_KEY: 'enoki_public_page_build',
    VITE_BUILT_IN: '',
    VITE_INSPECT: '',
    VITE_GOOGLE_CLIENT_ID: 'page-build-google',
    VITE_FACEBOOK_CLIENT_ID: 'page-build-facebook',
    VITE_TWITCH_CLIENT_ID: 'page-build-twitch',
    // That page alone: vite.config.ts's otherPages builds the other pages unless told which page this is.
    ZKLOGIN_PAGE_BUILD: page,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    const result = await build({
      mode: 'production',
      logLevel: 'warn',
      build: { write: false, minify, sourcemap: false },
    });
    if (!('output' in result)) throw new Error('vite build gave no single output');
    return result;
  } finally {
    vi.unstubAllEnvs();
  }
}

/** The built HTML of `page`. */
export function builtHtml(output: Rolldown.RolldownOutput['output'], page: string): string {
  const html = output.find((item): item is Rolldown.OutputAsset => item.type === 'asset' && item.fileName === page);
  if (!html) throw new Error(`The build wrote no ${page}`);
  return String(html.source);
}
