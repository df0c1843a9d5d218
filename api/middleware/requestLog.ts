import { createMiddleware } from 'hono/factory';
import { logLine } from '../../src/shared/logLine';
import { DOCUMENTS_PATH } from '../../src/shared/documents';

/**
 * An upload link's token is the key to someone's documents: whatever follows a documents segment
 * is never logged, in any case (/Documents/…), with a trailing slash or more segments after it,
 * or with its slash percent-encoded, whether or not a route answers it.
 */
const UPLOAD_LINK = new RegExp(`(${DOCUMENTS_PATH})(/|%2f).*$`, 'i');

/** A request's path as every log line writes it: without an upload link's token. */
export const loggedPath = (path: string) => path.replace(UPLOAD_LINK, '$1/…');

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
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      }),
    );
  });
}
