import type pg from 'pg';
import type { ErasedCount, PersonData, PersonKey } from '../Store';
import { inTransaction } from './inTransaction';
import { enquiriesWhere } from './pgEnquiries';
import { REQUEST_COLUMNS, toRequest } from './pgPrivacyRequests';

/** The conditions that pick one person's enquiries (as `e`) and requests, with the one value they share. */
function personConditions(who: PersonKey): { enquiry: string; request: string; value: string } {
  return 'phone' in who
    ? { enquiry: "e.phone = $1 AND e.phone <> ''", request: 'phone = $1', value: who.phone }
    : { enquiry: "lower(e.fields->>'email') = $1", request: 'email = $1', value: who.email };
}

export async function findPerson(pool: pg.Pool, who: PersonKey): Promise<PersonData> {
  const where = personConditions(who);
  const [enquiries, requests] = await Promise.all([
    enquiriesWhere(pool, where.enquiry, [where.value]),
    pool.query(`SELECT ${REQUEST_COLUMNS} FROM privacy_requests WHERE ${where.request} ORDER BY created_at DESC, seq DESC`, [where.value]),
  ]);
  return { enquiries, requests: requests.rows.map(toRequest) };
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

export function erasePerson(pool: pg.Pool, who: PersonKey): Promise<ErasedCount> {
  const where = personConditions(who);
  return eraseWhere(pool, where.enquiry, where.request, where.value);
}

export function eraseInactive(pool: pg.Pool, before: string): Promise<ErasedCount> {
  return eraseWhere(pool, 'e.last_activity_at < $1', 'last_activity_at < $1', before);
}
