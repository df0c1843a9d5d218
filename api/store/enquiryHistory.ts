import type { ContactChannel, HistoryEntry } from '../../src/shared/desk';
import type { Actor, Channel, EnquiryChange, Notifications } from './Store';

/** What a change finds in the enquiry before it. */
interface Before {
  status: string;
  followUpOn: string | null;
}

/**
 * The history entries a desk change adds, in both stores: one for a new status (with the
 * closing reason), one for a new follow-up; a value set to what it already was adds none.
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
  return entries;
}

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

/** A new enquiry's notifications: one pending delivery per channel, due at once. */
export function pendingNotifications(channels: Channel[], now: number): Notifications | undefined {
  if (channels.length === 0) return undefined;
  return Object.fromEntries(channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]));
}
