import type { AssignmentRule, ContactChannel, HistoryEntry, WhatsAppEvent } from '../../src/shared/deskEnquiry';
import type { Actor, EnquiryChange } from './Store';
import { AssignmentTakenError } from './storeErrors';

/** What a change finds in the enquiry before it. */
interface Before {
  status: string;
  followUpOn: string | null;
  /** The account it is assigned to, if any. */
  assigneeId?: string | undefined;
}

/**
 * The history entries a desk change adds, in both stores: one for a new status (with the
 * closing reason), one for a new follow-up, one for a new advisor; a value set to what it
 * already was adds none. An assignment whose condition the enquiry no longer meets throws
 * AssignmentTakenError before anything changes.
 */

export function changeEntries(before: Before, change: EnquiryChange, at: string, actor: Actor): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const by = { by: actor.username, byId: actor.id };
  if (change.status !== undefined && change.status !== before.status) {
    entries.push({
      at,
      ...by,
      type: 'status',
      from: before.status,
      to: change.status,
      ...(change.closedReason && { reason: change.closedReason }),
    });
  }
  if (change.followUpOn !== undefined && change.followUpOn !== before.followUpOn) {
    entries.push({ at, ...by, type: 'follow-up', on: change.followUpOn });
  }
  const assignment = change.assignment;
  if (assignment) {
    const current = before.assigneeId ?? null;
    if (assignment.onlyFrom && !assignment.onlyFrom.includes(current)) throw new AssignmentTakenError();
    if ((assignment.to?.id ?? null) !== current) entries.push(assignmentEntry(assignment.to, at, actor));
  }
  return entries;
}

/** An enquiry given to an advisor (or to nobody), by an account or by _desk.yaml's rule. */
export const assignmentEntry = (to: Actor | null, at: string, actor: Actor, rule?: AssignmentRule): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'assignment',
  to: to?.username ?? null,
  ...(to && { toId: to.id }),
  ...(rule && { rule }),
});

/** Who the history and the audit log name for an assignment made by _desk.yaml's rule. */
export const ASSIGNMENT_RULE: Actor = { id: 'assignment-rule', username: 'assignment rule' };

/** A note; `contact` when it records a contact with the enquirer (a call from another phone, a visit). */
export const noteEntry = (text: string, at: string, actor: Actor, contact = false): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'note',
  text,
  ...(contact && { contact: true as const }),
});

/** The status a recorded contact moves an enquiry from and to (New to Contacted), when it is still in `from`. */
export interface StatusMove {
  from: string;
  to: string;
}

/** A call or WhatsApp message from the desk, and the status it moves the enquiry from and to. */
export interface Contact extends StatusMove {
  channel: ContactChannel;
  template?: string;
  /** The calling hours the contact was made outside of, when it was. */
  outsideHours?: { from: string; to: string };
  /** A WhatsApp message sent from the desk through the Cloud API (not a wa.me tap): its id. */
  messageId?: string;
}

/** Whether a history entry is a recorded contact with the enquirer: only these stop the first-response clock. */
export const isContact = (entry: HistoryEntry): boolean => entry.type === 'contact' || (entry.type === 'note' && entry.contact === true);

/** An enquiry's first recorded contact by its history (ISO), the first-response clock's stop; undefined for none. */
export function firstContactOf(history: readonly HistoryEntry[]): string | undefined {
  let first: string | undefined;
  for (const entry of history) if (isContact(entry) && (first === undefined || Date.parse(entry.at) < Date.parse(first))) first = entry.at;
  return first;
}

export const contactEntry = ({ channel, template, outsideHours, messageId }: Contact, at: string, actor: Actor): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'contact',
  channel,
  ...(template && { template }),
  ...(outsideHours && { outsideHours }),
  ...(messageId && { messageId }),
});

/** Who the history and the audit log name for what the server does on WhatsApp by itself (a status update, a STOP). */
export const WHATSAPP: Actor = { id: 'whatsapp', username: 'WhatsApp' };

/** Something that happened on WhatsApp through the Cloud API that is no contact by an advisor (a status update, a conversation linked, a STOP). */
export const whatsappEntry = (event: WhatsAppEvent, at: string, actor: Actor, messageId?: string): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'whatsapp',
  event,
  ...(messageId !== undefined && { messageId }),
});
