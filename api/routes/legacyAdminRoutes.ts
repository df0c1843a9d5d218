import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { readBudget } from '../auth/readBudget';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { deskReady, auditedBy, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { legacyShape } from '../store/enquiryShapes';

type Env = JsonBodyEnv & SessionEnv;

/** The firm's original lists answer with at most this many, newest first; the desk pages through the rest. */
export const LEGACY_LIST_LIMIT = 500;

/** The firm's original list and delete endpoints, with their exact answers, now behind a session (and owners only for deletion). */
export function legacyAdminRoutes({ store, config, clock }: ServerContext) {
  const app = new Hono<Env>();
  const signedIn = deskReady(store, config, clock);

  const reserveReads = readBudget(store);

  /** The newest enquiries of one form, as many as the reader's hourly allowance still covers. */
  async function newest(c: Context<Env>, form: 'about' | 'contact') {
    const allowed = await reserveReads(c, LEGACY_LIST_LIMIT);
    if (!allowed.ok) return allowed;
    const { items } = await store.enquiries.list({ form, limit: allowed.limit });
    await allowed.done(`original ${form} list`, items.length);
    return { ok: true as const, items: items.map(legacyShape) };
  }

  app.get(ADMIN_API.listAbout, ...signedIn, async (c) => {
    const found = await newest(c, 'about');
    return found.ok ? c.json({ Data: found.items }) : found.response;
  });

  app.get(ADMIN_API.listContact, ...signedIn, async (c) => {
    const found = await newest(c, 'contact');
    if (!found.ok) return found.response;
    return c.json({ message: found.items.length ? 'CONTACT US DATA FOUND' : 'NO CONTACT US DATA FOUND', Data: found.items });
  });

  for (const [path, form, field, success] of [
    [ADMIN_API.deleteAbout, 'about', 'aid', 'PRODUCT DELETE SUCCESSFULLY'],
    [ADMIN_API.deleteContact, 'contact', 'cid', 'CONTACT DELETED SUCESSFULLY'],
  ] as const) {
    app.post(path, limitBody, ...signedIn, ownerOnly('delete enquiries'), sameOriginJson(config.siteUrl), parseJsonBody, async (c) => {
      const id = (c.var.body as Record<string, unknown> | null)?.[field];
      if (typeof id !== 'string' || id.length === 0 || id.length > 100)
        return c.json({ message: `Send the record's id as text in "${field}".` }, 400);
      if ((await store.enquiries.delete([id], form)) === 0)
        return c.json({ message: 'No record has that id; it may already have been deleted.' }, 404);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'delete', enquiryId: id });
      return c.json({ message: success });
    });
  }
  return app;
}
