/**
 * A Content-Security-Policy for the production build, as a <meta> tag (it travels with
 * the files, whatever serves them). No inline script, no eval, and the page may talk only to
 * what src/config.ts's connectSources lists: the configured login service, Sui node and
 * faucet (in built-in mode, the mocks on its own origin), and in real mode the providers'
 * published keys, for the proof check. Not applied to the dev server, whose hot reload needs
 * inline script.
 */
import type { Plugin } from 'vite';

export function contentSecurityPolicy(options: { connectSources: string[] }): Plugin {
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${options.connectSources.join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // Right after the charset, before any script: a meta policy covers what follows it.
      handler: (html) =>
        html.replace(
          /(<meta charset="[^"]*"\s*\/?>)/i,
          `$1\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
        ),
    },
  };
}
