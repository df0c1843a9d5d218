import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { APPLICATION_LABELS, applicationChangeProblems } from '../../src/shared/applications';
import { isoNow } from '../clock';
import { validBody } from '../middleware/validBody';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { actorOf, auditedBy, deskReady, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { deskDetail, deskViewOf } from '../store/enquiryShapes';

type Env = JsonBodyEnv & SessionEnv;

const NO_ENQUIRY = 'No enquiry has that id; it may have been deleted.';
const NO_APPLICATION = 'This enquiry has no application with that id.';
const validId = (id: string) => id.length > 0 && id.length <= 100;

/**
 * Applications to lenders, by owners and staff: a new one (preparing), and each change of its
 * status, checked against the order of the steps. The enquiry's own status then follows its
 * applications by _desk.yaml's rule, recorded in its history as the change of whoever made it.
 */
export function applicationRoutes({ store, site, config, clock }: ServerContext) {
  const workflow = () => site.content.workflow;
  const change = [limitBody, ...deskReady(store, config, clock), sameOriginJson(config.siteUrl)] as const;
  const invalid = (c: Context<Env>, errors: Record<string, string>) => c.json({ message: 'Some values need correcting.', errors }, 400);

  /** Moves the enquiry's status where its applications now say; the enquiry as the desk then opens it (undefined if it has gone). */
  async function followed(c: Context<Env>, enquiryId: string) {
    const before = await store.enquiries.get(enquiryId);
    if (!before) return undefined;
    const applications = await store.applications.applicationsOf(enquiryId);
    const target = workflow().statusFromApplications(before.status, applications);
    const after = (target && (await store.enquiries.update(enquiryId, { status: target }, actorOf(c.var.signedIn)))) || before;
    if (after.status !== before.status)
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'status-change',
        enquiryId,
        detail: `${before.status} → ${after.status} (its applications)`,
      });
    const view = await deskViewOf(store, { now: isoNow(clock), finalStatuses: workflow().finalStatuses });
    return deskDetail(store, after, view);
  }
  return new Hono<Env>()
    .post(ADMIN_API.applications, ...change, ...validBody('newApplication'), async (c) => {
      const enquiryId = c.req.param('id');
      const body = c.req.valid('json');
      if (!workflow().lenders.some((lender) => lender.id === body.lender))
        return invalid(c, { lender: 'Choose one of the lenders listed in the desk’s settings' });
      const product = body.product.trim();
      if (product.length < 2) return invalid(c, { product: 'Say what is applied for' });
      const added = validId(enquiryId)
        ? await store.applications.addApplication({ ...body, product, enquiryId }, actorOf(c.var.signedIn))
        : undefined;
      if (!added) return c.json({ message: NO_ENQUIRY }, 404);
      await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'application', enquiryId, detail: `added for ${added.lender}` });
      const enquiry = await followed(c, enquiryId);
      return enquiry ? c.json({ id: added.id, enquiry }, 201) : c.json({ message: NO_ENQUIRY }, 404);
    })
    .patch(ADMIN_API.application, ...change, ...validBody('applicationChange'), async (c) => {
      const enquiryId = c.req.param('id');
      const id = c.req.param('applicationId');
      const body = c.req.valid('json');
      const current =
        validId(enquiryId) && validId(id)
          ? (await store.applications.applicationsOf(enquiryId)).find((application) => application.id === id)
          : undefined;
      if (!current) return c.json({ message: NO_APPLICATION }, 404);
      const reason = body.reason?.trim();
      const wanted = { ...body, ...(reason !== undefined && { reason }) };
      const errors = applicationChangeProblems(current, wanted);
      if (Object.keys(errors).length) return invalid(c, errors);
      const updated = await store.applications.updateApplication(
        enquiryId,
        id,
        { ...wanted, from: current.status },
        actorOf(c.var.signedIn),
      );
      if (!updated) return c.json({ message: NO_APPLICATION }, 404);
      if (updated === 'moved')
        return c.json({ message: 'Someone changed this application a moment ago; look at it again before changing it.' }, 409);
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'application',
        enquiryId,
        detail: `${updated.lender}: ${APPLICATION_LABELS[current.status]} → ${APPLICATION_LABELS[updated.status]}`,
      });
      const enquiry = await followed(c, enquiryId);
      return enquiry ? c.json(enquiry) : c.json({ message: NO_ENQUIRY }, 404);
    });
}
