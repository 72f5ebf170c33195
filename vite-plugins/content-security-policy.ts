/**
 * A Content-Security-Policy for the production build, as a <meta> tag (it travels with
 * the files, whatever serves them). No inline script, no eval, and the page may talk to
 * one place only: the configured login service (in built-in mode, the mock on its own
 * origin). Not applied to the dev server, whose hot reload needs inline script.
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

/** Where the built app may connect: the login service's origin (or the page's own, built-in). */
export function connectSourcesFor(env: Record<string, string | undefined>): string[] {
  const apiUrl = env.VITE_ENOKI_API_URL?.trim();
  const builtIn = !env.VITE_ENOKI_API_KEY?.trim();
  if (builtIn && !apiUrl) return ["'self'"];
  return [new URL(apiUrl || 'https://api.enoki.mystenlabs.com').origin];
}
