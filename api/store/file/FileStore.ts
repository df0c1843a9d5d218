import type { AuditEntry, DeskStats, ListPage } from '../../../src/shared/desk';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import type {
  Account,
  AccountChange,
  Actor,
  Channel,
  DeliveryState,
  DueDelivery,
  EnquiryChange,
  EnquiryQuery,
  EnquiryRecord,
  EnquirySummary,
  EnquiryWithHistory,
  Escalation,
  NewAuditEntry,
  NewEnquiry,
  NewPrivacyRequest,
  PersonData,
  PersonKey,
  ErasedCount,
  PrivacyRequestChange,
  PrivacyRequestQuery,
  Session,
  SessionProof,
  SignedInSession,
  SpentCode,
  StatsQuery,
  Store,
  WindowCount,
} from '../Store';
import { systemClock, type Clock } from '../../clock';
import { ApplicationFile } from './applications';
import { DocumentFile } from './documentFile';
import { AuditLog } from './auditLog';
import { DailyListFile } from './dailyListFile';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock';
import { FileEnquiries } from './fileEnquiries';
import { FilePipeline } from './filePipeline';
import { MemoryWindows } from './memoryWindows';
import type { Contact } from '../enquiryHistory';
import { PageFile } from './pageFile';
import { PictureFile } from './pictureFile';
import { SubmissionFile } from './submissionFile';
import { VisitFile } from './visitFile';
import type { OriginCount, VisitCaps, VisitCount, VisitListing, VisitTotals } from '../VisitStore';
import type { PipelineStore } from '../PipelineStore';
import { prepareDataDir } from './prepareDataDir';
import { PrivacyRequestFile } from './privacyRequestFile';
import { SecurityFile } from './securityFile';

/** A deep copy: a caller holding an account must not see it change under it, nor change the store by accident. */
const copy = <T extends object | undefined>(value: T): T => (value === undefined ? value : structuredClone(value));

/** The answer of work done in memory, as a promise; what it throws becomes a rejection, as from a database. */
const settle = <T>(work: () => T): Promise<T> => new Promise((resolve) => resolve(work()));

/**
 * The embedded store: JSON files in DATA_DIR, each written durably (flushed to the disk
 * before a change is acknowledged) through a temporary file and a rename. For one server
 * process only; a lock file stops a second process from opening the same folder.
 */
export class FileStore implements Store {
  private readonly windows = new MemoryWindows();
  readonly pipeline: PipelineStore = {
    report: (query) => settle(() => this.filePipeline.report(query)),
    boardPage: async (query) => {
      const page = await settle(() => this.enquiries.stagePage(query));
      const items = await Promise.all(
        page.items.map(async (item) => ({ ...item, applications: await this.applications.applicationsOf(item.enquiry._id) })),
      );
      return { ...page, items };
    },
  };

  private constructor(
    private readonly enquiries: FileEnquiries,
    private readonly security: SecurityFile,
    private readonly audit: AuditLog,
    private readonly requests: PrivacyRequestFile,
    private readonly lock: DataDirLock,
    private readonly clock: Clock,
    readonly pages: PageFile,
    readonly pictures: PictureFile,
    private readonly visits: VisitFile,
    readonly submissions: SubmissionFile,
    readonly applications: ApplicationFile,
    readonly dailyLists: DailyListFile,
    readonly documents: DocumentFile,
    private readonly filePipeline: FilePipeline,
  ) {}

