import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { trimTrailingSlash } from 'hono/trailing-slash';
import { ADMIN_PAGES } from '../../src/shared/adminPaths';
import { APP_SHELL_HTML, notFoundHtmlFor } from '../../src/shared/builtSite';
import { languageOf, LANGUAGES, SOURCE_LANGUAGE } from '../../src/shared/languages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The built site: prerendered pages (route/index.html), hashed assets and a few fixed
 * files, each precompressed with brotli and gzip at build time. Hashed assets are cached
 * for a year; everything else is revalidated with its ETag. Unknown paths get the 404
 * page of their language (/mr/… the Marathi one) with status 404; the admin screens get the app shell.
 */
export function staticSite(staticDir: string) {
  const app = new Hono();
  const notFoundPages = new Map(
    LANGUAGES.map(({ code }) => [code, readFileSync(path.join(staticDir, notFoundHtmlFor(code, SOURCE_LANGUAGE)), 'utf8')]),
  );
  const appShell = readFileSync(path.join(staticDir, APP_SHELL_HTML), 'utf8');

  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  app.use(etag());
  // Set before the file is read, so it is part of whichever answer follows.
  app.use((c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    return next();
  });
  // The admin screens render in the browser from the empty shell, after checking the session.
  for (const page of Object.values(ADMIN_PAGES)) {
    app.get(page, (c) => {
      c.header('X-Robots-Tag', 'noindex, nofollow');
      return c.html(appShell);
    });
  }
  const notFound = (c: Context) => c.html(notFoundPages.get(languageOf(c.req.path))!, 404);
  // Dot-files such as .vite/manifest.json describe the build, not the site: never served.
  app.get('*', (c, next) => (c.req.path.split('/').some((segment) => segment.startsWith('.')) ? notFound(c) : next()));
  app.get('*', serveStatic({ root: staticDir, precompressed: true }));
  app.get('*', notFound);
  return app;
}
