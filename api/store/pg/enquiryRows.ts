import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { INITIAL_STATUS, type ConsentRecord, type EnquiryOrigin, type HistoryEntry } from '../../../src/shared/deskEnquiry';
import { type ListPage } from '../../../src/shared/listPage';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { newReference } from '../../../src/shared/enquiryReference';
import { ASSIGNMENT_RULE, assignmentEntry } from '../historyEntries';
import { pendingNotifications } from '../notifications';
import { phoneOf, searchTerms, searchTextOf } from '../recordKeys';
import { BadCursorError } from '../storeErrors';
import type {
  Channel,
  EnquiryQuery,
  Escalation,
  EnquiryRecord,
  EnquirySummary,
  EnquiryWithHistory,
  NewEnquiry,
  Notifications,
} from '../Store';

export interface EnquiryRow {
  id: string;
  reference: string;
  form: FormKind;
  created_at: Date;
  fields: Record<string, string>;
  source_page: string | null;
  status: string;
  closed_reason: string | null;
  follow_up_on: string | null;
  first_status_change_at: Date | null;
  last_activity_at: Date;
  consent: ConsentRecord | null;
  language: string | null;
  origin: EnquiryOrigin | null;
  notifications?: Notifications | null;
  assignee_id: string | null;
  first_response_due_at: Date | null;
  first_contact_at: Date | null;
  escalated_at: Date | null;
}

/** Each enquiry's deliveries as { channel: state }, in the shape the file store keeps. */
const NOTIFICATIONS = `(
  SELECT jsonb_object_agg(d.channel, jsonb_build_object(
    'status', d.status, 'attempts', d.attempts,
    'nextAttemptAt', (extract(epoch FROM d.next_attempt_at) * 1000)::bigint, 'lastError', d.last_error))
  FROM deliveries d WHERE d.enquiry_id = e.id) AS notifications`;
/** follow_up_on as text, so no time zone ever shifts the day. */
export const COLUMNS = `e.id, e.reference, e.form, e.created_at, e.fields, e.source_page, e.status, e.closed_reason, e.follow_up_on::text AS follow_up_on,
  e.first_status_change_at, e.last_activity_at, e.consent, e.language, e.origin, e.assignee_id,
  e.first_response_due_at, e.first_contact_at, e.escalated_at, ${NOTIFICATIONS}`;
const DUPLICATES = `(SELECT count(*)::int FROM enquiries d WHERE d.phone = e.phone AND e.phone <> '' AND d.id <> e.id) AS duplicates`;

export function toRecord(row: EnquiryRow, history: HistoryEntry[] = []): EnquiryRecord {
  return {
    _id: row.id,
    reference: row.reference,
    form: row.form,
    createdAt: row.created_at.toISOString(),
    fields: row.fields,
    ...(row.source_page !== null && { sourcePage: row.source_page }),
    status: row.status,
    ...(row.closed_reason !== null && { closedReason: row.closed_reason }),
    followUpOn: row.follow_up_on,
    ...(row.first_status_change_at && { firstStatusChangeAt: row.first_status_change_at.toISOString() }),
    lastActivityAt: row.last_activity_at.toISOString(),
    consent: row.consent,
    ...(row.language !== null && { language: row.language }),
    ...(row.origin && { origin: row.origin }),
    ...(row.notifications && { notifications: row.notifications }),
    ...(row.assignee_id !== null && { assigneeId: row.assignee_id }),
    ...(row.first_response_due_at && { firstResponseDueAt: row.first_response_due_at.toISOString() }),
    ...(row.first_contact_at && { firstContactAt: row.first_contact_at.toISOString() }),
    ...(row.escalated_at && { escalatedAt: row.escalated_at.toISOString() }),
    history,
  };
}

const summary = (row: EnquiryRow & { duplicates: number }): EnquirySummary => {
  const { history: _history, ...rest } = toRecord(row);
  return { ...rest, duplicates: row.duplicates };
};

