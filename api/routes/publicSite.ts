import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { trimTrailingSlash } from 'hono/trailing-slash';
import { ADMIN_PAGES } from '../../src/shared/adminPaths';
import { nonceMeta } from '../site/pageDocument';
import type { RenderedSite } from '../site/renderedSite';
import type { SiteService } from '../site/siteService';
import { PICTURES_PATH } from '../site/sitePictures';
import { contentRoutes } from './contentRoutes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const compress = (html: string, encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
    : gzipSync(html, { level: 9 });

/** Each document compressed once, on first request, for as long as its site is served. */
const compressed = new WeakMap<RenderedSite, Map<string, Buffer>>();

function encoded(site: RenderedSite, key: string, html: string, encoding: 'br' | 'gzip'): Buffer {
  let cache = compressed.get(site);
  if (!cache) compressed.set(site, (cache = new Map<string, Buffer>()));
  let body = cache.get(`${encoding} ${key}`);
  if (!body) {
    body = compress(html, encoding);
    cache.set(`${encoding} ${key}`, body);
  }
  return body;
}

/**
 * The public site as the server holds it: each page's server-rendered document, its
 * payload and pictures (contentRoutes), sitemap and robots; then
 * the build's scripts, styles and fonts (hashed, cached for a year). Documents are
 * revalidated with their ETag. Unknown paths get the 404 page of their language with
 * status 404; the admin screens get the admin shell.
 */
export function publicSite(site: SiteService, staticDir: string) {
  const app = new Hono();
  const rendered = () => {
    const found = site.current.rendered;
    if (!found) throw new Error('The site is served without pages (no renderer was given to the server)');
    return found;
  };
  /** A document, compressed once and kept under `key`; with no key (an answer made for one request), compressed each time. */
  const document = (c: Context, key: string | undefined, html: string, status: 200 | 404 = 200) => {
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', 'Accept-Encoding');
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (!encoding) return c.body(html, status);
    c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(key === undefined ? compress(html, encoding) : encoded(rendered(), key, html, encoding)), status);
  };
  const notFound = (c: Context) => {
    const lang = site.current.content.languages.of(c.req.path);
    return document(c, `404 ${lang}`, rendered().notFound.get(lang)!, 404);
  };

  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  app.use(etag());
  // Set before the answer is made, so it is part of whichever answer follows.
  app.use((c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') || c.req.path.startsWith(PICTURES_PATH) ? IMMUTABLE : REVALIDATE);
    return next();
  });
  app.route('/', contentRoutes(site));
  // The admin screens render in the browser from the admin shell, after checking the session.
  for (const page of [...Object.values(ADMIN_PAGES), `${ADMIN_PAGES.pages}/*`]) {
    app.get(page, (c) => {
      c.header('X-Robots-Tag', 'noindex, nofollow');
      // The nonce is this answer's own (securityHeaders made it), so the document is too.
      const nonce = c.get('secureHeadersNonce') ?? '';
      return document(
        c,
        undefined,
        rendered().admin.replace(nonceMeta(''), () => nonceMeta(nonce)),
      );
    });
  }
  app.get('/sitemap.xml', (c) => c.body(rendered().sitemap, 200, { 'Content-Type': 'application/xml; charset=UTF-8' }));
  app.get('/robots.txt', (c) => c.text(rendered().robots));
  app.get('*', (c, next) => {
    const html = rendered().pages.get(c.req.path);
    return html === undefined ? next() : document(c, c.req.path, html);
  });
  // Dot-files such as .vite/manifest.json describe the build, not the site: never served; nor is the template.
  app.get('*', (c, next) =>
    c.req.path.split('/').some((segment) => segment.startsWith('.')) || c.req.path === '/index.html' ? notFound(c) : next(),
  );
  app.get('*', serveStatic({ root: staticDir, precompressed: true }));
  app.get('*', notFound);
  return app;
}
