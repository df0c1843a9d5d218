import type { FormKind } from './forms/formSchemas';
import type { Notifications } from './storedEnquiry';
import type { Application } from './applications';

/** Every enquiry starts at this step; the desk's data file must list it first. */
export const INITIAL_STATUS = 'new';

/** The visitor's consent, as recorded when they sent the form. */
export interface ConsentRecord {
  noticeVersion: string;
  givenAt: string;
}

/** One thing that happened to an enquiry after it arrived, with who did it and when. */
/** `by` is the username at the time; `byId` the account's permanent id (absent in entries older than it). */
export type HistoryEntry = { at: string; by: string; byId?: string } & (
  | { type: 'status'; from: string; to: string; reason?: string }
  | { type: 'note'; text: string; contact?: true }
  | { type: 'follow-up'; on: string | null }
  /** outsideHours: the calling hours it was made outside of, as they were then (none when it was made within them); messageId: sent from the desk through the Cloud API (a reply, a template), not a wa.me tap. */
  | { type: 'contact'; channel: ContactChannel; template?: string; outsideHours?: { from: string; to: string }; messageId?: string }
  | { type: 'assignment'; to: string | null; toId?: string; rule?: AssignmentRule }
  | { type: 'whatsapp'; event: WhatsAppEvent; messageId?: string }
);

/**
 * What happened on WhatsApp through the Cloud API that is no advisor's contact: a status update
 * the server sent by itself, an Unmatched conversation put on the enquiry, and the enquirer
 * asking for no more updates (STOP).
 */
export type WhatsAppEvent = 'status-update' | 'linked' | 'stopped';

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
  /** Its first recorded contact (ISO), or null: a call or WhatsApp tap, or a note marked as a contact (never a change of status alone). */
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
