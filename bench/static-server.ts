/**
 * The benchmark's web server for both apps' production builds, serving them as a
 * production host serves a Vite build: the hashed files under /assets/ never change
 * under their names, so a browser keeps them for a year without asking again
 * (`immutable`); every other file (the HTML above all) is asked for again each time.
 * `vite preview`, which the benchmark used before, is a local preview: it answers every
 * file with `no-cache`, so each reload asked the server again for every script, one
 * round trip per file. `--revalidate-assets` keeps that rule, to compare.
 *
 * sirv serves the files (with ETags and the SPA fallback `vite preview` has too) and
 * compression gzips them, as `vite preview` does; only the cache rule is ours.
 *
 * node bench/static-server.ts --dir DIST --port PORT [--revalidate-assets]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import compression from 'compression';
import sirv from 'sirv';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control header for a file the server sends. */
export function cacheControl(pathname: string, revalidateAssets: boolean): string {
  return !revalidateAssets && pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
}

export function startStaticServer(options: { dir: string; port: number; revalidateAssets: boolean }) {
  const files = sirv(options.dir, {
    etag: true,
    single: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', cacheControl(pathname, options.revalidateAssets)),
  });
  // compression works on Node's own request and response; its types name Express's.
  const gzip = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const server = createServer((req, res) =>
    gzip(req, res, () =>
      files(req, res, () => {
        res.statusCode = 404;
        res.end();
      }),
    ),
  );
  return new Promise<typeof server>((resolve) => server.listen(options.port, () => resolve(server)));
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      port: { type: 'string' },
      'revalidate-assets': { type: 'boolean', default: false },
    },
  });
  if (!values.dir || !values.port)
    throw new Error('usage: node bench/static-server.ts --dir DIST --port PORT [--revalidate-assets]');
  await startStaticServer({ dir: values.dir, port: Number(values.port), revalidateAssets: values['revalidate-assets'] });
}
