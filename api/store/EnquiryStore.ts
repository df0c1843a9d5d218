import type { AssignmentRule, ConsentRecord, EnquiryOrigin, HistoryEntry } from '../../src/shared/deskEnquiry';
import type { DeskStats } from '../../src/shared/deskStats';
import type { ListPage } from '../../src/shared/listPage';
import type { FormKind } from '../../src/shared/forms/formSchemas';
import type { Channel, DeliveryState, Notifications } from '../../src/shared/storedEnquiry';
import type { Contact, StatusMove } from './historyEntries';
import type { Actor } from './Store';

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
  /**
   * Its first recorded contact: a call or WhatsApp tap on the desk, or a note marked as a contact
   * (firstContactOf its history). Only this stops the first-response clock; a change of status does not.
   */
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
  form: FormKind;
  channel: Channel;
  attempts: number;
  enquiry: EnquiryRecord;
}

/**
 * The enquiries the public forms send, and what the desk does with them: their histories, the
 * desk's figures, the first-response clock's escalations and the outbox's notifications.
 */
export interface EnquiryStore {
  /** Resolves once the enquiry is durably stored (only then may the visitor get a 200), with a pending notification per channel. */
  add(enquiry: NewEnquiry, channels?: Channel[]): Promise<EnquiryRecord>;
  /** Newest first, one page at a time; `total` counts every match. */
  list(query: EnquiryQuery): Promise<ListPage<EnquirySummary>>;
  get(id: string): Promise<EnquiryWithHistory | undefined>;
  /** Changes status, closing reason or follow-up, recording each change in the history by `by`. */
  update(id: string, change: EnquiryChange, by: Actor): Promise<EnquiryWithHistory | undefined>;
  /**
   * Adds a note. With `contact`, the note records a contact with the enquirer: as recordContact, it
   * stops the first-response clock and moves the enquiry along `contact` in the same write.
   */
  addNote(id: string, text: string, by: Actor, contact?: StatusMove): Promise<EnquiryWithHistory | undefined>;
  /**
   * Records a call or WhatsApp message in the history, stops the first-response clock (firstContactAt,
   * once) and, in the same write, moves the enquiry from `from` to `to` if it is still in `from`.
   */
  recordContact(id: string, contact: Contact, by: Actor): Promise<EnquiryWithHistory | undefined>;
  /**
   * Marks up to `limit` overdue enquiries as escalated and, in the same write, stores a pending
   * notification on each of `channels`; an enquiry is escalated once, whatever the restarts and
   * instances. Returns how many it escalated.
   */
  escalateOverdue(escalation: Escalation): Promise<number>;
  /** Removes enquiries for good (of one form only, when given); returns how many there were. */
  delete(ids: string[], form?: FormKind): Promise<number>;
  /** The desk's figures. */
  stats(query: StatsQuery): Promise<DeskStats>;

  /**
   * Up to `limit` pending notifications that are due, each leased for `leaseMs` so that
   * no other process (or later call) takes it meanwhile.
   */
  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]>;
  /** Records how a delivery went; ends its lease. Nothing happens if the enquiry was deleted. */
  recordDelivery(id: string, channel: Channel, state: DeliveryState): Promise<void>;
  /** Queues a notification of an enquiry on `channel`, due now ('pending': one is already on its way; undefined: no enquiry). */
  queueDelivery(id: string, channel: Channel): Promise<'queued' | 'pending' | undefined>;

  /**
   * Keeps an enquiry another store kept (copyStore), with its id, times and history; false when
   * it is here already, and then left alone.
   */
  import(record: EnquiryRecord): Promise<boolean>;
}
