import { createMiddleware } from 'hono/factory';
import { logLine } from '../../src/shared/logLine';
import { DOCUMENTS_PATH } from '../../src/shared/documents';

/** An upload link's token is the key to someone's documents: its address is logged without it. */
const UPLOAD_LINK = new RegExp(`(${DOCUMENTS_PATH}/)[^/]+$`);

/**
 * One JSON line per request: method, path (never the query or the body, which may hold
 * personal data, nor an upload link's token), status and milliseconds.
 */
export function requestLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    write(
      logLine({
        method: c.req.method,
        path: c.req.path.replace(UPLOAD_LINK, '$1…'),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  });
}
