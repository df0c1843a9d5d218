import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { INITIAL_STATUS, type ConsentRecord, type HistoryEntry, type ListPage } from '../../../src/shared/desk';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { PHONE_FIELDS } from '../../../src/shared/forms/formSchemas';
import { phoneKey, phoneSearchDigits } from '../../../src/shared/phone';
import { BadCursorError } from '../file/enquiryIndex';
import type {
  Channel,
  EnquiryChange,
  EnquiryQuery,
  EnquiryRecord,
  EnquirySummary,
  EnquiryWithHistory,
  NewEnquiry,
  Notifications,
} from '../Store';

export interface EnquiryRow {
  id: string;
  kind: FormKind;
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
  notifications?: Notifications | null;
}

/** Each enquiry's deliveries as { channel: state }, in the shape the file store keeps. */
const NOTIFICATIONS = `(
  SELECT jsonb_object_agg(d.channel, jsonb_build_object(
    'status', d.status, 'attempts', d.attempts,
    'nextAttemptAt', (extract(epoch FROM d.next_attempt_at) * 1000)::bigint, 'lastError', d.last_error))
  FROM deliveries d WHERE d.enquiry_id = e.id) AS notifications`;
/** follow_up_on as text, so no time zone ever shifts the day. */
export const COLUMNS = `e.id, e.kind, e.created_at, e.fields, e.source_page, e.status, e.closed_reason, e.follow_up_on::text AS follow_up_on,
  e.first_status_change_at, e.last_activity_at, e.consent, e.language, ${NOTIFICATIONS}`;
const DUPLICATES = `(SELECT count(*)::int FROM enquiries d WHERE d.phone = e.phone AND e.phone <> '' AND d.id <> e.id) AS duplicates`;

