import { Hono } from 'hono';
import { checkEnquiry } from '../../src/shared/forms/checkEnquiry';
import { FORM_SCHEMAS, HONEYPOT_FIELD, type FormKind } from '../../src/shared/forms/formSchemas';
import type { Config } from '../config';
import type { ClientIpEnv } from '../middleware/clientIp';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { rateLimit } from '../middleware/rateLimit';
import type { Store } from '../store/Store';
import type { Outbox } from '../notify/outbox';

const ENDPOINTS: Record<FormKind, string> = {
  about: FORM_SCHEMAS.about['x-endpoint'],
  contact: FORM_SCHEMAS.contact['x-endpoint'],
};

/** The two public form endpoints of SPEC section 7: validate, store, and only then answer 200. */
export function enquiryRoutes(store: Store, config: Config, outbox: Outbox) {
  const app = new Hono<ClientIpEnv & JsonBodyEnv>();
  const limit = rateLimit({
    store,
    name: 'enquiry',
    limit: config.enquiryRateLimit,
    windowMs: config.enquiryRateWindowMs,
    message: (minutes) =>
      `We have received several enquiries from your connection in the last few minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us.`,
  });

  for (const kind of ['about', 'contact'] as const) {
    const schema = FORM_SCHEMAS[kind];
    app.post(ENDPOINTS[kind], limitBody, parseJsonBody, limit, async (c) => {
      const check = checkEnquiry(kind, c.var.body);
      if (!check.ok) return c.json({ message: check.message, errors: check.errors }, 400);
      const { [HONEYPOT_FIELD]: trap, sourcePage, ...fields } = check.enquiry;
      // A robot filled the hidden field: tell it what a person would hear, and keep nothing.
      if (trap === undefined) {
        // The notifications are stored with the enquiry and sent after the answer, never before it.
        await store.addEnquiry({ form: kind, fields, ...(sourcePage !== undefined && { sourcePage }) }, outbox.channels);
        outbox.wake();
      }
      return c.json({ message: schema['x-success'] });
    });
    app.on(['GET', 'PUT', 'DELETE', 'PATCH'], ENDPOINTS[kind], (c) =>
      c.json({ message: 'This address only accepts POST.' }, 405, { Allow: 'POST' }),
    );
  }
  return app;
}
