import type { ServerContext } from '../context';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import { readBudget } from '../auth/readBudget';
import { isoNow } from '../clock';
import { validBody } from '../middleware/validBody';
import { addDays, indiaDate, isRealDate } from '../../src/shared/indiaTime';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { deskReady, actorOf, auditedBy, ownerOnly, type SessionEnv } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { deskDetail, deskShape, deskViewOf } from '../store/enquiryShapes';
import { AssignmentTakenError, BadCursorError } from '../store/storeErrors';
import type { Assignment, EnquiryChange, Store } from '../store/Store';
import type { SignedIn } from '../middleware/requireSession';
import { canAdvise } from '../casework/assignmentRule';
import { readFilters, readPage } from './deskQuery';
import { enquiriesCsv } from './enquiriesCsv';
import { addNote, recordContact, withCallingHours } from '../casework/contacts';

type Env = JsonBodyEnv & SessionEnv;

const NOT_FOUND = 'No enquiry has that id; it may have been deleted.';
/** Follow-ups further ahead than this are almost always a typing slip. */
const FOLLOW_UP_MAX_DAYS = 2 * 365;
const EXPORT_PAGE = 500;

/** The field errors of a change that the schema cannot see: statuses, reasons and dates from the desk's data. */
function changeProblems(change: EnquiryChange, workflow: DeskWorkflow, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const status = change.status === undefined ? undefined : workflow.statusById(change.status);
  if (change.status !== undefined && !status) errors.status = 'Choose one of the listed statuses';
  if (status?.needsReason && !change.closedReason) errors.closedReason = `Choose why the enquiry is ${status.label.toLowerCase()}`;
  if (change.closedReason !== undefined) {
    if (!status?.needsReason) errors.closedReason = 'A reason goes only with a status that asks for one';
    else if (!workflow.closedReasons.some((reason) => reason.id === change.closedReason))
      errors.closedReason = 'Choose one of the listed reasons';
  }
  if (typeof change.followUpOn === 'string') {
    if (!isRealDate(change.followUpOn)) errors.followUpOn = 'Enter a real date';
    else if (change.followUpOn < today) errors.followUpOn = 'The follow-up date must be today or later';
    else if (change.followUpOn > addDays(today, FOLLOW_UP_MAX_DAYS)) errors.followUpOn = 'The follow-up date must be within two years';
  }
  return errors;
}

type AssignmentCheck = { ok: true; assignment: Assignment } | { ok: false; status: 400 | 403; message: string; field?: string };

/**
 * Who may give an enquiry to whom: owners, to any owner or staff member or to nobody; a staff
 * member, only to themselves from nobody, or back to nobody from themselves. The store checks
 * the current advisor in the same step as it changes it (`onlyFrom`).
 */
async function assignmentOf(store: Store, assignedTo: string | null, who: SignedIn): Promise<AssignmentCheck> {
  const account = assignedTo === null ? null : await store.accounts.find(assignedTo);
  if (account === undefined) return { ok: false, status: 400, field: 'assignedTo', message: 'No account has that username' };
  if (account && !canAdvise(account))
    return { ok: false, status: 400, field: 'assignedTo', message: 'An editor works on the pages only: choose an owner or a staff member' };
  const to = account && { id: account.id, username: account.username };
  if (who.role === 'owner') return { ok: true, assignment: { to } };
  if (to && to.id !== who.accountId)
    return { ok: false, status: 403, message: 'Only an owner can assign an enquiry to someone else; you can take it for yourself.' };
  return { ok: true, assignment: { to, onlyFrom: to ? [null, who.accountId] : [who.accountId] } };
}

