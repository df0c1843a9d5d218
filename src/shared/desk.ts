import type { FormKind } from './forms/formSchemas';
import type { Notifications } from './storedEnquiry';
import type { Application } from './applications';

/** Every enquiry starts at this step; the desk's data file must list it first. */
export const INITIAL_STATUS = 'new';

/** Owners run everything; staff work the lead desk; editors write the site's pages and see no enquiry. */
export type Role = 'owner' | 'staff' | 'editor';
export const ROLES: Role[] = ['owner', 'staff', 'editor'];

/** The visitor's consent, as recorded when they sent the form. */
export interface ConsentRecord {
  noticeVersion: string;
  givenAt: string;
}

/** One thing that happened to an enquiry after it arrived, with who did it and when. */
/** `by` is the username at the time; `byId` the account's permanent id (absent in entries older than it). */
export type HistoryEntry = { at: string; by: string; byId?: string } & (
  | { type: 'status'; from: string; to: string; reason?: string }
  | { type: 'note'; text: string }
  | { type: 'follow-up'; on: string | null }
  | { type: 'contact'; channel: ContactChannel; template?: string }
  | { type: 'assignment'; to: string | null; toId?: string; rule?: AssignmentRule }
);

/** How _desk.yaml may assign new enquiries: by turns among the available advisors, or to those who speak the enquiry's language. */
export type AssignmentRule = 'turns' | 'language';

/** The utm_source, utm_medium and utm_campaign of the address a visit landed on. */
export interface Campaign {
  source: string;
  medium: string;
  campaign: string;
}

/** Where the visit that sent an enquiry came from: its campaign, and the host of the site that linked to it. */
export interface EnquiryOrigin {
  campaign?: Campaign;
  referrer?: string;
}

/** How an advisor reached an enquirer from the desk. */
export type ContactChannel = 'call' | 'whatsapp';

/**
 * An enquiry as the desk shows it: the visitor's answers (flat, as the form named them)
 * plus what the firm added. `duplicates` counts the other enquiries with the same phone number.
 */
export interface DeskEnquiry {
  _id: string;
  /** What the enquirer quotes, such as VF-7K3M-92QD. */
  reference: string;
  form: FormKind;
  createdAt: string;
  sourcePage?: string;
  status: string;
  closedReason?: string;
  /** The next follow-up, YYYY-MM-DD in India time, or null. */
  followUpOn: string | null;
  duplicates: number;
  consent: ConsentRecord | null;
  language?: string;
  /** The campaign of the visit it came from (utm_* of its landing address). */
  campaign?: Campaign;
  /** The host of the site that linked to that visit. */
  referrer?: string;
  notifications?: Notifications;
  /** The username of the advisor the enquiry is assigned to, or null. */
  assignedTo: string | null;
  /** When its first-response target runs out (ISO), or null where the desk sets none. */
  firstResponseDueAt: string | null;
  /** Its first call, WhatsApp message or change of status (ISO), or null. */
  firstContactAt: string | null;
  /** Past its first-response target with no first contact, and still open. */
  overdue: boolean;
  [field: string]: unknown;
}

export interface DeskEnquiryDetail extends DeskEnquiry {
  history: HistoryEntry[];
  /** Its applications to lenders, oldest first. */
  applications: Application[];
}

/** One page of a newest-first list; `nextCursor` fetches the following page. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-out'
  | 'password-change'
  | 'username-change'
  | 'status-change'
  | 'follow-up'
  | 'note'
  | 'contact'
  | 'assignment'
  | 'application'
  | 'export'
  | 'delete'
  | 'account-add'
  | 'account-remove'
  | 'account-role'
  | 'account-casework'
  | 'person-search'
  | 'erasure'
  | 'retention'
  | 'privacy-request'
  | 'second-factor-add'
  | 'second-factor-remove'
  | 'second-factor-reset'
  | 'identity-confirm'
  | 'expected-campaign-add'
  | 'expected-campaign-remove'
  | 'read'
  | 'read-refused'
  | 'page-save'
  | 'page-publish'
  | 'page-rollback'
  | 'page-add'
  | 'page-remove'
  | 'page-submit'
  | 'page-review-publish'
  | 'page-review-return'
  | 'picture-add'
  | 'picture-remove'
  | 'document-request'
  | 'document-revoke'
  | 'document-email'
  | 'document-upload'
  | 'document-download';

/** A line of the audit log: who did what, when, to which enquiry. Never the enquiry's contents. */
export interface AuditEntry {
  id: string;
  at: string;
  account: string | null;
  /** The account's permanent id, which a change of username does not change. */
  accountId?: string;
  action: AuditAction;
  enquiryId?: string;
  detail?: string;
}

export interface AccountView {
  username: string;
  role: Role;
  createdAt: string;
  /** It signs in with an authenticator app or a passkey as well as its password. */
  secondFactor: boolean;
  /** The languages the advisor speaks with enquirers (en, mr, hi), for the language assignment rule. */
  languages: string[];
  /** The assignment rule gives it new enquiries. */
  available: boolean;
  /** Where its daily list is e-mailed, or null for none. */
  email: string | null;
  /** The language of its daily list (en, mr, hi), or null for the site's first. */
  emailLanguage: string | null;
}

export interface WeekCount {
  /** The Monday that starts the week, YYYY-MM-DD, India time. */
  weekOf: string;
  byForm: Record<FormKind, number>;
  bySource: Record<string, number>;
}

export interface DeskStats {
  weeks: WeekCount[];
  /** Median hours from an enquiry's arrival to its first change of status, over those changed; null when none has been. */
  medianHoursToFirstStatusChange: number | null;
  byStatus: Record<string, number>;
  dueToday: number;
  overdue: number;
}
