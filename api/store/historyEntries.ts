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

export const noteEntry = (text: string, at: string, actor: Actor): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'note',
  text,
});

/** A call or WhatsApp message from the desk, and the status it moves the enquiry from and to (New to Contacted). */
export interface Contact {
  channel: ContactChannel;
  template?: string;
  from: string;
  to: string;
}

export const contactEntry = ({ channel, template }: Contact, at: string, actor: Actor): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'contact',
  channel,
  ...(template && { template }),
});

/** Who the history and the audit log name for what the server does on WhatsApp by itself (a status update, a STOP). */
export const WHATSAPP: Actor = { id: 'whatsapp', username: 'WhatsApp' };

/** Something that happened on WhatsApp through the Cloud API (a reply sent, a conversation linked, a STOP). */
export const whatsappEntry = (
  event: WhatsAppEvent,
  at: string,
  actor: Actor,
  detail: { template?: string; messageId?: string } = {},
): HistoryEntry => ({
  at,
  by: actor.username,
  byId: actor.id,
  type: 'whatsapp',
  event,
  ...(detail.template !== undefined && { template: detail.template }),
  ...(detail.messageId !== undefined && { messageId: detail.messageId }),
});

/**
 * What another part records on an enquiry beside its own write (a WhatsApp reply): a history
 * entry, and a first contact, which stops the first-response clock and moves the enquiry from
 * `from` to `to` when it is still there; its last activity moves to now either way.
 */
export interface OnEnquiry {
  entry?: HistoryEntry;
  contact?: { from: string; to: string; by: Actor };
}
