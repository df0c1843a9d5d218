import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { addApplication, changeApplication, type Refused } from '../casework/applications';
import { isoNow } from '../clock';
import { validBody } from '../middleware/validBody';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { actorOf, deskReady, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { deskDetail, deskViewOf } from '../store/enquiryShapes';

type Env = JsonBodyEnv & SessionEnv;

const NO_ENQUIRY = 'No enquiry has that id; it may have been deleted.';
const NO_APPLICATION = 'This enquiry has no application with that id.';
const validId = (id: string) => id.length > 0 && id.length <= 100;

/**
 * Applications to lenders, by owners and staff (the rules: api/casework/applications.ts). Each
 * answer is the enquiry as the desk then opens it, its status where its applications leave it.
 */
export function applicationRoutes({ store, site, config, clock }: ServerContext) {
  const workflow = () => site.content.workflow;
  const change = [limitBody, ...deskReady(store, config, clock), sameOriginJson(config.siteUrl)] as const;
  const invalid = (c: Context<Env>, { errors }: Refused) => c.json({ message: 'Some values need correcting.', errors }, 400);

  /** The enquiry as the desk opens it (undefined if it has gone). */
  async function detail(enquiryId: string) {
    const enquiry = await store.enquiries.get(enquiryId);
    if (!enquiry) return undefined;
    const view = await deskViewOf(store, { now: isoNow(clock), finalStatuses: workflow().finalStatuses });
    return deskDetail(store, enquiry, view);
  }
  return new Hono<Env>()
    .post(ADMIN_API.applications, ...change, ...validBody('newApplication'), async (c) => {
      const enquiryId = c.req.param('id');
      const added = validId(enquiryId)
        ? await addApplication(store, workflow(), { ...c.req.valid('json'), enquiryId }, actorOf(c.var.signedIn))
        : undefined;
      if (added && 'errors' in added) return invalid(c, added);
      const enquiry = added && (await detail(enquiryId));
      return enquiry ? c.json({ id: added.id, enquiry }, 201) : c.json({ message: NO_ENQUIRY }, 404);
    })
    .patch(ADMIN_API.application, ...change, ...validBody('applicationChange'), async (c) => {
      const enquiryId = c.req.param('id');
      const applicationId = c.req.param('applicationId');
      const updated =
        validId(enquiryId) && validId(applicationId)
          ? await changeApplication(store, workflow(), { enquiryId, applicationId, change: c.req.valid('json') }, actorOf(c.var.signedIn))
          : undefined;
      if (!updated) return c.json({ message: NO_APPLICATION }, 404);
      if (updated === 'moved')
        return c.json({ message: 'Someone changed this application a moment ago; look at it again before changing it.' }, 409);
      if ('errors' in updated) return invalid(c, updated);
      const enquiry = await detail(enquiryId);
      return enquiry ? c.json(enquiry) : c.json({ message: NO_ENQUIRY }, 404);
    });
}
