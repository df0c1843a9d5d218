import { isJsonContentType } from '../http/jsonContentType';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { NUL_MESSAGE, nulField } from './refuseNul';

export type JsonBodyEnv = { Variables: { body: unknown } };

export const MAX_BODY_BYTES = 16 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** 413 for a body over the limit, whether or not it announces its length. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json({ message: `The request is too large; send at most ${MAX_BODY_BYTES / 1024} KB.` }, 413),
});

/** 415 unless the body is declared JSON, 400 unless it is valid UTF-8 JSON without a NUL character; the parsed body goes in c.var.body. */
export const parseJsonBody = createMiddleware<JsonBodyEnv>(async (c, next) => {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return c.json({ message: 'Send the form as JSON, with Content-Type: application/json.' }, 415);
  }
  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(await c.req.arrayBuffer()));
  } catch {
    return c.json({ message: 'The request body is not valid JSON.', errors: {} }, 400);
  }
  const field = nulField(body);
  if (field !== undefined)
    return c.json({ message: NUL_MESSAGE, errors: field ? { [field]: 'Remove the NUL character (U+0000)' } : {} }, 400);
  c.set('body', body);
  // Hono's validator (validBody) reads the body through c.req.json(): it finds it parsed here.
  c.req.bodyCache.json = Promise.resolve(body);
  await next();
});
