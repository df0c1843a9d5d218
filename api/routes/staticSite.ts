import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { trimTrailingSlash } from 'hono/trailing-slash';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built site: prerendered pages (route/index.html), hashed assets and a few fixed
 * files, each precompressed with brotli and gzip at build time. Hashed assets are cached
 * for a year; everything else is revalidated with its ETag. Unknown paths get the 404
 * page with status 404.
 */
export function staticSite(staticDir: string) {
  const app = new Hono();
  const notFoundPage = readFileSync(path.join(staticDir, '404.html'), 'utf8');

  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  app.use(etag());
  app.get(
    '*',
    serveStatic({
      root: staticDir,
      precompressed: true,
      onFound: (file, c) => {
        c.header('Cache-Control', file.startsWith(path.join(staticDir, 'assets') + path.sep) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', REVALIDATE);
    return c.html(notFoundPage, 404);
  });
  return app;
}
