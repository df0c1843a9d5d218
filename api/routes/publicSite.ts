import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { trimTrailingSlash } from 'hono/trailing-slash';
import { ADMIN_PAGES } from '../../src/shared/adminPages';
import { nonceMeta } from '../site/pageDocument';
import type { RenderedDocument } from '../site/renderedSite';
import type { SiteService } from '../site/siteService';
import { PICTURES_PATH } from '../site/sitePictures';
import { contentRoutes } from './contentRoutes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const unzip = promisify(gunzip);

/**
 * A document as the client accepts it: gzip as kept (every browser accepts it), or plain, unzipped
 * for this answer (in libuv's threads) for the rare client that takes no gzip.
 */
async function encoded(document: RenderedDocument, accepted: string): Promise<{ body: Buffer; encoding?: 'gzip' }> {
  const gzip = Buffer.concat(document.gzip.chunks);
  return /\bgzip\b/.test(accepted) ? { body: gzip, encoding: 'gzip' } : { body: await unzip(gzip) };
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
  const pages = () => {
    if (!site.pages) throw new Error('The site is served without pages (no renderer was given to the server)');
    return site.pages;
  };
  /** A document as kept (with its ETag, compressed), or an answer made for one request (compressed here). */
  const document = async (c: Context, html: RenderedDocument | string, status: 200 | 404 = 200) => {
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', 'Accept-Encoding');
    const accepted = c.req.header('Accept-Encoding') ?? '';
    if (typeof html === 'string') {
      if (!/\bgzip\b/.test(accepted)) return c.body(html, status);
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(gzipSync(html, { level: 6 })), status);
    }
    const { etag } = html.gzip;
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, { ETag: etag });
    c.header('ETag', etag);
    const { body, encoding } = await encoded(html, accepted);
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(body), status);
  };
  const page = async (c: Context, path: string) => {
    const { document: found, found: exists } = await pages().document(path);
    return document(c, found, exists ? 200 : 404);
  };
  const notFound = (c: Context) => page(c, c.req.path);

  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  // Documents carry their own ETag, made once when drawn; everything else gets one from its bytes.
  app.use((c, next) => (site.current.content.routes.has(c.req.path) ? next() : etag()(c, next)));
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
        pages()
          .adminShell()
          .replace(nonceMeta(''), () => nonceMeta(nonce)),
      );
    });
  }
  // The sitemap gives each page's dates, which only the whole site's check has read: at the start, it waits for that.
  app.get('/sitemap.xml', async (c) => {
    await site.whenChecked();
    return c.body(pages().sitemap(), 200, { 'Content-Type': 'application/xml; charset=UTF-8' });
  });
  app.get('/robots.txt', (c) => c.text(pages().robots()));
  app.get('*', (c, next) => (site.current.content.routes.has(c.req.path) ? page(c, c.req.path) : next()));
  // Dot-files such as .vite/manifest.json describe the build, not the site: never served; nor is the template.
  app.get('*', (c, next) =>
    c.req.path.split('/').some((segment) => segment.startsWith('.')) || c.req.path === '/index.html' ? notFound(c) : next(),
  );
  app.get('*', serveStatic({ root: staticDir, precompressed: true }));
  app.get('*', notFound);
  return app;
}