/** The lead desk's API: lists, one enquiry with its history, changes, notes, deletion, export and the dashboard. */
export function deskRoutes({ store, site, config, clock }: ServerContext) {
  const workflow = () => site.content.workflow;
  const today = () => indiaDate(clock.now());
  const signedIn = deskReady(store, config, clock);
  const change = [limitBody, ...signedIn, sameOriginJson(config.siteUrl)] as const;
  const invalid = (c: Context<Env>, errors: Record<string, string>) => c.json({ message: 'Some values need correcting.', errors }, 400);
  const validId = (id: string) => id.length > 0 && id.length <= 100;
  const reserveReads = readBudget(store);
  const deskView = () => deskViewOf(store, { now: isoNow(clock), finalStatuses: workflow().finalStatuses });
  return (
    new Hono<Env>()
      .get(ADMIN_API.enquiries, ...signedIn, async (c) => {
        const params = new URL(c.req.url).searchParams;
        const filters = await readFilters(params, workflow(), clock.now(), c.var.signedIn.accountId, (name) => store.accounts.find(name));
        const page = readPage(params);
        if (!filters.ok || !page.ok) return invalid(c, { ...(!filters.ok && filters.errors), ...(!page.ok && page.errors) });
        const allowed = await reserveReads(c, page.limit);
        if (!allowed.ok) return allowed.response;
        try {
          const found = await store.enquiries.list({
            ...filters.query,
            limit: allowed.limit,
            ...(page.cursor !== undefined && { cursor: page.cursor }),
          });
          await allowed.done(params.has('q') || params.has('phone') ? 'enquiry search' : 'enquiry list', found.items.length);
          const view = await deskView();
          return c.json({ items: found.items.map((item) => deskShape(item, view)), nextCursor: found.nextCursor, total: found.total });
        } catch (error) {
          await allowed.done('enquiry list', 0);
          if (error instanceof BadCursorError) return invalid(c, { cursor: error.message });
          throw error;
        }
      })
      .get(ADMIN_API.exportCsv, ...signedIn, ownerOnly('export enquiries'), async (c) => {
        const filters = await readFilters(new URL(c.req.url).searchParams, workflow(), clock.now(), c.var.signedIn.accountId, (name) =>
          store.accounts.find(name),
        );
        if (!filters.ok) return invalid(c, filters.errors);
        const items = [];
        let cursor: string | undefined;
        do {
          const page = await store.enquiries.list({ ...filters.query, limit: EXPORT_PAGE, ...(cursor !== undefined && { cursor }) });
          items.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'export',
          detail: `${items.length} ${items.length === 1 ? 'enquiry' : 'enquiries'}`,
        });
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="enquiries-${today()}.csv"`);
        return c.body(enquiriesCsv(items, workflow()));
      })
      .get(ADMIN_API.stats, ...signedIn, async (c) =>
        c.json(await store.enquiries.stats({ today: today(), weeks: 12, finalStatuses: workflow().finalStatuses })),
      )
      .get(ADMIN_API.enquiry, ...signedIn, async (c) => {
        const id = c.req.param('id');
        const allowed = await reserveReads(c, 1);
        if (!allowed.ok) return allowed.response;
        const found = validId(id) ? await store.enquiries.get(id) : undefined;
        await allowed.done('enquiry', found ? 1 : 0);
        return found ? c.json(await deskDetail(store, found, await deskView())) : c.json({ message: NOT_FOUND }, 404);
      })
      .patch(ADMIN_API.enquiry, ...change, ...validBody('enquiryChange'), async (c) => {
        const id = c.req.param('id');
        const body = c.req.valid('json');
        const { assignedTo, ...desk } = body;
        const errors = changeProblems(desk, workflow(), today());
        const assigning = assignedTo === undefined ? undefined : await assignmentOf(store, assignedTo, c.var.signedIn);
        if (assigning && !assigning.ok && assigning.field) errors[assigning.field] = assigning.message;
        if (Object.keys(errors).length) return invalid(c, errors);
        if (assigning && !assigning.ok) return c.json({ message: assigning.message }, assigning.status);
        const change: EnquiryChange = { ...desk, ...(assigning?.ok && { assignment: assigning.assignment }) };
        const before = validId(id) ? await store.enquiries.get(id) : undefined;
        let updated;
        try {
          updated = before && (await store.enquiries.update(id, change, actorOf(c.var.signedIn)));
        } catch (error) {
          if (!(error instanceof AssignmentTakenError)) throw error;
          return c.json({ message: `${error.message} Only an owner can reassign it.` }, 409);
        }
        if (!before || !updated) return c.json({ message: NOT_FOUND }, 404);
        const who = auditedBy(c.var.signedIn);
        if (updated.assigneeId !== before.assigneeId) {
          const to = assigning?.ok ? assigning.assignment.to : null;
          await store.audit.add({ ...who, action: 'assignment', enquiryId: id, detail: to ? `to ${to.username}` : 'to nobody' });
        }
        if (updated.status !== before.status) {
          const reason = updated.closedReason ? ` (${updated.closedReason})` : '';
          await store.audit.add({
            ...who,
            action: 'status-change',
            enquiryId: id,
            detail: `${before.status} → ${updated.status}${reason}`,
          });
        }
        if (updated.followUpOn !== before.followUpOn) {
          await store.audit.add({
            ...who,
            action: 'follow-up',
            enquiryId: id,
            detail: updated.followUpOn ? `set for ${updated.followUpOn}` : 'cleared',
          });
        }
        return c.json(await deskDetail(store, updated, await deskView()));
      })
      .post(ADMIN_API.notes, ...change, ...validBody('note'), async (c) => {
        const id = c.req.param('id');
        const body = c.req.valid('json');
        const text = body.text.trim();
        if (!text) return invalid(c, { text: 'Write the note' });
        const note = { text, contact: body.contact === true };
        const updated = validId(id) ? await addNote(store, workflow(), id, note, actorOf(c.var.signedIn)) : undefined;
        if (!updated) return c.json({ message: NOT_FOUND }, 404);
        return c.json(await deskDetail(store, updated, await deskView()), 201);
      })
      // Tapping Call or WhatsApp: the history says so, the first-response clock stops, and a New enquiry becomes Contacted.
      .post(ADMIN_API.contact, ...change, ...validBody('contact'), async (c) => {
        const id = c.req.param('id');
        const body = c.req.valid('json');
        const { channel, template } = body;
        if (template !== undefined && !workflow().messages.some((message) => message.id === template))
          return invalid(c, { template: 'Choose one of the messages of the desk' });
        const contact = withCallingHours({ channel, ...(template !== undefined && { template }) }, workflow(), clock.now());
        const updated = validId(id) ? await recordContact(store, workflow(), id, contact, actorOf(c.var.signedIn)) : undefined;
        if (!updated) return c.json({ message: NOT_FOUND }, 404);
        return c.json(await deskDetail(store, updated, await deskView()), 201);
      })
      .delete(ADMIN_API.enquiry, limitBody, ...signedIn, ownerOnly('delete enquiries'), sameOriginJson(config.siteUrl), async (c) => {
        const id = c.req.param('id');
        if (!validId(id) || (await store.enquiries.delete([id])) === 0) return c.json({ message: NOT_FOUND }, 404);
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'delete', enquiryId: id });
        return c.json({ message: 'The enquiry has been deleted.' });
      })
  );
}
