import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ListPage } from '../../../src/shared/listPage';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import { emailKey, phoneOf } from '../recordKeys';
import { BadCursorError } from '../storeErrors';
import { isoNow, type Clock } from '../../clock';
import type {
  ErasedCount,
  NewPrivacyRequest,
  PeopleStore,
  PersonData,
  PersonKey,
  PrivacyRequestChange,
  PrivacyRequestQuery,
} from '../PeopleStore';
import { inTransaction } from './inTransaction';
import { enquiriesWhere } from './enquiryRows';
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
const REQUEST_COLUMNS = 'id, created_at, fields, status, reason, due_on::text AS due_on, last_activity_at, history';
function toRequest(row: RequestRow): PrivacyRequest {
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
/** The conditions that pick one person's enquiries (as `e`) and requests, with the one value they share. */
function personConditions(who: PersonKey): { enquiry: string; request: string; value: string } {
  return 'phone' in who
    ? { enquiry: "e.phone = $1 AND e.phone <> ''", request: 'phone = $1', value: who.phone }
    : { enquiry: "lower(e.fields->>'email') = $1", request: 'email = $1', value: who.email };
}
/**
 * The indexes whose keys are a person's phone number or e-mail address. A deleted row's key
 * stays in an index page until the page is rebuilt, whatever VACUUM does, so an erasure
 * rebuilds them.
 */
const PERSONAL_INDEXES = ['enquiries_by_phone', 'enquiries_by_email', 'privacy_requests_by_phone'];
/**
 * Deletes enquiries and requests in one transaction. The enquiries' history and pending
 * notifications go with them (their foreign keys cascade), so no table keeps a trace. Then
 * the indexes that held their phone and e-mail are rebuilt, CONCURRENTLY so that enquiries
 * keep arriving meanwhile (it cannot run inside the transaction).
 */
async function eraseWhere(pool: pg.Pool, enquiry: string, request: string, value: unknown): Promise<ErasedCount> {
  const erased = await inTransaction(pool, async (client): Promise<ErasedCount> => {
    const enquiries = await client.query(`DELETE FROM enquiries e WHERE ${enquiry}`, [value]);
    const requests = await client.query(`DELETE FROM privacy_requests WHERE ${request}`, [value]);
    return { enquiries: enquiries.rowCount ?? 0, requests: requests.rowCount ?? 0 };
  });
  if (erased.enquiries + erased.requests > 0) {
    for (const index of PERSONAL_INDEXES) await pool.query(`REINDEX INDEX CONCURRENTLY ${index}`);
  }
  return erased;
}

/** What is kept about each person (privacy requests, and finding and erasing their enquiries), on PostgreSQL. */
export class PgPeople implements PeopleStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  async addRequest({ fields, dueOn }: NewPrivacyRequest): Promise<PrivacyRequest> {
    const pool = this.pool;
    const createdAt = isoNow(this.clock);
    const { rows } = await pool.query<RequestRow>(
      `INSERT INTO privacy_requests (id, created_at, fields, phone, email, status, due_on, last_activity_at)
       VALUES ($1, $2, $3, $4, $5, 'open', $6, $2) RETURNING ${REQUEST_COLUMNS}`,
      [randomUUID(), createdAt, fields, phoneOf('privacy', fields), emailKey(fields.email) ?? null, dueOn],
    );
    return toRequest(rows[0]!);
  }

  /** Copies a request kept elsewhere (the file store), with its id, times and history; false if it was already here. */
  async importRequest(request: PrivacyRequest): Promise<boolean> {
    const pool = this.pool;
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
  async listRequests({ status, limit, cursor }: PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>> {
    const pool = this.pool;
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
  async updateRequest(id: string, { status, reason }: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined> {
    const pool = this.pool;
    const { rows } = await pool.query<RequestRow>(
      `UPDATE privacy_requests SET
         history = history || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
           'at', $5::text, 'by', $3::text, 'from', status, 'to', $2::text, 'reason', $4::text))),
         status = $2, reason = $4, last_activity_at = $5::timestamptz
       WHERE id = $1 RETURNING ${REQUEST_COLUMNS}`,
      [id, status, by, reason ?? null, isoNow(this.clock)],
    );
    return rows[0] && toRequest(rows[0]);
  }

  async find(who: PersonKey): Promise<PersonData> {
    const pool = this.pool;
    const where = personConditions(who);
    const [enquiries, requests] = await Promise.all([
      enquiriesWhere(pool, where.enquiry, [where.value]),
      pool.query(`SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE ${where.request} ORDER BY created_at DESC, seq DESC`, [
        where.value,
      ]),
    ]);
    return { enquiries, requests: requests.rows.map(toRequest) };
  }

  erase(who: PersonKey): Promise<ErasedCount> {
    const pool = this.pool;
    const where = personConditions(who);
    return eraseWhere(pool, where.enquiry, where.request, where.value);
  }

  eraseInactive(before: string): Promise<ErasedCount> {
    const pool = this.pool;
    return eraseWhere(pool, 'e.last_activity_at < $1', 'last_activity_at < $1', before);
  }
}