  static async open(dataDir: string, clock: Clock = systemClock): Promise<FileStore> {
    prepareDataDir(dataDir);
    const lock = acquireDataDirLock(dataDir);
    try {
      // An application or a document needs its enquiry, and goes when its enquiry is erased; a daily list needs its account.
      const opened: { enquiries?: FileEnquiries; security?: SecurityFile } = {};
      const filePipeline = new FilePipeline();
      const applications = await ApplicationFile.open(dataDir, clock, (id) => opened.enquiries?.get(id) !== undefined, filePipeline);
      const documents = await DocumentFile.open(dataDir, (id) => opened.enquiries?.get(id));
      const [enquiries, security, audit, requests, pages, pictures, visits, submissions, dailyLists] = await Promise.all([
        FileEnquiries.open(dataDir, clock, filePipeline, async (ids) => {
          await applications.forget(ids);
          await documents.forget(ids);
        }),
        SecurityFile.open(dataDir, clock),
        AuditLog.open(dataDir, clock),
        PrivacyRequestFile.open(dataDir, clock),
        PageFile.open(dataDir, clock),
        PictureFile.open(dataDir),
        VisitFile.open(dataDir),
        SubmissionFile.open(dataDir, clock),
        DailyListFile.open(dataDir, clock, (id) => opened.security?.get(id) !== undefined),
      ]);
      opened.enquiries = enquiries;
      opened.security = security;
      return new FileStore(
        enquiries,
        security,
        audit,
        requests,
        lock,
        clock,
        pages,
        pictures,
        visits,
        submissions,
        applications,
        dailyLists,
        documents,
        filePipeline,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  addEnquiry(enquiry: NewEnquiry, channels?: Channel[]): Promise<EnquiryRecord> {
    return this.enquiries.add(enquiry, channels);
  }

  listEnquiries(query: EnquiryQuery): Promise<ListPage<EnquirySummary>> {
    return settle(() => this.enquiries.list(query));
  }

  getEnquiry(id: string): Promise<EnquiryWithHistory | undefined> {
    return Promise.resolve(this.enquiries.get(id));
  }

  updateEnquiry(id: string, change: EnquiryChange, by: Actor): Promise<EnquiryWithHistory | undefined> {
    return this.enquiries.update(id, change, by);
  }

  addNote(id: string, text: string, by: Actor): Promise<EnquiryWithHistory | undefined> {
    return this.enquiries.addNote(id, text, by);
  }

  recordContact(id: string, contact: Contact, by: Actor): Promise<EnquiryWithHistory | undefined> {
    return this.enquiries.recordContact(id, contact, by);
  }

  addVisitCounts(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
    return this.visits.add(counts, caps);
  }

  visitCounts(from: string, to: string): Promise<VisitCount[]> {
    return this.visits.countsOfDays(from, to);
  }

  visitTotals(from: string, to: string, listing?: VisitListing): Promise<VisitTotals> {
    return this.visits.totals(from, to, listing);
  }

  deleteVisitMonthsBefore(month: string): Promise<void> {
    return this.visits.deleteMonthsBefore(month);
  }

  expectedCampaigns(): Promise<string[]> {
    return Promise.resolve(this.visits.expectedCampaigns);
  }

  addExpectedCampaign(name: string): Promise<boolean> {
    return this.visits.setExpected((campaigns) => (campaigns.includes(name) ? undefined : [...campaigns, name]));
  }

  removeExpectedCampaign(name: string): Promise<boolean> {
    return this.visits.setExpected((campaigns) => (campaigns.includes(name) ? campaigns.filter((other) => other !== name) : undefined));
  }

  enquiryOriginCounts(since: string): Promise<OriginCount[]> {
    return settle(() => this.enquiries.originCounts(since));
  }

  escalateOverdue(escalation: Escalation): Promise<number> {
    return this.enquiries.escalateOverdue(escalation);
  }

  deleteEnquiries(ids: string[], form?: FormKind): Promise<number> {
    return this.enquiries.delete(ids, form);
  }

  deskStats(query: StatsQuery): Promise<DeskStats> {
    return Promise.resolve(this.enquiries.stats(query));
  }

  countInWindow(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    return Promise.resolve(this.windows.count(key, windowMs, add, this.clock.now()));
  }

  resetWindow(key: string): Promise<void> {
    this.windows.reset(key);
    return Promise.resolve();
  }

  listAccounts(): Promise<Account[]> {
    return Promise.resolve(this.security.accounts.map(copy));
  }

  findAccount(username: string): Promise<Account | undefined> {
    return Promise.resolve(copy(this.security.find(username)));
  }

  getAccount(id: string): Promise<Account | undefined> {
    return Promise.resolve(copy(this.security.get(id)));
  }

  addAccount(account: Account): Promise<boolean> {
    return this.security.add(account);
  }

  async updateAccount(
    id: string,
    change: AccountChange,
    endSessions?: { keepSession?: string; forgetDevices?: boolean },
  ): Promise<Account | undefined> {
    return copy(await this.security.update(id, copy(change), endSessions));
  }

  removeAccount(id: string): Promise<boolean> {
    return this.security.remove(id);
  }

  spendCode(accountId: string, code: SpentCode): Promise<boolean> {
    return this.security.spendCode(accountId, code);
  }

  createSession(tokenHash: string, session: SignedInSession): Promise<void> {
    return this.security.addSession(tokenHash, session);
  }

  getSession(tokenHash: string): Promise<SignedInSession | undefined> {
    return Promise.resolve(copy(this.security.session(tokenHash)));
  }

  recordProof(tokenHash: string, proof: SessionProof): Promise<void> {
    return this.security.recordProof(tokenHash, proof);
  }

  secretsKeyCheck(): Promise<string | undefined> {
    return Promise.resolve(this.security.secretsKeyCheck);
  }

  recordSecretsKeyCheck(check: string): Promise<string> {
    return this.security.recordSecretsKeyCheck(check);
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.security.deleteSession(tokenHash);
  }

  touchSession(tokenHash: string, at: number): Promise<void> {
    return this.security.touchSession(tokenHash, at);
  }

  addTrustedDevice(tokenHash: string, device: Session): Promise<void> {
    return this.security.addTrustedDevice(tokenHash, device);
  }

  isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean> {
    return Promise.resolve(this.security.isTrustedDevice(tokenHash, accountId));
  }

  /** In memory: a challenge lives for minutes, and this store has one process. */
  private readonly challenges = new Map<string, { value: string; expiresAt: number }>();

  putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    const now = this.clock.now();
    for (const [other, entry] of this.challenges) if (entry.expiresAt <= now) this.challenges.delete(other);
    this.challenges.set(key, { value, expiresAt });
    return Promise.resolve();
  }

  takeChallenge(key: string): Promise<string | undefined> {
    const entry = this.challenges.get(key);
    this.challenges.delete(key);
    return Promise.resolve(entry && entry.expiresAt > this.clock.now() ? entry.value : undefined);
  }

  addAudit(entry: NewAuditEntry): Promise<void> {
    return this.audit.add(entry);
  }

  importAudit(entry: AuditEntry): Promise<void> {
    return this.audit.import(entry);
  }

  importEnquiry({ duplicates: _, ...record }: EnquiryRecord & { duplicates?: unknown }): Promise<boolean> {
    return this.enquiries.import(record);
  }

  importPrivacyRequest(request: PrivacyRequest): Promise<boolean> {
    return this.requests.import(request);
  }

  listAudit(query: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>> {
    return settle(() => this.audit.list(query));
  }

  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return Promise.resolve(this.enquiries.claim(limit, leaseMs));
  }

  recordDelivery(id: string, channel: Channel, state: DeliveryState): Promise<void> {
    return this.enquiries.recordDelivery(id, channel, state);
  }

  queueDelivery(id: string, channel: Channel): Promise<'queued' | 'pending' | undefined> {
    return this.enquiries.queueDelivery(id, channel);
  }

  addPrivacyRequest(request: NewPrivacyRequest): Promise<PrivacyRequest> {
    return this.requests.add(request);
  }

  listPrivacyRequests(query: PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>> {
    return settle(() => this.requests.list(query));
  }

  updatePrivacyRequest(id: string, change: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined> {
    return this.requests.update(id, change, by);
  }

  findPerson(who: PersonKey): Promise<PersonData> {
    return settle(() => ({ enquiries: this.enquiries.ofPerson(who), requests: this.requests.ofPerson(who) }));
  }

  async erasePerson(who: PersonKey): Promise<ErasedCount> {
    const enquiries = await this.enquiries.erasePerson(who);
    const requests = await this.requests.erase(this.requests.ofPerson(who).map((request) => request._id));
    return { enquiries, requests };
  }

  async eraseInactive(before: string): Promise<ErasedCount> {
    const enquiries = await this.enquiries.eraseInactive(before);
    const requests = await this.requests.erase(this.requests.inactiveBefore(before));
    return { enquiries, requests };
  }

  trimAudit(before: string): Promise<number> {
    return this.audit.trimBefore(before);
  }

  async close(): Promise<void> {
    await Promise.all([
      this.enquiries.flush(),
      this.security.flush(),
      this.audit.flush(),
      this.requests.flush(),
      this.pages.flush(),
      this.pictures.flush(),
      this.submissions.flush(),
      this.applications.flush(),
      this.dailyLists.flush(),
      this.documents.flush(),
      this.visits.flush(),
    ]);
    this.lock.release();
  }
}
