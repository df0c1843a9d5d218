import { createMiddleware } from 'hono/factory';
import { logLine } from '../../src/shared/logLine';

/**
 * One JSON line per request: method, path (never the query or the body, which may hold
 * personal data), status and milliseconds.
 */
export function requestLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    write(
      logLine({
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  });
}