export function toRecord(row: EnquiryRow, history: HistoryEntry[] = []): EnquiryRecord {
  return {
    _id: row.id,
    form: row.kind,
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
    ...(row.notifications && { notifications: row.notifications }),
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
  if (query.form) add((p) => `e.kind = ${p}`, query.form);
  if (query.status) add((p) => `e.status = ${p}`, query.status);
  if (query.phone) add((p) => `e.phone = ${p}`, query.phone);
  if (query.consentMissing) clauses.push('e.consent IS NULL');
  if (query.dueBy) {
    add((p) => `e.follow_up_on <= ${p}::date`, query.dueBy.date);
    add((p) => `e.status <> ALL(${p}::text[])`, query.dueBy.finalStatuses);
  }
  const needle = query.q?.trim().toLowerCase();
  if (needle) {
    const digits = query.q === undefined ? undefined : phoneSearchDigits(query.q);
    const like = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    values.push(like);
    const text = `e.search LIKE $${values.length}`;
    if (digits) {
      values.push(`%${digits}%`);
      clauses.push(`(${text} OR e.phone LIKE $${values.length})`);
    } else clauses.push(text);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', values };
}

/** A cursor names the last row of a page: its time in microseconds and its sequence number. */
function parseCursor(cursor: string): [string, string] {
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(cursor);
  if (!match) throw new BadCursorError();
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
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries e ${where}`, values),
  ]);
  const rows = page.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map(summary),
    nextCursor: page.rows.length > query.limit && last ? `${last.micros}.${last.seq}` : null,
    total: count.rows[0]!.total,
  };
}

export async function getEnquiry(db: pg.Pool | pg.PoolClient, id: string): Promise<EnquiryWithHistory | undefined> {
  const [found, events] = await Promise.all([
    db.query<EnquiryRow & { duplicates: number }>(`SELECT ${COLUMNS}, ${DUPLICATES} FROM enquiries e WHERE e.id = $1`, [id]),
    db.query<{ entry: HistoryEntry }>('SELECT entry FROM enquiry_events WHERE enquiry_id = $1 ORDER BY id', [id]),
  ]);
  const row = found.rows[0];
  return (
    row && {
      ...toRecord(
        row,
        events.rows.map((event) => event.entry),
      ),
      duplicates: row.duplicates,
    }
  );
}

export async function addEnquiry(
  pool: pg.Pool,
  { form, fields, sourcePage, consent, language }: NewEnquiry,
  channels: Channel[],
): Promise<EnquiryRecord> {
  const phone = phoneKey(fields[PHONE_FIELDS[form]] ?? '');
  const search = `${fields.name ?? ''}\n${fields.email ?? ''}`.toLowerCase();
  // One statement: the enquiry and its pending notifications commit together or not at all.
  const { rows } = await pool.query<EnquiryRow>(
    `WITH e AS (
       INSERT INTO enquiries (id, kind, created_at, fields, source_page, status, last_activity_at, consent, language, phone, search)
       VALUES ($1, $2, now(), $3, $4, $5, now(), $6, $7, $8, $9) RETURNING *),
     d AS (INSERT INTO deliveries (enquiry_id, channel, next_attempt_at) SELECT e.id, channel, e.created_at FROM e, unnest($10::text[]) AS channel)
     SELECT e.id, e.kind, e.created_at, e.fields, e.source_page, e.status, e.closed_reason, e.follow_up_on::text AS follow_up_on,
       e.first_status_change_at, e.last_activity_at, e.consent, e.language FROM e`,
    [randomUUID(), form, fields, sourcePage ?? null, INITIAL_STATUS, consent ?? null, language ?? null, phone, search, channels],
  );
  const record = toRecord(rows[0]!);
  if (channels.length) {
    const now = Date.parse(record.createdAt);
    record.notifications = Object.fromEntries(channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]));
  }
  return record;
}

/** One transaction: the row is locked, each change goes into the history, then the row is updated. */
export async function changeEnquiry(
  pool: pg.Pool,
  id: string,
  by: string,
  entries: (current: EnquiryRow, at: string) => { events: HistoryEntry[]; change: EnquiryChange },
): Promise<EnquiryWithHistory | undefined> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<EnquiryRow & { now: Date }>(
      `SELECT ${COLUMNS}, now() FROM enquiries e WHERE e.id = $1 FOR UPDATE`,
      [id],
    );
    const current = rows[0];
    if (!current) {
      await client.query('ROLLBACK');
      return undefined;
    }
    const at = current.now.toISOString();
    const { events, change } = entries(current, at);
    for (const entry of events) {
      await client.query('INSERT INTO enquiry_events (enquiry_id, at, by, entry) VALUES ($1, $2, $3, $4)', [id, at, by, entry]);
    }
    const statusChanged = change.status !== undefined && change.status !== current.status;
    await client.query(
      `UPDATE enquiries SET
         status = coalesce($2, status),
         closed_reason = CASE WHEN $2::text IS NULL THEN closed_reason ELSE $3 END,
         follow_up_on = CASE WHEN $4 THEN $5::date ELSE follow_up_on END,
         first_status_change_at = CASE WHEN $6 THEN coalesce(first_status_change_at, $7) ELSE first_status_change_at END,
         last_activity_at = $7
       WHERE id = $1`,
      [
        id,
        change.status ?? null,
        change.closedReason ?? null,
        change.followUpOn !== undefined,
        change.followUpOn ?? null,
        statusChanged,
        at,
      ],
    );
    await client.query('COMMIT');
    return await getEnquiry(pool, id);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The history entries a change adds, as the file store records them. */
export function historyOf(current: EnquiryRow, change: EnquiryChange, at: string, by: string): HistoryEntry[] {
  const events: HistoryEntry[] = [];
  if (change.status !== undefined && change.status !== current.status) {
    events.push({
      at,
      by,
      type: 'status',
      from: current.status,
      to: change.status,
      ...(change.closedReason && { reason: change.closedReason }),
    });
  }
  if (change.followUpOn !== undefined && change.followUpOn !== current.follow_up_on)
    events.push({ at, by, type: 'follow-up', on: change.followUpOn });
  return events;
}

export async function importEnquiry(pool: pg.Pool, record: EnquiryRecord): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `INSERT INTO enquiries (id, kind, created_at, fields, source_page, status, closed_reason, follow_up_on, first_status_change_at,
         last_activity_at, consent, language, phone, search)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
      [
        record._id,
        record.form,
        record.createdAt,
        record.fields,
        record.sourcePage ?? null,
        record.status,
        record.closedReason ?? null,
        record.followUpOn,
        record.firstStatusChangeAt ?? null,
        record.lastActivityAt,
        record.consent,
        record.language ?? null,
        phoneKey(record.fields[PHONE_FIELDS[record.form]] ?? ''),
        `${record.fields.name ?? ''}\n${record.fields.email ?? ''}`.toLowerCase(),
      ],
    );
    if (rowCount === 1) {
      for (const entry of record.history) {
        await client.query('INSERT INTO enquiry_events (enquiry_id, at, by, entry) VALUES ($1, $2, $3, $4)', [
          record._id,
          entry.at,
          entry.by,
          entry,
        ]);
      }
    }
    await client.query('COMMIT');
    return rowCount === 1;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
