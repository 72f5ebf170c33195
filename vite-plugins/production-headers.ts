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
import type { SignInMode } from '../packages/sui-zklogin-wallet/src/core/sign-in.types.ts';
import { servedBuildMarker } from './build-marker.ts';

const HEADERS_FILE = '_headers';

/**
 * The hosted wallet's window (docs/hosted-wallet.md): a dApp's page on another origin opens
 * it, and it answers that page through `window.opener`. Any window policy but the default
 * would put it in a group of its own, away from its opener, so it is the one page sent none.
 */
export const WALLET_WINDOW_PAGE = '/wallet.html';
/**
 * The example dApp: it opens windows of other origins (the hosted wallet's, or a provider's
 * in popup mode) and must keep them, so its policy lets its own popups be.
 */
export const DAPP_PAGE = '/dapp.html';
/**
 * The example dApp's page at its extensionless address too: Netlify and Cloudflare Pages
 * serve `/dapp.html` at `/dapp` (Cloudflare redirects to it), and a header rule matches the
 * path asked for, so `/dapp.html`'s rule alone would leave the page served there without one.
 */
const DAPP_PAGE_PRETTY = '/dapp';
/** The pages with a window policy: every page of the build but the wallet's window (at either address). */
const POLICED_PAGES = ['/', '/index.html', DAPP_PAGE, DAPP_PAGE_PRETTY];

const COOP = 'Cross-Origin-Opener-Policy';

/** The window policy of the page at `path`; null for the wallet's window. */
function windowPolicy(signInMode: SignInMode, path: string): string | null {
  if (path === WALLET_WINDOW_PAGE) return null;
  // A popup build opens the provider in a window of its own: `same-origin` would sever that window at once.
  return signInMode === 'popup' || path === DAPP_PAGE || path === DAPP_PAGE_PRETTY ? 'same-origin-allow-popups' : 'same-origin';
}

/** Name and value of each header of the page at `path`, in the order the README lists them. */
export function productionHeaders(signInMode: SignInMode, path = '/'): Record<string, string> {
  return {
    // No site may frame the page (clickjacking the sign-in buttons); a <meta> policy cannot say so.
    'Content-Security-Policy': "frame-ancestors 'none'",
    // No other page shares the window group, but the windows a page opens itself (windowPolicy).
    ...(windowPolicy(signInMode, path) ? { [COOP]: windowPolicy(signInMode, path)! } : {}),
    // The session's key and token never cross plain HTTP, for two years.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    // The token must never leak through a Referer, whatever page the visitor goes to next.
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * The sample configuration: Netlify's and Cloudflare Pages' `_headers`. Every path gets the
 * headers every page has; the window policy goes to each page that has one, by its path
 * (neither host can take a header back from one path once `/*` gave it).
 */
export function headersFile(signInMode: SignInMode): string {
  const line = ([name, value]: [string, string]) => `  ${name}: ${value}`;
  const everyPath = Object.entries(productionHeaders(signInMode, WALLET_WINDOW_PAGE)).map(line);
  return [
    `# The headers of a ${signInMode} build (README.md, "Deploying").`,
    '/*',
    ...everyPath,
    `# Every page but ${WALLET_WINDOW_PAGE}, which a dApp's page opens and which answers it.`,
    ...POLICED_PAGES.flatMap((page) => [page, line([COOP, windowPolicy(signInMode, page)!])]),
    '',
  ].join('\n');
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
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://preview').pathname;
        for (const [name, value] of Object.entries(productionHeaders(marker.signInMode, path))) response.setHeader(name, value);
        next();
      });
    },
  };
}
