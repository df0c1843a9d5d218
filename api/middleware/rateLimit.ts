import { setRetryAfter } from '../http/retryAfter';
import { createMiddleware } from 'hono/factory';
import type { Store } from '../store/Store';
import type { ClientIpEnv } from './clientIp';

/**
 * At most `limit` requests per client (IPv6: per /64) in each fixed window; 0 means no limit.
 * `message` receives the minutes left until the window ends.
 */
export function rateLimit(options: { store: Store; name: string; limit: number; windowMs: number; message: (minutes: number) => string }) {
  return createMiddleware<ClientIpEnv>(async (c, next) => {
    if (options.limit === 0) return next();
    const { count, resetAt } = await options.store.windows.count(`${options.name}:${c.var.rateKey}`, options.windowMs);
    if (count > options.limit) {
      return c.json({ message: options.message(setRetryAfter(c, resetAt)) }, 429);
    }
    await next();
  });
}
