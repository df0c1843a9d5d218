import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ListPage } from '../../../src/shared/desk';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import { emailKey, phoneOf } from '../recordKeys';
import { BadCursorError } from '../storeErrors';
import type { NewPrivacyRequest, PrivacyRequestChange, PrivacyRequestQuery } from '../Store';

interface RequestRow {
  id: string;
  created_at: Date;
  fields: Record<string, string>;
  status: PrivacyRequest['status'];
  reason: string | null;
  due_on: string;
  last_activity_at: Date;
  history: PrivacyRequest['history'];
}

/** due_on as text, so no time zone ever shifts the day. */
export const REQUEST_COLUMNS = 'id, created_at, fields, status, reason, due_on::text AS due_on, last_activity_at, history';

export function toRequest(row: RequestRow): PrivacyRequest {
  return {
    _id: row.id,
    createdAt: row.created_at.toISOString(),
    fields: row.fields,
    status: row.status,
    ...(row.reason !== null && { reason: row.reason }),
    dueOn: row.due_on,
    lastActivityAt: row.last_activity_at.toISOString(),
    history: row.history,
  };
}

export async function addPrivacyRequest(pool: pg.Pool, { fields, dueOn }: NewPrivacyRequest, now: Date): Promise<PrivacyRequest> {
  const createdAt = now.toISOString();
  const { rows } = await pool.query<RequestRow>(
    `INSERT INTO privacy_requests (id, created_at, fields, phone, email, status, due_on, last_activity_at)
     VALUES ($1, $2, $3, $4, $5, 'open', $6, $2) RETURNING ${REQUEST_COLUMNS}`,
    [randomUUID(), createdAt, fields, phoneOf('privacy', fields), emailKey(fields.email) ?? null, dueOn],
  );
  return toRequest(rows[0]!);
}

/** Copies a request kept elsewhere (the file store), with its id, times and history; false if it was already here. */
export async function importPrivacyRequest(pool: pg.Pool, request: PrivacyRequest): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO privacy_requests (id, created_at, fields, phone, email, status, reason, due_on, last_activity_at, history)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
    [
      request._id,
      request.createdAt,
      request.fields,
      phoneOf('privacy', request.fields),
      emailKey(request.fields.email) ?? null,
      request.status,
      request.reason ?? null,
      request.dueOn,
      request.lastActivityAt,
      JSON.stringify(request.history),
    ],
  );
  return rowCount === 1;
}

/** Newest first; a cursor is the id of the last request of the page before. */
export async function listPrivacyRequests(
  pool: pg.Pool,
  { status, limit, cursor }: PrivacyRequestQuery,
): Promise<ListPage<PrivacyRequest>> {
  let after = '';
  const values: unknown[] = [status ?? null, limit + 1];
  if (cursor !== undefined) {
    const { rows } = await pool.query<{ created_at: Date; seq: string }>('SELECT created_at, seq FROM privacy_requests WHERE id = $1', [
      cursor,
    ]);
    if (!rows[0]) throw new BadCursorError();
    values.push(rows[0].created_at, rows[0].seq);
    after = 'AND (created_at, seq) < ($3, $4)';
  }
  const [page, count] = await Promise.all([
    pool.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE ($1::text IS NULL OR status = $1) ${after}
       ORDER BY created_at DESC, seq DESC LIMIT $2`,
      values,
    ),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM privacy_requests WHERE ($1::text IS NULL OR status = $1)', [
      status ?? null,
    ]),
  ]);
  const items = page.rows.slice(0, limit).map(toRequest);
  return { items, nextCursor: page.rows.length > limit ? items.at(-1)!._id : null, total: count.rows[0]!.total };
}

/** One statement: the history entry is appended from the row's own status, so two changes at once both count. */
export async function updatePrivacyRequest(
  pool: pg.Pool,
  id: string,
  { status, reason }: PrivacyRequestChange,
  by: string,
  now: Date,
): Promise<PrivacyRequest | undefined> {
  const { rows } = await pool.query<RequestRow>(
    `UPDATE privacy_requests SET
       history = history || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
         'at', $5::text, 'by', $3::text, 'from', status, 'to', $2::text, 'reason', $4::text))),
       status = $2, reason = $4, last_activity_at = $5::timestamptz
     WHERE id = $1 RETURNING ${REQUEST_COLUMNS}`,
    [id, status, by, reason ?? null, now.toISOString()],
  );
  return rows[0] && toRequest(rows[0]);
}
