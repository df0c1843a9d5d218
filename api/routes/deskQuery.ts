import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import { indiaDate } from '../../src/shared/indiaTime';
import { ENQUIRY_FORMS, type FormKind } from '../../src/shared/forms/formSchemas';
import type { Account, EnquiryQuery } from '../store/Store';

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export type QueryCheck = { ok: true; query: Omit<EnquiryQuery, 'limit' | 'cursor'> } | { ok: false; errors: Record<string, string> };

/**
 * The desk's filters from a query string: form, status, q (name, phone or e-mail), due=today,
 * consent=missing, phone (an enquiry's duplicates), campaign, assignedTo (me, none or a
 * username; `me` is the account `self`) and overdue=1 (past the first-response target at `now`).
 * Each bad value gets its own message.
 */
export async function readFilters(
  params: URLSearchParams,
  workflow: DeskWorkflow,
  now: number,
  self: string,
  findAccount: (username: string) => Promise<Account | undefined>,
): Promise<QueryCheck> {
  const errors: Record<string, string> = {};
  const query: Omit<EnquiryQuery, 'limit' | 'cursor'> = {};
  const today = indiaDate(now);
  const form = params.get('form');
  if (form !== null && form !== '') {
    if ((ENQUIRY_FORMS as string[]).includes(form)) query.form = form as FormKind;
    else errors.form = 'form must be contact or about';
  }
  const status = params.get('status');
  if (status !== null && status !== '') {
    if (workflow.statusById(status)) query.status = status;
    else errors.status = 'status must be one of the desk’s statuses';
  }
  const q = params.get('q');
  if (q !== null && q.trim() !== '') {
    if (q.length <= 100) query.q = q.trim();
    else errors.q = 'Search for at most 100 characters';
  }
  const due = params.get('due');
  if (due !== null && due !== '') {
    if (due === 'today') query.dueBy = { date: today, finalStatuses: workflow.finalStatuses };
    else errors.due = 'due can only be today';
  }
  const consent = params.get('consent');
  if (consent !== null && consent !== '') {
    if (consent === 'missing') query.consentMissing = true;
    else errors.consent = 'consent can only be missing';
  }
  const phone = params.get('phone');
  if (phone !== null && phone !== '') {
    if (/^[6-9]\d{9}$/.test(phone)) query.phone = phone;
    else errors.phone = 'phone must be the ten digits of a mobile number';
  }
  const campaign = params.get('campaign');
  if (campaign !== null && campaign !== '') {
    if (campaign.length <= 100) query.campaign = campaign;
    else errors.campaign = 'campaign must be at most 100 characters';
  }
  const overdue = params.get('overdue');
  if (overdue !== null && overdue !== '') {
    if (overdue === '1') query.overdue = { now: new Date(now).toISOString(), finalStatuses: workflow.finalStatuses };
    else errors.overdue = 'overdue can only be 1';
  }
  const assignedTo = params.get('assignedTo');
  if (assignedTo !== null && assignedTo !== '') {
    if (assignedTo === 'me') query.assigneeId = self;
    else if (assignedTo === 'none') query.assigneeId = null;
    else {
      const account = assignedTo.length <= 40 ? await findAccount(assignedTo) : undefined;
      if (account) query.assigneeId = account.id;
      else errors.assignedTo = 'assignedTo must be me, none or the username of an account';
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, query };
}

export type PageCheck = { ok: true; limit: number; cursor?: string } | { ok: false; errors: Record<string, string> };

/** limit (1 to 100, default 50) and the cursor of the page before. */
export function readPage(params: URLSearchParams): PageCheck {
  const errors: Record<string, string> = {};
  const rawLimit = params.get('limit');
  const limit = rawLimit === null || rawLimit === '' ? PAGE_SIZE : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    errors.limit = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
  const cursor = params.get('cursor') ?? undefined;
  if (cursor !== undefined && (cursor.length === 0 || cursor.length > 64)) errors.cursor = 'The cursor is not one this list gave out.';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, limit, ...(cursor !== undefined && { cursor }) };
}