/** The WHERE clause of a desk query, with its parameters. */
function filters(query: EnquiryQuery): { where: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(`$${values.length}`));
  };
  if (query.form) add((p) => `e.form = ${p}`, query.form);
  if (query.status) add((p) => `e.status = ${p}`, query.status);
  if (query.phone) add((p) => `e.phone = ${p}`, query.phone);
  if (query.campaign) add((p) => `e.origin -> 'campaign' ->> 'campaign' = ${p}`, query.campaign);
  if (query.reference) add((p) => `e.reference = ${p}`, query.reference);
  if (query.consentMissing) clauses.push('e.consent IS NULL');
  if (query.overdue) {
    add((p) => `e.first_contact_at IS NULL AND e.first_response_due_at <= ${p}`, query.overdue.now);
    add((p) => `e.status <> ALL(${p}::text[])`, query.overdue.finalStatuses);
  }
  if (query.assigneeId === null) clauses.push('e.assignee_id IS NULL');
  else if (query.assigneeId !== undefined) add((p) => `e.assignee_id = ${p}`, query.assigneeId);
  if (query.assignedSince !== undefined)
    add(
      (p) => `EXISTS (SELECT 1 FROM enquiry_events v WHERE v.enquiry_id = e.id AND v.at >= ${p}
        AND v.entry ->> 'type' = 'assignment' AND v.entry ->> 'toId' = e.assignee_id)`,
      query.assignedSince,
    );
  if (query.dueBy) {
    add((p) => `e.follow_up_on <= ${p}::date`, query.dueBy.date);
    add((p) => `e.status <> ALL(${p}::text[])`, query.dueBy.finalStatuses);
  }
  const terms = searchTerms(query.q);
  if (terms) {
    const like = `%${terms.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    values.push(like);
    const matches = [`e.search LIKE $${values.length}`];
    if (terms.digits) {
      values.push(`%${terms.digits}%`);
      matches.push(`e.phone LIKE $${values.length}`);
    }
    if (terms.reference) {
      values.push(terms.reference);
      matches.push(`e.reference = $${values.length}`);
    }
    clauses.push(matches.length > 1 ? `(${matches.join(' OR ')})` : matches[0]!);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values };
}

/** The largest bigint: a sequence number past it would make PostgreSQL fail rather than find nothing. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** Microseconds since 1970 at the end of year 9999: a cursor past it was never given out. */
const MAX_MICROS = 253_402_300_800_000_000n;

/** A cursor names the last row of a page: its time in microseconds and its sequence number. */
function parseCursor(cursor: string): [string, string] {
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(cursor);
  if (!match || BigInt(match[1]!) > MAX_MICROS || BigInt(match[2]!) > MAX_BIGINT) throw new BadCursorError();
  return [match[1]!, match[2]!];
}

export async function listEnquiries(pool: pg.Pool, query: EnquiryQuery): Promise<ListPage<EnquirySummary>> {
  const { where, values } = filters(query);
  const pageValues = [...values];
  let condition = where;
  if (query.cursor !== undefined) {
    const [micros, seq] = parseCursor(query.cursor);
    pageValues.push(micros, seq);
    const after = `(e.created_at, e.seq) < (timestamptz 'epoch' + $${pageValues.length - 1}::bigint * interval '1 microsecond', $${pageValues.length}::bigint)`;
    condition = where ? `${where} AND ${after}` : `WHERE ${after}`;
  }
  pageValues.push(query.limit + 1);
  const [page, count] = await Promise.all([
    pool.query<EnquiryRow & { duplicates: number; micros: string; seq: string }>(
      `SELECT ${COLUMNS}, ${DUPLICATES}, (extract(epoch FROM e.created_at) * 1000000)::bigint AS micros, e.seq
       FROM enquiries e ${condition} ORDER BY e.created_at DESC, e.seq DESC LIMIT $${pageValues.length}`,
      pageValues,
    ),
    countMatching(pool, query, where, values),
  ]);
  const rows = page.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map(summary),
    nextCursor: page.rows.length > query.limit && last ? `${last.micros}.${last.seq}` : null,
    total: count,
  };
}

/**
 * How many enquiries a desk query matches. Filtering by form and status only, the answer
 * comes from the counts the database keeps; anything else is counted.
 */
async function countMatching(pool: pg.Pool, query: EnquiryQuery, where: string, values: unknown[]): Promise<number> {
  if (
    query.q?.trim() ||
    query.phone ||
    query.campaign ||
    query.reference ||
    query.consentMissing ||
    query.dueBy ||
    query.assigneeId !== undefined ||
    query.assignedSince !== undefined ||
    query.overdue
  ) {
    const { rows } = await pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries e ${where}`, values);
    return rows[0]!.total;
  }
  const { rows } = await pool.query<{ total: number }>(
    `SELECT coalesce(sum(n), 0)::int AS total FROM enquiry_counts WHERE ($1::text IS NULL OR form = $1) AND ($2::text IS NULL OR status = $2)`,
    [query.form ?? null, query.status ?? null],
  );
  return rows[0]!.total;
}

export async function getEnquiry(db: pg.Pool, id: string): Promise<EnquiryWithHistory | undefined> {
  return (await enquiriesWhere(db, 'e.id = $1', [id]))[0];
}

