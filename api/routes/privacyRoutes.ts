import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { validBody, validQuery } from '../middleware/validBody';
import { indiaDate } from '../../src/shared/indiaTime';
import { normalisePhone, phoneKey } from '../../src/shared/phone';
import { describeRecords, type PrivacyRequestStatus } from '../../src/shared/privacyRequests';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { deskReady, auditedBy, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { deskDetail, deskViewOf, type DeskView } from '../store/enquiryShapes';
import { BadCursorError } from '../store/storeErrors';
import type { PersonData, PersonKey, Store } from '../store/Store';
import { readPage } from './deskQuery';

type Env = JsonBodyEnv & SessionEnv;

const NOT_FOUND = 'No request has that id.';
const STATUSES = new Set<string>(['open', 'done', 'refused']);
/** The person a body or query names, in the form the store looks them up by. */
function personFrom(value: { phone?: string; email?: string }): PersonKey {
  return value.phone !== undefined ? { phone: phoneKey(normalisePhone(value.phone)) } : { email: value.email!.trim().toLowerCase() };
}

/** Everything of one person: each enquiry as the desk shows it (with its applications), and their requests. */
const personShape = async (store: Store, { enquiries, requests }: PersonData, view: DeskView) => ({
  enquiries: await Promise.all(enquiries.map((enquiry) => deskDetail(store, enquiry, view))),
  requests,
});

/**
 * Requests about personal data (every signed-in account works through them), and, for
 * owners, everything stored about one person: found, downloaded or erased in one step.
 */
export function privacyRoutes({ store, site, config, clock }: ServerContext) {
  const signedIn = deskReady(store, config, clock);
  const deskView = () => deskViewOf(store, { now: isoNow(clock), finalStatuses: site.content.workflow.finalStatuses });
  const change = [limitBody, ...signedIn, sameOriginJson(config.siteUrl)] as const;
  const invalid = (c: Context<Env>, errors: Record<string, string>) => c.json({ message: 'Some values need correcting.', errors }, 400);
  return new Hono<Env>()
    .get(ADMIN_API.privacyRequests, ...signedIn, async (c) => {
      const params = new URL(c.req.url).searchParams;
      const page = readPage(params);
      const status = params.get('status') || undefined;
      const errors = {
        ...(!page.ok && page.errors),
        ...(status && !STATUSES.has(status) && { status: 'status must be open, done or refused' }),
      };
      if (!page.ok || Object.keys(errors).length) return invalid(c, errors);
      try {
        const found = await store.people.listRequests({
          ...(status && { status: status as PrivacyRequestStatus }),
          limit: page.limit,
          ...(page.cursor !== undefined && { cursor: page.cursor }),
        });
        const count = found.items.length;
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'read',
          detail: `privacy request list: ${count} ${count === 1 ? 'record' : 'records'}`,
        });
        return c.json(found);
      } catch (error) {
        if (error instanceof BadCursorError) return invalid(c, { cursor: error.message });
        throw error;
      }
    })
    .patch(ADMIN_API.privacyRequest, ...change, ...validBody('privacyRequestChange'), async (c) => {
      const body = c.req.valid('json');
      const reason = body.reason?.trim();
      if (body.status === 'refused' && !reason) return invalid(c, { reason: 'Write why the request is refused' });
      if (body.status !== 'refused' && body.reason !== undefined) return invalid(c, { reason: 'A reason goes only with refused' });
      const id = c.req.param('id');
      const updated =
        id.length <= 100
          ? await store.people.updateRequest(id, { status: body.status, ...(reason && { reason }) }, c.var.signedIn.username)
          : undefined;
      if (!updated) return c.json({ message: NOT_FOUND }, 404);
      const last = updated.history.at(-1)!;
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'privacy-request',
        detail: `request ${id}: ${last.from} → ${last.to}`,
      });
      return c.json(updated);
    })
    .get(ADMIN_API.person, ...signedIn, ownerOnly('look up one person’s data'), validQuery('erasure'), async (c) => {
      const found = await store.people.find(personFrom(c.req.valid('query')));
      const detail = `found ${describeRecords({ enquiries: found.enquiries.length, requests: found.requests.length })}`;
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'person-search', detail });
      return c.json(await personShape(store, found, await deskView()));
    })
    .get(ADMIN_API.personExport, ...signedIn, ownerOnly('download one person’s data'), validQuery('erasure'), async (c) => {
      const found = await store.people.find(personFrom(c.req.valid('query')));
      const detail = `one person’s data: ${describeRecords({ enquiries: found.enquiries.length, requests: found.requests.length })}`;
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'export', detail });
      c.header('Content-Disposition', `attachment; filename="personal-data-${indiaDate()}.json"`);
      return c.json({ exportedAt: isoNow(clock), ...(await personShape(store, found, await deskView())) });
    })
    .post(ADMIN_API.erasure, ...change, ownerOnly('erase one person’s data'), ...validBody('erasure'), async (c) => {
      const body = c.req.valid('json');
      const erased = await store.people.erase(personFrom(body));
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'erasure', detail: `${describeRecords(erased)} erased` });
      return c.json({ message: `Erased ${describeRecords(erased)}.`, ...erased });
    });
}
