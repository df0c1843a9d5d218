import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { isJsonContentType } from '../http/jsonContentType';

/**
 * Guards state-changing admin requests against cross-site forgery: the body must be
 * declared JSON (a plain HTML form cannot send that) and the browser must say the request
 * came from this origin, compared whole (scheme, host and port): the origin the request
 * reached, or the public SITE_URL when a proxy terminates https in front of the server.
 * Hono's csrf middleware does not look at JSON requests, hence this.
 */
export function sameOriginJson(siteUrl: string) {
  const siteOrigin = new URL(siteUrl).origin;
  return createMiddleware(async (c, next) => {
    const json = isJsonContentType(c.req.header('content-type'));
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const reached = `${new URL(c.req.url).protocol}//${c.req.header('host') ?? ''}`;
    const sameOrigin = origin ? origin === reached || origin === siteOrigin : fetchSite === 'same-origin';
    if (!json || !sameOrigin || (fetchSite && fetchSite !== 'same-origin')) return c.json({ message: ADMIN_MESSAGES.crossOrigin }, 403);
    await next();
  });
}
