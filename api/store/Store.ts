import type { PrivacyRequest, PrivacyRequestStatus } from '../../src/shared/privacyRequests';
import type {
  AssignmentRule,
  AuditEntry,
  ConsentRecord,
  DeskStats,
  EnquiryOrigin,
  HistoryEntry,
  ListPage,
  Role,
} from '../../src/shared/desk';
import type { FormKind } from '../../src/shared/forms/formSchemas';
import type { Channel, DeliveryState, Notifications } from '../../src/shared/storedEnquiry';
import type { Contact } from './enquiryHistory';
import type { ApplicationStore } from './ApplicationStore';
import type { DailyListStore } from './DailyListStore';
import type { DocumentStore } from './DocumentStore';
import type { PageStore } from './PageStore';
import type { PipelineStore } from './PipelineStore';
import type { PictureStore } from './PictureStore';
import type { SubmissionStore } from './SubmissionStore';
import type { VisitStore } from './VisitStore';

export type { Channel, DeliveryState, Notifications } from '../../src/shared/storedEnquiry';

/** One enquiry as the store keeps it: the visitor's answers, and what the firm did with it. */
export interface EnquiryRecord {
  _id: string;
  /** What the enquirer quotes (src/shared/enquiryReference.ts): unique, and never changed once given. */
  reference: string;
  form: FormKind;
  createdAt: string;
  /** The visitor's answers, by field name; the phone number already in +91 form. */
  fields: Record<string, string>;
  sourcePage?: string;
  status: string;
  closedReason?: string;
  /** YYYY-MM-DD (India time), or null when none is set. */
  followUpOn: string | null;
  /** When staff first changed its status; for the desk's response-time figure. */
  firstStatusChangeAt?: string;
  /** The latest of its arrival and any change by staff; retention counts from here. */
  lastActivityAt: string;
  consent: ConsentRecord | null;
  language?: string;
  /** The campaign and referring site of the visit it came from, when there was one. */
  origin?: EnquiryOrigin;
  notifications?: Notifications;
  /** The id of the account the enquiry is assigned to; absent when nobody is. */
  assigneeId?: string;
  /** When the first-response target runs out, counted in working time from its arrival (_desk.yaml). */
  firstResponseDueAt?: string;
  /** Its first call, WhatsApp message or change of status from the desk: the first-response clock stops. */
  firstContactAt?: string;
  /** When it was escalated to the owners for passing the target without a first contact; once only. */
  escalatedAt?: string;
  history: HistoryEntry[];
}

/** What the public forms hand to the store. */
export interface NewEnquiry {
  form: FormKind;
  fields: Record<string, string>;
  sourcePage?: string;
  consent?: ConsentRecord;
  language?: string;
  origin?: EnquiryOrigin;
  /** The advisor _desk.yaml's assignment rule chose, recorded in the history as the rule's. */
  assignee?: { to: Actor; rule: AssignmentRule };
  /** When its first-response target runs out (an ISO time), when _desk.yaml sets one. */
  firstResponseDueAt?: string;
}

/** An enquiry in a list: no history, and how many other enquiries share its phone number. */
export type EnquirySummary = Omit<EnquiryRecord, 'history'> & { duplicates: number };
export type EnquiryWithHistory = EnquiryRecord & { duplicates: number };

export interface EnquiryQuery {
  form?: FormKind;
  status?: string;
  /** Matches the name, the e-mail or the phone number (however it is written), ignoring case. */
  q?: string;
  /** Only enquiries with a follow-up on or before `date` (YYYY-MM-DD) that are not in a final status. */
  dueBy?: { date: string; finalStatuses: string[] };
  /** Only enquiries stored before consent was recorded. */
  consentMissing?: boolean;
  /** Only enquiries with this phone number (its last ten digits): the duplicates of one. */
  phone?: string;
  /** Only enquiries from visits of this campaign (its utm_campaign). */
  campaign?: string;
  /** Only enquiries assigned to this account (its id), or, for null, to nobody. */
  assigneeId?: string | null;
  /** Only enquiries given to their current advisor at or after this moment (an ISO time), by their history. */
  assignedSince?: string;
  /** Only enquiries past their first-response target at `now` (an ISO time) with no first contact, not in a final status. */
  overdue?: OverdueQuery;
  /** Only the enquiry with this reference, in its stored form (parseReference). */
  reference?: string;
  limit: number;
  /** From a previous page's nextCursor. */
  cursor?: string;
}

