import type pg from 'pg';
import type { HistoryEntry } from '../../../src/shared/deskEnquiry';
import type { DeskStats } from '../../../src/shared/deskStats';
import type { ListPage } from '../../../src/shared/listPage';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { isoNow, type Clock } from '../../clock';
import { changeEntries, contactEntry, noteEntry, type Contact, type StatusMove } from '../historyEntries';
import type {
  Channel,
  DeliveryState,
  DueDelivery,
  EnquiryChange,
  EnquiryQuery,
  EnquiryRecord,
  EnquiryStore,
  EnquirySummary,
  EnquiryWithHistory,
  Escalation,
  NewEnquiry,
  StatsQuery,
} from '../EnquiryStore';
import type { Actor } from '../Store';
import { addEnquiry, COLUMNS, escalateOverdue, getEnquiry, listEnquiries, toRecord, type EnquiryRow } from './enquiryRows';
import { changeEnquiry, importEnquiry } from './enquiryChanges';
import { deskStats } from './stats';

/** What a desk change finds in the locked row, as the shared history rules read it. */
const beforeOf = (row: EnquiryRow) => ({
  status: row.status,
  followUpOn: row.follow_up_on,
  ...(row.assignee_id !== null && { assigneeId: row.assignee_id }),
});

/** A recorded contact's entry, and the move from the enquiry's start it makes; the first-response clock stops. */
export function contacted(current: EnquiryRow, entry: HistoryEntry, move: StatusMove, at: string, by: Actor) {
  const change = current.status === move.from ? { status: move.to } : {};
  return { events: [entry, ...changeEntries(beforeOf(current), change, at, by)], change, contacted: true };
}

/**
 * The enquiries on PostgreSQL: their rows and history (enquiryRows.ts, enquiryChanges.ts), the
 * desk's figures (stats.ts) and the outbox's deliveries.
 */
export class PgEnquiries implements EnquiryStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  /** The clock's time, which every row is stamped with and every expiry is measured against (never the database's now()). */
  private now(): Date {
    return new Date(this.clock.now());
  }

  add(enquiry: NewEnquiry, channels: Channel[] = []): Promise<EnquiryRecord> {
    return addEnquiry(this.pool, enquiry, channels, this.now());
  }

  list(query: EnquiryQuery): Promise<ListPage<EnquirySummary>> {
    return listEnquiries(this.pool, query);
  }

  get(id: string): Promise<EnquiryWithHistory | undefined> {
    return getEnquiry(this.pool, id);
  }

  update(id: string, change: EnquiryChange, by: Actor): Promise<EnquiryWithHistory | undefined> {
    const at = isoNow(this.clock);
    return changeEnquiry(this.pool, id, by.username, at, (current) => ({
      events: changeEntries(beforeOf(current), change, at, by),
      change,
    }));
  }

  addNote(id: string, text: string, by: Actor, contact?: StatusMove): Promise<EnquiryWithHistory | undefined> {
    const at = isoNow(this.clock);
    const note = noteEntry(text, at, by, contact !== undefined);
    if (!contact) return changeEnquiry(this.pool, id, by.username, at, () => ({ events: [note], change: {} }));
    return changeEnquiry(this.pool, id, by.username, at, (current) => contacted(current, note, contact, at, by));
  }

  recordContact(id: string, contact: Contact, by: Actor): Promise<EnquiryWithHistory | undefined> {
    const at = isoNow(this.clock);
    return changeEnquiry(this.pool, id, by.username, at, (current) => contacted(current, contactEntry(contact, at, by), contact, at, by));
  }

  escalateOverdue(escalation: Escalation): Promise<number> {
    return escalateOverdue(this.pool, escalation);
  }

  async delete(ids: string[], form?: FormKind): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM enquiries WHERE id = ANY($1::text[]) AND ($2::text IS NULL OR form = $2)', [
      ids,
      form ?? null,
    ]);
    return rowCount ?? 0;
  }

  stats(query: StatsQuery): Promise<DeskStats> {
    return deskStats(this.pool, query);
  }

  /** Copies an enquiry kept elsewhere (the file store), with its id, time and history; false if it was already here. */
  import(record: EnquiryRecord): Promise<boolean> {
    return importEnquiry(this.pool, record);
  }

  async claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    // SKIP LOCKED: two instances polling at once each take different rows, never the same one.
    const { rows } = await this.pool.query<EnquiryRow & { channel: Channel; attempts: number }>(
      `WITH due AS (
         SELECT enquiry_id, channel FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= $3 AND (claimed_until IS NULL OR claimed_until < $3)
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE deliveries d SET claimed_until = $3::timestamptz + make_interval(secs => $2 / 1000.0)
         FROM due WHERE d.enquiry_id = due.enquiry_id AND d.channel = due.channel
         RETURNING d.enquiry_id, d.channel, d.attempts)
       SELECT ${COLUMNS}, claimed.channel, claimed.attempts
       FROM claimed JOIN enquiries e ON e.id = claimed.enquiry_id`,
      [limit, leaseMs, this.now()],
    );
    return rows.map((row) => ({ form: row.form, channel: row.channel, attempts: row.attempts, enquiry: toRecord(row) }));
  }

  async recordDelivery(id: string, channel: Channel, state: DeliveryState): Promise<void> {
    await this.pool.query(
      `UPDATE deliveries SET status = $3, attempts = $4, next_attempt_at = $5, last_error = $6, claimed_until = NULL
       WHERE enquiry_id = $1 AND channel = $2`,
      [id, channel, state.status, state.attempts, new Date(state.nextAttemptAt), state.lastError ?? null],
    );
  }

  async queueDelivery(id: string, channel: Channel): Promise<'queued' | 'pending' | undefined> {
    try {
      const { rowCount } = await this.pool.query(
        `INSERT INTO deliveries (enquiry_id, channel, next_attempt_at) VALUES ($1, $2, $3)
         ON CONFLICT (enquiry_id, channel) DO UPDATE
           SET status = 'pending', attempts = 0, next_attempt_at = $3, last_error = NULL, claimed_until = NULL
           WHERE deliveries.status <> 'pending'`,
        [id, channel, this.now()],
      );
      return rowCount === 1 ? 'queued' : 'pending';
    } catch (error) {
      if ((error as { code?: string }).code === '23503') return undefined; // no such enquiry
      throw error;
    }
  }
}
