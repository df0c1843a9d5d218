import type { AccountStore } from './AccountStore';
import type { ApplicationStore } from './ApplicationStore';
import type { AuditStore } from './AuditStore';
import type { DailyListStore } from './DailyListStore';
import type { DocumentStore } from './DocumentStore';
import type { EnquiryStore } from './EnquiryStore';
import type { LinkCheckStore } from './LinkCheckStore';
import type { PageStore } from './PageStore';
import type { PeopleStore } from './PeopleStore';
import type { PipelineStore } from './PipelineStore';
import type { PictureStore } from './PictureStore';
import type { SubmissionStore } from './SubmissionStore';
import type { VisitStore } from './VisitStore';
import type { WindowStore } from './WindowStore';
import type { WhatsAppStore } from './WhatsAppStore';

export type * from './AccountStore';
export type * from './AuditStore';
export type * from './EnquiryStore';
export type * from './PeopleStore';
export type * from './WindowStore';

/** Who did something, by the permanent id (a username can change) and the name at the time. */
export interface Actor {
  id: string;
  username: string;
}

/**
 * Everything the server keeps, in parts. The routes see only these interfaces, so the embedded
 * file store (file/FileStore.ts) and the PostgreSQL store (pg/PgStore.ts) are interchangeable:
 * each part has one interface here (EnquiryStore.ts, AccountStore.ts, ...) and one file of the
 * same name in each store (file/enquiries.ts beside pg/enquiries.ts, ...). Each part's contract,
 * beside its interface (EnquiryStore.test.ts, AccountStore.test.ts, ..., and copyStore.test.ts),
 * runs on both stores (tests/helpers/eachStore.ts) and holds them to the same behaviour.
 *
 * Where the odd ones live: the rate-limit windows are a part of their own (`windows`), since the
 * forms, the sign-in lockouts, the read budget and the assignment turns all count in them. Each
 * import of a record another store kept (copyStore.ts) is on the part that keeps it:
 * `enquiries.import`, `people.importRequest`, `audit.import`. Retention is on the part it trims:
 * `people.eraseInactive`, `audit.trim`, `visits.deleteMonthsBefore`.
 */
export interface Store {
  /** The public forms' enquiries, the desk's work on them, and their notifications. */
  readonly enquiries: EnquiryStore;
  /** Privacy requests, and finding or erasing everything of one person. */
  readonly people: PeopleStore;
  /** Staff accounts, sessions, second factors and trusted devices. */
  readonly accounts: AccountStore;
  /** Who did what. */
  readonly audit: AuditStore;
  /** Visits counted without cookies, and the campaigns owners expect. */
  readonly visits: VisitStore;
  /** Counters in fixed windows: rate limits and lockouts. */
  readonly windows: WindowStore;
  /** The page editor's drafts and revisions. */
  readonly pages: PageStore;
  /** Pictures uploaded in the page editor. */
  readonly pictures: PictureStore;
  /** Editors' changes waiting for an owner's review. */
  readonly submissions: SubmissionStore;
  /** Each enquiry's applications to lenders. */
  readonly applications: ApplicationStore;
  /** Which advisors' daily lists were sent, for each day. */
  readonly dailyLists: DailyListStore;
  /** The pipeline report. */
  readonly pipeline: PipelineStore;
  /** Each enquiry's requests for documents and the documents sent (sealed). */
  readonly documents: DocumentStore;
  /** WhatsApp conversations through the Cloud API: the webhook's posts, each message once, the firm's messages to send. */
  readonly whatsapp: WhatsAppStore;
  /** The link check's results, and the weekly review e-mail that reports them. */
  readonly linkChecks: LinkCheckStore;

  /** Finishes every pending write. */
  close(): Promise<void>;
}
