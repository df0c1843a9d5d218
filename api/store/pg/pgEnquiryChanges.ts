import type pg from 'pg';
import type { HistoryEntry } from '../../../src/shared/deskEnquiry';
import { changeEntries, type OnEnquiry } from '../historyEntries';
import { phoneOf, searchTextOf } from '../recordKeys';
import type { EnquiryChange, EnquiryRecord, EnquiryWithHistory } from '../Store';
import { inTransaction, rollback } from './inTransaction';
import { newReference } from '../../../src/shared/enquiryReference';
import { COLUMNS, getEnquiry, type EnquiryRow } from './pgEnquiries';

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
  /** `contacted`: a call or WhatsApp message, which stops the first-response clock as a change of status does. */
  entries: (current: EnquiryRow) => { events: HistoryEntry[]; change: EnquiryChange; contacted?: boolean },
): Promise<EnquiryWithHistory | undefined> {
  const found = await inTransaction(pool, async (client) => {
    const { rows } = await client.query<EnquiryRow>(`SELECT ${COLUMNS} FROM enquiries e WHERE e.id = $1 FOR UPDATE`, [id]);
    const current = rows[0];
    if (!current) return rollback(false);
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
         first_contact_at = CASE WHEN $6 OR $10 THEN coalesce(first_contact_at, $7) ELSE first_contact_at END
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
  });
  return found ? getEnquiry(pool, id) : undefined;
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

/** What another part records on an enquiry inside its own transaction (see OnEnquiry); false when the enquiry is gone. */
export async function recordOnEnquiryIn(client: pg.PoolClient, id: string, at: string, { entry, contact }: OnEnquiry): Promise<boolean> {
  const { rows } = await client.query<{ status: string }>('SELECT status FROM enquiries WHERE id = $1 FOR UPDATE', [id]);
  const current = rows[0];
  if (!current) return false;
  const moves = contact !== undefined && current.status === contact.from;
  const events = [
    ...(entry ? [entry] : []),
    ...(moves ? changeEntries({ status: current.status, followUpOn: null }, { status: contact.to }, at, contact.by) : []),
  ];
  for (const event of events)
    await client.query('INSERT INTO enquiry_events (enquiry_id, at, by, entry) VALUES ($1, $2, $3, $4)', [id, at, event.by, event]);
  await client.query(
    `UPDATE enquiries SET
       status = CASE WHEN $2 THEN $3 ELSE status END,
       closed_reason = CASE WHEN $2 THEN NULL ELSE closed_reason END,
       first_status_change_at = CASE WHEN $2 THEN coalesce(first_status_change_at, $4) ELSE first_status_change_at END,
       first_contact_at = CASE WHEN $5 THEN coalesce(first_contact_at, $4) ELSE first_contact_at END,
       last_activity_at = $4
     WHERE id = $1`,
    [id, moves, contact?.to ?? null, at, contact !== undefined],
  );
  return true;
}