export interface OverdueQuery {
  now: string;
  finalStatuses: string[];
}

/** What the first-response clock's sweep escalates: up to `limit` overdue enquiries not escalated yet. */
export interface Escalation extends OverdueQuery {
  /** A pending notification to store for each, in the same write as its mark. */
  channels: Channel[];
  limit: number;
}

export interface EnquiryChange {
  status?: string;
  closedReason?: string;
  followUpOn?: string | null;
  assignment?: Assignment;
}

/**
 * A new advisor for an enquiry (null: nobody). With `onlyFrom`, the store assigns only while the
 * enquiry's current assignee (an account id, or null for nobody) is one of those, checked and
 * changed in one step, and throws AssignmentTakenError otherwise: two advisors taking the same
 * enquiry at once cannot both have it.
 */
export interface Assignment {
  to: Actor | null;
  onlyFrom?: (string | null)[];
}

export interface StatsQuery {
  /** Today in India, YYYY-MM-DD. */
  today: string;
  weeks: number;
  finalStatuses: string[];
}

/** A notification the outbox must send now, leased to this process for a while. */
export interface DueDelivery {
  kind: FormKind;
  channel: Channel;
  attempts: number;
  enquiry: EnquiryRecord;
}

export interface WindowCount {
  count: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
}

/** A staff account. The password exists only as a hash. */
export interface Account {
  id: string;
  username: string;
  role: Role;
  passwordHash: string;
  /** Set for a password someone else chose (the server or an owner): it must be changed at the first login. */
  mustChangePassword?: boolean;
  /** The account's second factors; absent until it enrols one. */
  mfa?: SecondFactors;
  /** The languages the advisor speaks with enquirers (ids of the site's languages). */
  languages?: string[];
  /** Set when _desk.yaml's assignment rule may give it new enquiries. */
  available?: boolean;
  /** Where the advisor's daily list is e-mailed; none is sent without it. */
  email?: string;
  /** The language the daily list is written in (an id of the site's languages); the site's first without it. */
  emailLanguage?: string;
  createdAt: string;
}

/** A passkey as @simplewebauthn/server verifies it: the public key, never anything secret. */
export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  /** What the account called it, such as "Office laptop". */
  name: string;
  createdAt: string;
}

export interface SecondFactors {
  /** The authenticator app's shared secret once a code from it is confirmed, sealed with the secrets key (auth/secondFactor.ts). */
  totpSecret?: string;
  /** A secret offered for enrolment and not yet confirmed with a code, sealed the same way. */
  pendingTotpSecret?: string;
  /** The last 30-second step a code was accepted for: each code works once. */
  totpLastStep?: number;
  /** SHA-256 of each unused recovery code. */
  recoveryCodes?: string[];
  passkeys?: Passkey[];
}

/** What may change in an account; `email: null` removes the daily list's address. */
export type AccountChange = Partial<Omit<Account, 'id' | 'createdAt' | 'email'>> & { email?: string | null };

/** Who did something, by the permanent id (a username can change) and the name at the time. */
export interface Actor {
  id: string;
  username: string;
}

/** A one-time code an account spends: a recovery code (by its hash) or an authenticator step. */
export type SpentCode = { recoveryCode: string } | { totpStep: number };

export interface Session {
  accountId: string;
  expiresAt: number;
  /** When the session last made a request (ms), for the idle limit: its sign-in at first. Absent in sessions of an older version. */
  lastSeenAt?: number;
}

