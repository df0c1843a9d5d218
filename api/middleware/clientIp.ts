import type { BlockList } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { clientAddress, rateKey } from '../http/clientAddress';

export type ClientIpEnv = { Variables: { clientIp: string; rateKey: string } };

/**
 * Works out who the client is (see clientAddress: X-Forwarded-For counts only when it
 * comes from a trusted proxy) and the key per-address limits count it under.
 */
export function clientIp(trustedProxies: BlockList | undefined) {
  return createMiddleware<ClientIpEnv>(async (c, next) => {
    const address = clientAddress(getConnInfo(c).remote.address ?? 'unknown', c.req.header('x-forwarded-for'), trustedProxies);
    c.set('clientIp', address);
    c.set('rateKey', rateKey(address));
    await next();
  });
}
