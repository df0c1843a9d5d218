import type { ContactChannel } from '../../src/shared/deskEnquiry';
import type { DeskWorkflow } from '../../src/shared/deskWorkflow';
import type { Actor, EnquiryWithHistory, Store } from '../store/Store';

/**
 * The first-response clock's one rule: only a recorded contact with the enquirer stops it. A
 * contact is a call or a WhatsApp message the desk records (its Call and WhatsApp taps, a reply
 * sent from the desk) or a note an advisor marks as one (a call from another phone, a visit); a
 * change of status alone, such as a card moved on the board, is none. Every path that records a
 * contact comes through here, so the enquiry's history, its first contact, its move from New to
 * Contacted (_desk.yaml's contactedStatus) and the audit entry are written alike.
 */

/** What was done: how, and for a WhatsApp message, which of _desk.yaml's messages. */
export interface ContactMade {
  channel: ContactChannel;
  template?: string;
  /** The calling hours it was made outside of, when it was (see withCallingHours). */
  outsideHours?: { from: string; to: string };
}

/**
 * A contact as the history keeps it: made at `now`, outside _desk.yaml's calling hours or not.
 * The hours are kept with it, so a later change of the hours does not rewrite what was recorded.
 */
export function withCallingHours(contact: ContactMade, workflow: DeskWorkflow, now: number): ContactMade {
  return workflow.callingHours && workflow.outsideCallingHours(now) ? { ...contact, outsideHours: workflow.callingHours } : contact;
}

/** Records a call or WhatsApp message to the enquirer; undefined when there is no such enquiry. */
export async function recordContact(
  store: Store,
  workflow: DeskWorkflow,
  enquiryId: string,
  contact: ContactMade,
  actor: Actor,
): Promise<EnquiryWithHistory | undefined> {
  const updated = await store.enquiries.recordContact(enquiryId, { ...contact, ...workflow.contacted }, actor);
  if (updated)
    await store.audit.add({ account: actor.username, accountId: actor.id, action: 'contact', enquiryId, detail: contact.channel });
  return updated;
}

/** Adds a note; one marked as a contact is recorded as one (see above). Undefined when there is no such enquiry. */
export async function addNote(
  store: Store,
  workflow: DeskWorkflow,
  enquiryId: string,
  note: { text: string; contact: boolean },
  actor: Actor,
): Promise<EnquiryWithHistory | undefined> {
  const updated = await store.enquiries.addNote(enquiryId, note.text, actor, note.contact ? workflow.contacted : undefined);
  if (updated)
    await store.audit.add({
      account: actor.username,
      accountId: actor.id,
      action: 'note',
      enquiryId,
      ...(note.contact && { detail: 'marked as a contact' }),
    });
  return updated;
}
