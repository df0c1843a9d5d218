import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from '../context';
import { SIGNATURE_HEADER } from '../whatsapp/metaCloudApi';

/** Where Meta sends WhatsApp's messages and statuses (and checks the address when it is set up). */
export const WHATSAPP_WEBHOOK = '/api/whatsapp/webhook';

/** Meta batches at most a few hundred changes in one post, each well under 1 KB; a larger body is no post of theirs. */
const MAX_POST_BYTES = 1024 * 1024;

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The address Meta calls, /api/whatsapp/webhook. GET is Meta's check of the address when it is
 * set up (hub.mode=subscribe with the verify token: the challenge is echoed). POST carries
 * messages and statuses: refused with 401 unless X-Hub-Signature-256 is the HMAC of the raw
 * body under the app secret (compared in constant time, before anything is parsed); a signed one
 * is stored as it came and answered 200 at once, and read afterwards (api/jobs/whatsapp.ts), so
 * Meta never waits on the desk and a restart loses nothing. Without WhatsApp set up, 404.
 */
export function whatsappRoutes({ store, config, whatsapp }: ServerContext) {
  const app = new Hono();
  const settings = config.whatsapp;
  if (!settings || !whatsapp) return app;
  return app
    .get(WHATSAPP_WEBHOOK, (c) => {
      const mode = c.req.query('hub.mode');
      const token = c.req.query('hub.verify_token') ?? '';
      const challenge = c.req.query('hub.challenge') ?? '';
      if (mode !== 'subscribe' || !sameText(token, settings.verifyToken) || !/^[\w-]{1,200}$/.test(challenge))
        return c.text('Forbidden', 403);
      return c.text(challenge);
    })
    .post(WHATSAPP_WEBHOOK, bodyLimit({ maxSize: MAX_POST_BYTES, onError: (c) => c.text('Too large', 413) }), async (c) => {
      const raw = Buffer.from(await c.req.arrayBuffer());
      if (!whatsapp.provider.signedBy(raw, c.req.header(SIGNATURE_HEADER))) return c.text('Unauthorized', 401);
      await store.whatsapp.receive(raw.toString('utf8'));
      void whatsapp.wake();
      return c.text('OK');
    });
}