/** When a session last proved the account's password, and its second factor (ms): changing factors asks for both, recently. */
export interface SessionProof {
  passwordAt?: number;
  factorAt?: number;
}

export type SignedInSession = Session & SessionProof;

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'>;

/** One person, by the ten digits of their mobile number or by their e-mail address in lower case. */
export type PersonKey = { phone: string } | { email: string };

/** Everything stored about one person. */
export interface PersonData {
  enquiries: EnquiryWithHistory[];
  requests: PrivacyRequest[];
}

export interface ErasedCount {
  enquiries: number;
  requests: number;
}

export interface NewPrivacyRequest {
  fields: Record<string, string>;
  /** YYYY-MM-DD, India time. */
  dueOn: string;
}

export interface PrivacyRequestQuery {
  status?: PrivacyRequestStatus;
  limit: number;
  cursor?: string;
}

export interface PrivacyRequestChange {
  status: PrivacyRequestStatus;
  reason?: string;
}

/**
 * Everything the server keeps. The routes see only this interface, so the embedded file
 * store and the PostgreSQL store are interchangeable; the contract in storeContract.ts, run by
 * file/FileStore.test.ts and pg/PgStore.test.ts, holds both to the same behaviour.
 */
export interface Store extends VisitStore {
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

  /** Resolves once the enquiry is durably stored (only then may the visitor get a 200), with a pending notification per channel. */
  addEnquiry(enquiry: NewEnquiry, channels?: Channel[]): Promise<EnquiryRecord>;
  /** Newest first, one page at a time; `total` counts every match. */
  listEnquiries(query: EnquiryQuery): Promise<ListPage<EnquirySummary>>;
  getEnquiry(id: string): Promise<EnquiryWithHistory | undefined>;
  /** Changes status, closing reason or follow-up, recording each change in the history by `by`. */
  updateEnquiry(id: string, change: EnquiryChange, by: Actor): Promise<EnquiryWithHistory | undefined>;
  addNote(id: string, text: string, by: Actor): Promise<EnquiryWithHistory | undefined>;
  /** Records a call or WhatsApp message in the history and, in the same write, moves the enquiry from `from` to `to` if it is still in `from`. */
  recordContact(id: string, contact: Contact, by: Actor): Promise<EnquiryWithHistory | undefined>;
  /**
   * Marks up to `limit` overdue enquiries as escalated and, in the same write, stores a pending
   * notification on each of `channels`; an enquiry is escalated once, whatever the restarts and
   * instances. Returns how many it escalated.
   */
  escalateOverdue(escalation: Escalation): Promise<number>;
  /** Removes enquiries for good (of one form only, when given); returns how many there were. */
  deleteEnquiries(ids: string[], form?: FormKind): Promise<number>;
  deskStats(query: StatsQuery): Promise<DeskStats>;

  /**
   * Adds `add` events (0 to only look) against `key` in a fixed window of `windowMs`, and
   * returns the count so far in the current window, atomically.
   */
  countInWindow(key: string, windowMs: number, add?: number): Promise<WindowCount>;
  resetWindow(key: string): Promise<void>;

  listAccounts(): Promise<Account[]>;
  /** Usernames are compared without case. */
  findAccount(username: string): Promise<Account | undefined>;
  getAccount(id: string): Promise<Account | undefined>;
  /** False when the username is taken. */
  addAccount(account: Account): Promise<boolean>;
  /**
   * Changes an account and, in the same write or transaction, ends its sessions (all, or all
   * but `keepSession`) when `endSessions` is set, and forgets its trusted devices when
   * `forgetDevices` is. Undefined when the account does not exist; throws UsernameTakenError
   * when a new username is taken, and LastOwnerError when it would leave no owner (checked
   * and changed atomically, so two owners demoting each other cannot both succeed).
   */
  updateAccount(
    id: string,
    change: AccountChange,
    endSessions?: { keepSession?: string; forgetDevices?: boolean },
  ): Promise<Account | undefined>;
  /** Removes the account with its sessions and trusted devices; LastOwnerError as above. */
  removeAccount(id: string): Promise<boolean>;
  /** Spends a recovery code or an authenticator step, atomically: false if already spent (or an older step). */
  spendCode(accountId: string, code: SpentCode): Promise<boolean>;

