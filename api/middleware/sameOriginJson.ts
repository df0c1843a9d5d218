import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';
import { isJsonContentType } from '../http/jsonContentType';

/** The header a picture upload must carry: a cross-site page cannot add it without the server's leave (a CORS preflight it never gets). */
export const UPLOAD_HEADER = 'X-Requested-With';

/**
 * Whether the browser says the request came from this origin, compared whole (scheme, host
 * and port): the origin the request reached, or the public SITE_URL when a proxy terminates
 * https in front of the server.
 */
function fromThisOrigin(c: Context, siteOrigin: string): boolean {
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  const reached = `${new URL(c.req.url).protocol}//${c.req.header('host') ?? ''}`;
  const sameOrigin = origin ? origin === reached || origin === siteOrigin : fetchSite === 'same-origin';
  return sameOrigin && (!fetchSite || fetchSite === 'same-origin');
}

function sameOriginWith(siteUrl: string, sentAsAllowed: (c: Context) => boolean) {
  const siteOrigin = new URL(siteUrl).origin;
  return createMiddleware(async (c, next) => {
    if (!sentAsAllowed(c) || !fromThisOrigin(c, siteOrigin)) return c.json({ message: ADMIN_MESSAGES.crossOrigin }, 403);
    await next();
  });
}

/**
 * Guards state-changing admin requests against cross-site forgery: the body must be
 * declared JSON (a plain HTML form cannot send that) and come from this origin.
 * Hono's csrf middleware does not look at JSON requests, hence this.
 */
export function sameOriginJson(siteUrl: string) {
  return sameOriginWith(siteUrl, (c) => isJsonContentType(c.req.header('content-type')));
}

/**
 * The same guard for a file upload, which has to be a multipart form, as a plain HTML form on
 * another site can send too: it must also carry UPLOAD_HEADER, which such a form cannot.
 */
export function sameOriginUpload(siteUrl: string) {
  return sameOriginWith(
    siteUrl,
    (c) => /^multipart\/form-data;/i.test(c.req.header('content-type') ?? '') && c.req.header(UPLOAD_HEADER) === 'fetch',
  );
}
