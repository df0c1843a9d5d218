import pg from 'pg';
import type { AuditEntry, DeskStats, ListPage } from '../../../src/shared/desk';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { logLine } from '../../../src/shared/logLine';
import type * as S from '../Store';
import { systemClock, type Clock } from '../../clock';
import { PgAccounts } from './pgAccounts';
import { PgApplications } from './applications';
import { PgDailyLists } from './pgDailyLists';
import { pgBoardPage } from './pgBoard';
import { pgPipelineReport } from './pgPipeline';
import type { PipelineStore } from '../PipelineStore';
import { PgDocuments } from './pgDocuments';
import { addAudit, listAudit, trimAudit } from './pgAudit';
import { addEnquiry, COLUMNS, escalateOverdue, getEnquiry, listEnquiries, toRecord, type EnquiryRow } from './pgEnquiries';
import { changeEnquiry, importEnquiry } from './pgEnquiryChanges';
import { changeEntries, contactEntry, noteEntry, type Contact } from '../enquiryHistory';
import { migrate } from './pgMigrations';
import { PgPictures } from './pgPictures';
import * as visits from './pgVisits';
import type { OriginCount, VisitCaps, VisitCount, VisitListing, VisitTotals } from '../VisitStore';
import { PgPages } from './pgPages';
import { PgSubmissions } from './pgSubmissions';
import { countInWindow } from './pgWindows';
import { eraseInactive, erasePerson, findPerson } from './pgPersons';
import { addPrivacyRequest, importPrivacyRequest, listPrivacyRequests, updatePrivacyRequest } from './pgPrivacyRequests';
import { deskStats } from './pgStats';

/** What a desk change finds in the locked row, as the shared history rules read it. */
const beforeOf = (row: EnquiryRow) => ({
  status: row.status,
  followUpOn: row.follow_up_on,
  ...(row.assignee_id !== null && { assigneeId: row.assignee_id }),
});

/** How often one instance clears ended rate-limit windows; any instance may do it. */
const WINDOW_SWEEP_MS = 60_000;

/**
 * The store on PostgreSQL, for several server processes sharing one database. Every query
 * is parameterised; a change that touches several rows is one statement or one transaction;
 * a 200 follows the commit.
 */
export class PgStore implements S.Store {
  private lastWindowSweep = 0;
  private readonly accounts: PgAccounts;
  readonly pages: PgPages;
  readonly pictures: PgPictures;
  readonly submissions: PgSubmissions;
  readonly applications: PgApplications;
  readonly dailyLists: PgDailyLists;
  readonly pipeline: PipelineStore;
  readonly documents: PgDocuments;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {
    this.accounts = new PgAccounts(pool, clock);
    this.pages = new PgPages(pool, clock);
    this.pictures = new PgPictures(pool);
    this.submissions = new PgSubmissions(pool, clock);
    this.applications = new PgApplications(pool, clock);
    this.dailyLists = new PgDailyLists(pool, clock);
    this.pipeline = { report: (query) => pgPipelineReport(pool, query), boardPage: (query) => pgBoardPage(pool, query) };
    this.documents = new PgDocuments(pool);
  }

  /** The clock's time, which every row is stamped with and every expiry is measured against (never the database's now()). */
  private now(): Date {
    return new Date(this.clock.now());
  }

