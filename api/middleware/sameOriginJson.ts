import { isJsonContentType } from '../http/jsonContentType';
import { createMiddleware } from 'hono/factory';
import { ADMIN_MESSAGES } from '../../src/shared/adminMessages';

/**
 * Guards state-changing admin requests against cross-site forgery: the body must be
 * declared JSON (a plain HTML form cannot send that) and the browser must say the request
 * came from this origin. Hono's csrf middleware does not look at JSON requests, hence this.
 */
export const sameOriginJson = createMiddleware(async (c, next) => {
  const json = isJsonContentType(c.req.header('content-type'));
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  const sameOrigin = origin ? safeHost(origin) === new URL(c.req.url).host : fetchSite === 'same-origin';
  if (!json || !sameOrigin || (fetchSite && fetchSite !== 'same-origin')) return c.json({ message: ADMIN_MESSAGES.crossOrigin }, 403);
  await next();
});

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
