import { Hono } from 'hono';
import { PAGE_PAYLOAD_PATH } from '../../src/shared/siteData';
import type { SiteService } from '../site/siteService';
import { PICTURES_PATH } from '../site/sitePictures';

/**
 * The content the browser fetches as a visitor moves between pages: a page's payload by its
 * address (its language's 404 page, with status 404, when none is there), the site's data
 * for a language, and the pictures. The development server, which renders in the browser,
 * uses these alone.
 */
export function contentRoutes(site: SiteService) {
  const app = new Hono();
  app.get(PAGE_PAYLOAD_PATH, async (c) => {
    const path = c.req.query('path') ?? '/';
    const { payload, found } = await site.content.servedBy(path).payload(path);
    return c.json(payload, found ? 200 : 404);
  });
  // What the development server's pages start from, since it sends no data with them.
  app.get('/_content/site', (c) => c.json(site.content.siteData(site.content.languages.of(c.req.query('path') ?? '/'))));
  app.get(`${PICTURES_PATH}:file`, (c, next) => {
    const picture = site.content.pictures.get(c.req.path);
    if (!picture) return next();
    c.header('Content-Type', picture.type);
    return c.body(new Uint8Array(picture.bytes));
  });
  return app;
}