  /** Sessions are found by the SHA-256 of their token, so the store never holds a usable token. */
  createSession(tokenHash: string, session: SignedInSession): Promise<void>;
  /** Undefined when missing or expired. */
  getSession(tokenHash: string): Promise<SignedInSession | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Records that the session made a request at `at` (ms), for the idle limit. */
  touchSession(tokenHash: string, at: number): Promise<void>;
  /** Records that the session has just proved the password or the second factor again (the times given). */
  recordProof(tokenHash: string, proof: SessionProof): Promise<void>;
  /**
   * The check value of the key secrets are sealed with (api/secrets/secretsKey.ts), recorded by
   * the first server to seal one; undefined before that.
   */
  secretsKeyCheck(): Promise<string | undefined>;
  /** Records `check` when no check is recorded yet; returns the one recorded (another key's, if it differs). */
  recordSecretsKeyCheck(check: string): Promise<string>;
  /** A browser that once signed in to an account: exempt from that account's lockout. */
  addTrustedDevice(tokenHash: string, device: Session): Promise<void>;
  isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean>;

  /** Keeps a one-time value (a passkey challenge) under `key` until `expiresAt` (ms). */
  putChallenge(key: string, value: string, expiresAt: number): Promise<void>;
  /** The value under `key`, removed in the same step, so it can be used once; undefined if gone or expired. */
  takeChallenge(key: string): Promise<string | undefined>;

  addAudit(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(query: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>>;

  /**
   * Up to `limit` pending notifications that are due, each leased for `leaseMs` so that
   * no other process (or later call) takes it meanwhile.
   */
  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]>;
  /** Records how a delivery went; ends its lease. Nothing happens if the enquiry was deleted. */
  recordDelivery(id: string, channel: Channel, state: DeliveryState): Promise<void>;
  /** Queues a notification of an enquiry on `channel`, due now ('pending': one is already on its way; undefined: no enquiry). */
  queueDelivery(id: string, channel: Channel): Promise<'queued' | 'pending' | undefined>;

  /** Resolves once the request is durably stored. */
  addPrivacyRequest(request: NewPrivacyRequest): Promise<PrivacyRequest>;
  /** Newest first, one page at a time. */
  listPrivacyRequests(query: PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>>;
  /** Records a new status (with the reason for a refusal) in the request's history by `by`. */
  updatePrivacyRequest(id: string, change: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined>;
  /** Every enquiry and request of one person, newest first. */
  findPerson(who: PersonKey): Promise<PersonData>;
  /**
   * Erases every enquiry and request of one person for good, with their histories and
   * pending notifications: no copy stays in any file or table. Returns how many went.
   */
  erasePerson(who: PersonKey): Promise<ErasedCount>;
  /** Erases, the same way, every enquiry and request whose last activity was before `before` (an ISO time). */
  eraseInactive(before: string): Promise<ErasedCount>;
  /** Deletes the audit entries written before `before`; returns how many. */
  trimAudit(before: string): Promise<number>;

  /**
   * Moving between stores (a restore from the other kind, npm run migrate-from-lowdb): each
   * keeps what another store kept, with its id, times and history. An enquiry or request already
   * here is left alone (false). Audit entries are for an empty log, oldest first.
   */
  importEnquiry(record: EnquiryRecord): Promise<boolean>;
  importPrivacyRequest(request: PrivacyRequest): Promise<boolean>;
  importAudit(entry: AuditEntry): Promise<void>;

  /** Finishes every pending write. */
  close(): Promise<void>;
}
