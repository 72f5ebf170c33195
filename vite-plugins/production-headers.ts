/**
 * The headers a production host must send with every page of this app, in one place: the
 * README's "Deploying" list is checked against them (production-headers.test.ts), the
 * build writes them as a sample configuration for its own sign-in mode (`_headers`, the
 * file Netlify and Cloudflare Pages read), and `vite preview` sends those of the build it
 * serves, so that the end-to-end journeys run under them.
 *
 * They are what the <meta> policy cannot say (vite-plugins/content-security-policy.ts):
 * framing, the window group, HTTPS only, no type sniffing, no Referer.
 */
import type { Plugin } from 'vite';
import type { SignInMode } from '../core/sign-in.types.ts';
import { servedBuildMarker } from './build-marker.ts';

const HEADERS_FILE = '_headers';

/** Name and value of each header, in the order the README lists them. */
export function productionHeaders(signInMode: SignInMode): Record<string, string> {
  return {
    // No site may frame the page (clickjacking the sign-in buttons); a <meta> policy cannot say so.
    'Content-Security-Policy': "frame-ancestors 'none'",
    // No other page shares the window group. A popup build opens the provider in a window
    // of its own: `same-origin` would sever that window from the page at once.
    'Cross-Origin-Opener-Policy': signInMode === 'popup' ? 'same-origin-allow-popups' : 'same-origin',
    // The session's key and token never cross plain HTTP, for two years.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    // The token must never leak through a Referer, whatever page the visitor goes to next.
    'Referrer-Policy': 'no-referrer',
  };
}

/** The sample configuration: Netlify's and Cloudflare Pages' `_headers`, every path. */
export function headersFile(signInMode: SignInMode): string {
  const lines = Object.entries(productionHeaders(signInMode)).map(([name, value]) => `  ${name}: ${value}`);
  return [`# The headers of a ${signInMode} build (README.md, "Deploying").`, '/*', ...lines, ''].join('\n');
}

/**
 * Writes `_headers` into the build, for its sign-in mode; `vite preview` sends the headers
 * of the build it serves (its marker's sign-in mode), on every answer, the mocks' included.
 */
export function productionHeadersPlugin(options: { signInMode: SignInMode }): Plugin {
  return {
    name: 'production-headers',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: headersFile(options.signInMode) });
    },
    configurePreviewServer(server) {
      const marker = servedBuildMarker(server.config);
      if (!marker) return;
      const headers = Object.entries(productionHeaders(marker.signInMode));
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of headers) response.setHeader(name, value);
        next();
      });
    },
  };
}
