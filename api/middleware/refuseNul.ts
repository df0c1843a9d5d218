import { createMiddleware } from 'hono/factory';

/** What a request with a NUL character is told; no field, id, search or cursor may hold one. */
export const NUL_MESSAGE = 'The request holds a NUL character (U+0000), which no field, id or search may contain. Remove it and try again.';

/**
 * 400 for a NUL character anywhere in the address (as %00), before any route sees it.
 * PostgreSQL refuses NUL in text, and the file store would keep what PostgreSQL cannot: both
 * stores answer alike only if neither is ever asked. parseJsonBody does the same for bodies.
 */
export const refuseNulInUrl = createMiddleware(async (c, next) => {
  const url = c.req.url;
  if (url.includes('\u0000') || /%00/i.test(url)) return c.json({ message: NUL_MESSAGE }, 400);
  await next();
});

/** The first top-level field whose value (or a key) holds a NUL character, '' for the body itself, or undefined. */
export function nulField(value: unknown, field = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? field : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const name = field || key;
    if (key.includes('\u0000')) return name;
    const found = nulField(inner, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