/** Enquiries matching a condition on `e`, newest first, each with its history. */
export async function enquiriesWhere(db: pg.Pool, condition: string, values: unknown[]): Promise<EnquiryWithHistory[]> {
  const found = await db.query<EnquiryRow & { duplicates: number }>(
    `SELECT ${COLUMNS}, ${DUPLICATES} FROM enquiries e WHERE ${condition} ORDER BY e.created_at DESC, e.seq DESC`,
    values,
  );
  if (found.rows.length === 0) return [];
  const events = await db.query<{ enquiry_id: string; entry: HistoryEntry }>(
    'SELECT enquiry_id, entry FROM enquiry_events WHERE enquiry_id = ANY($1::text[]) ORDER BY id',
    [found.rows.map((row) => row.id)],
  );
  return found.rows.map((row) => ({
    ...toRecord(
      row,
      events.rows.filter((event) => event.enquiry_id === row.id).map((event) => event.entry),
    ),
    duplicates: row.duplicates,
  }));
}

export async function addEnquiry(
  pool: pg.Pool,
  { form, fields, sourcePage, consent, language, origin, assignee, firstResponseDueAt }: NewEnquiry,
  channels: Channel[],
  now: Date,
): Promise<EnquiryRecord> {
  const phone = phoneOf(form, fields);
  const search = searchTextOf(fields);
  const assigned = assignee ? assignmentEntry(assignee.to, now.toISOString(), ASSIGNMENT_RULE, assignee.rule) : null;
  const insert = (reference: string) =>
    // One statement: the enquiry, its rule's assignment and its pending notifications commit together or not at all.
    pool.query<EnquiryRow>(
      `WITH e AS (
         INSERT INTO enquiries (id, form, created_at, fields, source_page, status, last_activity_at, consent, language, phone, search, origin,
           assignee_id, first_response_due_at, reference)
         VALUES ($1, $2, $11, $3, $4, $5, $11, $6, $7, $8, $9, $12, $13, $16, $17) RETURNING *),
       d AS (INSERT INTO deliveries (enquiry_id, channel, next_attempt_at) SELECT e.id, channel, e.created_at FROM e, unnest($10::text[]) AS channel),
       h AS (INSERT INTO enquiry_events (enquiry_id, at, by, entry) SELECT e.id, e.created_at, $15, $14::jsonb FROM e WHERE $14::jsonb IS NOT NULL)
       SELECT e.id, e.reference, e.form, e.created_at, e.fields, e.source_page, e.status, e.closed_reason, e.follow_up_on::text AS follow_up_on,
         e.first_status_change_at, e.last_activity_at, e.consent, e.language, e.origin, e.assignee_id,
         e.first_response_due_at, e.first_contact_at, e.escalated_at FROM e`,
      [
        randomUUID(),
        form,
        fields,
        sourcePage ?? null,
        INITIAL_STATUS,
        consent ?? null,
        language ?? null,
        phone,
        search,
        channels,
        now,
        origin ?? null,
        assignee?.to.id ?? null,
        assigned,
        ASSIGNMENT_RULE.username,
        firstResponseDueAt ?? null,
        reference,
      ],
    );
  const { rows } = await withUniqueReference(insert);
  const record = toRecord(rows[0]!, assigned ? [assigned] : []);
  const notifications = pendingNotifications(channels, Date.parse(record.createdAt));
  return notifications ? { ...record, notifications } : record;
}

/**
 * One statement: up to `limit` overdue enquiries not escalated yet are marked (their rows locked,
 * skipping any another instance is marking), and each gets its pending notifications.
 */
export async function escalateOverdue(pool: pg.Pool, { now, finalStatuses, channels, limit }: Escalation): Promise<number> {
  const { rows } = await pool.query<{ escalated: number }>(
    `WITH due AS (
       SELECT id FROM enquiries
       WHERE first_contact_at IS NULL AND first_response_due_at <= $1 AND escalated_at IS NULL AND status <> ALL($2::text[])
       ORDER BY first_response_due_at LIMIT $4 FOR UPDATE SKIP LOCKED),
     marked AS (UPDATE enquiries e SET escalated_at = $1 FROM due WHERE e.id = due.id RETURNING e.id),
     d AS (INSERT INTO deliveries (enquiry_id, channel, next_attempt_at) SELECT marked.id, channel, $1 FROM marked, unnest($3::text[]) AS channel
       ON CONFLICT (enquiry_id, channel) DO NOTHING)
     SELECT count(*)::int AS escalated FROM marked`,
    [now, finalStatuses, channels, limit],
  );
  return rows[0]!.escalated;
}

/** The name of the unique index that keeps references unique (migration 14). */
const REFERENCE_INDEX = 'enquiries_by_reference';

/** Runs `write` with a new reference, again with another in the rare case that one is taken. */
export async function withUniqueReference<T>(write: (reference: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(newReference());
    } catch (error) {
      const taken =
        (error as { code?: string; constraint?: string }).code === '23505' &&
        (error as { constraint?: string }).constraint === REFERENCE_INDEX;
      if (!taken || attempt >= 5) throw error;
    }
  }
}
