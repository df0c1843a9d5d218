import type pg from 'pg';
import type { HistoryEntry } from '../../../src/shared/deskEnquiry';
import { phoneOf, searchTextOf } from '../recordKeys';
import type { EnquiryChange, EnquiryRecord, EnquiryWithHistory } from '../Store';
import { inTransaction, rollback } from './inTransaction';
import { newReference } from '../../../src/shared/enquiryReference';
import { COLUMNS, getEnquiry, type EnquiryRow } from './enquiryRows';

/**
 * One transaction: the row is locked, each change goes into the history, then the row is
 * updated. The changed enquiry is read back only after its connection is returned, so as
 * many changes as the pool has connections cannot wait on each other for ever.
 */
export async function changeEnquiry(
  pool: pg.Pool,
  id: string,
  by: string,
  at: string,
  entries: Entries,
): Promise<EnquiryWithHistory | undefined> {
  const found = await inTransaction(pool, async (client) =>
    (await changeEnquiryIn(client, id, by, at, entries)) ? true : rollback(false),
  );
  return found ? getEnquiry(pool, id) : undefined;
}

/** What a change writes, from the locked row: its history entries, the change, and whether it is a recorded contact. */
export type Entries = (current: EnquiryRow) => { events: HistoryEntry[]; change: EnquiryChange; contacted?: boolean };

/**
 * The same change inside a transaction another part runs (a WhatsApp reply writes its message,
 * this change and its audit entry together); false when there is no such enquiry.
 * `contacted`: a recorded contact (a call, a WhatsApp message, a note marked as one), which alone
 * stops the first-response clock.
 */
export async function changeEnquiryIn(client: pg.PoolClient, id: string, by: string, at: string, entries: Entries): Promise<boolean> {
  const { rows } = await client.query<EnquiryRow>(`SELECT ${COLUMNS} FROM enquiries e WHERE e.id = $1 FOR UPDATE`, [id]);
  const current = rows[0];
  if (!current) return false;
  const { events, change, contacted = false } = entries(current);
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
       last_activity_at = $7,
       assignee_id = CASE WHEN $8 THEN $9 ELSE assignee_id END,
       first_contact_at = CASE WHEN $10 THEN coalesce(first_contact_at, $7) ELSE first_contact_at END
     WHERE id = $1`,
    [
      id,
      change.status ?? null,
      change.closedReason ?? null,
      change.followUpOn !== undefined,
      change.followUpOn ?? null,
      statusChanged,
      at,
      change.assignment !== undefined,
      change.assignment?.to?.id ?? null,
      contacted,
    ],
  );
  return true;
}

export async function importEnquiry(pool: pg.Pool, record: EnquiryRecord): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // Unique here too: one held by another enquiry makes way for a new one.
    const { rowCount } = await client.query(
      `INSERT INTO enquiries (id, form, created_at, fields, source_page, status, closed_reason, follow_up_on, first_status_change_at,
         last_activity_at, consent, language, phone, search, origin, assignee_id, first_response_due_at, first_contact_at, escalated_at, reference)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
         CASE WHEN $20::text IS NULL OR EXISTS (SELECT 1 FROM enquiries WHERE reference = $20) THEN $21 ELSE $20 END)
       ON CONFLICT (id) DO NOTHING`,
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
        phoneOf(record.form, record.fields),
        searchTextOf(record.fields),
        record.origin ?? null,
        record.assigneeId ?? null,
        record.firstResponseDueAt ?? null,
        record.firstContactAt ?? null,
        record.escalatedAt ?? null,
        record.reference ?? null,
        newReference(),
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
    return rowCount === 1;
  });
}