  static async open(databaseUrl: string, poolSize: number, clock: Clock = systemClock): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    // An idle client that loses its connection must not crash the server; the next query reconnects.
    pool.on('error', (error) => console.error(logLine({ level: 'error', msg: 'database connection lost', error: error.message })));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw new Error(`Could not prepare the database at DATABASE_URL: ${(error as Error).message}`);
    }
    return new PgStore(pool, clock);
  }

  addEnquiry(enquiry: S.NewEnquiry, channels: S.Channel[] = []): Promise<S.EnquiryRecord> {
    return addEnquiry(this.pool, enquiry, channels, this.now());
  }

  listEnquiries(query: S.EnquiryQuery): Promise<ListPage<S.EnquirySummary>> {
    return listEnquiries(this.pool, query);
  }

  getEnquiry(id: string): Promise<S.EnquiryWithHistory | undefined> {
    return getEnquiry(this.pool, id);
  }

  updateEnquiry(id: string, change: S.EnquiryChange, by: S.Actor): Promise<S.EnquiryWithHistory | undefined> {
    const at = this.now().toISOString();
    return changeEnquiry(this.pool, id, by.username, at, (current) => ({
      events: changeEntries(beforeOf(current), change, at, by),
      change,
    }));
  }

  addNote(id: string, text: string, by: S.Actor): Promise<S.EnquiryWithHistory | undefined> {
    const at = this.now().toISOString();
    return changeEnquiry(this.pool, id, by.username, at, () => ({ events: [noteEntry(text, at, by)], change: {} }));
  }

  addVisitCounts(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
    return visits.addVisitCounts(this.pool, counts, caps);
  }

  visitCounts(from: string, to: string): Promise<VisitCount[]> {
    return visits.visitCounts(this.pool, from, to);
  }

  visitTotals(from: string, to: string, listing?: VisitListing): Promise<VisitTotals> {
    return visits.visitTotals(this.pool, from, to, listing);
  }

  deleteVisitMonthsBefore(month: string): Promise<void> {
    return visits.deleteVisitMonthsBefore(this.pool, month);
  }

  expectedCampaigns(): Promise<string[]> {
    return visits.expectedCampaigns(this.pool);
  }

  addExpectedCampaign(name: string): Promise<boolean> {
    return visits.addExpectedCampaign(this.pool, name, this.now());
  }

  removeExpectedCampaign(name: string): Promise<boolean> {
    return visits.removeExpectedCampaign(this.pool, name);
  }

  enquiryOriginCounts(since: string): Promise<OriginCount[]> {
    return visits.enquiryOriginCounts(this.pool, since);
  }

  recordContact(id: string, contact: Contact, by: S.Actor): Promise<S.EnquiryWithHistory | undefined> {
    const at = this.now().toISOString();
    return changeEnquiry(this.pool, id, by.username, at, (current) => {
      const change = current.status === contact.from ? { status: contact.to } : {};
      return {
        events: [contactEntry(contact, at, by), ...changeEntries(beforeOf(current), change, at, by)],
        change,
        contacted: true,
      };
    });
  }

  escalateOverdue(escalation: S.Escalation): Promise<number> {
    return escalateOverdue(this.pool, escalation);
  }

  async deleteEnquiries(ids: string[], form?: FormKind): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM enquiries WHERE id = ANY($1::text[]) AND ($2::text IS NULL OR kind = $2)', [
      ids,
      form ?? null,
    ]);
    return rowCount ?? 0;
  }

  deskStats(query: S.StatsQuery): Promise<DeskStats> {
    return deskStats(this.pool, query);
  }

  countInWindow(key: string, windowMs: number, add = 1): Promise<S.WindowCount> {
    this.sweepWindows();
    return countInWindow(this.pool, key, windowMs, add, this.now());
  }

  async resetWindow(key: string): Promise<void> {
    await this.pool.query('DELETE FROM windows WHERE key = $1', [key]);
  }

  /** Ended windows are deleted now and then (by whichever instance counts next), so the table holds only live counters. */
  private sweepWindows() {
    if (this.clock.now() - this.lastWindowSweep < WINDOW_SWEEP_MS) return;
    this.lastWindowSweep = this.clock.now();
    this.deleteEndedWindows().catch(() => undefined);
  }

  /** Deletes every window that has ended, whatever its length; returns how many. */
  async deleteEndedWindows(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM windows WHERE expires_at <= $1', [this.now()]);
    return rowCount ?? 0;
  }

  listAccounts(): Promise<S.Account[]> {
    return this.accounts.list();
  }

  findAccount(username: string): Promise<S.Account | undefined> {
    return this.accounts.find(username);
  }

  getAccount(id: string): Promise<S.Account | undefined> {
    return this.accounts.get(id);
  }

  addAccount(account: S.Account): Promise<boolean> {
    return this.accounts.add(account);
  }

  updateAccount(
    id: string,
    change: S.AccountChange,
    endSessions?: { keepSession?: string; forgetDevices?: boolean },
  ): Promise<S.Account | undefined> {
    return this.accounts.update(id, change, endSessions);
  }

  spendCode(accountId: string, code: S.SpentCode): Promise<boolean> {
    return this.accounts.spendCode(accountId, code);
  }

  removeAccount(id: string): Promise<boolean> {
    return this.accounts.remove(id);
  }

  createSession(tokenHash: string, session: S.SignedInSession): Promise<void> {
    return this.accounts.createSession(tokenHash, session);
  }

  getSession(tokenHash: string): Promise<S.SignedInSession | undefined> {
    return this.accounts.getSession(tokenHash);
  }

  recordProof(tokenHash: string, proof: S.SessionProof): Promise<void> {
    return this.accounts.recordProof(tokenHash, proof);
  }

  secretsKeyCheck(): Promise<string | undefined> {
    return this.accounts.secretsKeyCheck();
  }

  recordSecretsKeyCheck(check: string): Promise<string> {
    return this.accounts.recordSecretsKeyCheck(check);
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.accounts.deleteSession(tokenHash);
  }

  touchSession(tokenHash: string, at: number): Promise<void> {
    return this.accounts.touchSession(tokenHash, at);
  }

  putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    return this.accounts.putChallenge(key, value, expiresAt);
  }

  takeChallenge(key: string): Promise<string | undefined> {
    return this.accounts.takeChallenge(key);
  }

  addTrustedDevice(tokenHash: string, device: S.Session): Promise<void> {
    return this.accounts.addTrustedDevice(tokenHash, device);
  }

  isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean> {
    return this.accounts.isTrustedDevice(tokenHash, accountId);
  }

  importPrivacyRequest(request: PrivacyRequest): Promise<boolean> {
    return importPrivacyRequest(this.pool, request);
  }

  /** Copies an audit entry kept elsewhere (the file store) with its time; for an empty audit table only, as ids are not kept. */
  importAudit(entry: AuditEntry): Promise<void> {
    const { id: _, at, ...rest } = entry;
    return addAudit(this.pool, rest, new Date(at));
  }

  /** Copies an enquiry kept elsewhere (the file store), with its id, time and history; false if it was already here. */
  importEnquiry(record: S.EnquiryRecord): Promise<boolean> {
    return importEnquiry(this.pool, record);
  }

  addAudit(entry: S.NewAuditEntry): Promise<void> {
    return addAudit(this.pool, entry, this.now());
  }

  listAudit(query: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>> {
    return listAudit(this.pool, query);
  }

  trimAudit(before: string): Promise<number> {
    return trimAudit(this.pool, before);
  }

  addPrivacyRequest(request: S.NewPrivacyRequest): Promise<PrivacyRequest> {
    return addPrivacyRequest(this.pool, request, this.now());
  }

  listPrivacyRequests(query: S.PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>> {
    return listPrivacyRequests(this.pool, query);
  }

  updatePrivacyRequest(id: string, change: S.PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined> {
    return updatePrivacyRequest(this.pool, id, change, by, this.now());
  }

  findPerson(who: S.PersonKey): Promise<S.PersonData> {
    return findPerson(this.pool, who);
  }

  erasePerson(who: S.PersonKey): Promise<S.ErasedCount> {
    return erasePerson(this.pool, who);
  }

  eraseInactive(before: string): Promise<S.ErasedCount> {
    return eraseInactive(this.pool, before);
  }

  async claimDueDeliveries(limit: number, leaseMs: number): Promise<S.DueDelivery[]> {
    // SKIP LOCKED: two instances polling at once each take different rows, never the same one.
    const { rows } = await this.pool.query<EnquiryRow & { channel: S.Channel; attempts: number }>(
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
    return rows.map((row) => ({ kind: row.kind, channel: row.channel, attempts: row.attempts, enquiry: toRecord(row) }));
  }

  async recordDelivery(id: string, channel: S.Channel, state: S.DeliveryState): Promise<void> {
    await this.pool.query(
      `UPDATE deliveries SET status = $3, attempts = $4, next_attempt_at = $5, last_error = $6, claimed_until = NULL
       WHERE enquiry_id = $1 AND channel = $2`,
      [id, channel, state.status, state.attempts, new Date(state.nextAttemptAt), state.lastError ?? null],
    );
  }

  async queueDelivery(id: string, channel: S.Channel): Promise<'queued' | 'pending' | undefined> {
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}
