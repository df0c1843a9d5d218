import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';

export type ClientIpEnv = { Variables: { clientIp: string } };

/**
 * The client's address: the socket's, unless `trustedProxies` proxies sit in front of us,
 * in which case it is the address the outermost trusted proxy saw, read from the right
 * of X-Forwarded-For so a client cannot forge it by sending its own header.
 */
export function clientIp(trustedProxies: number) {
  return createMiddleware<ClientIpEnv>(async (c, next) => {
    let ip = getConnInfo(c).remote.address ?? 'unknown';
    if (trustedProxies > 0) {
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      ip = hops[hops.length - trustedProxies] ?? ip;
    }
    c.set('clientIp', ip);
    await next();
  });
}
