import type { WhatsAppMessage, WhatsAppState } from '../../src/shared/whatsapp';
import type { StatusMove } from './historyEntries';
import type { Actor } from './Store';

export type { WhatsAppMessage, WhatsAppState } from '../../src/shared/whatsapp';

/** A webhook post taken in (its signature checked) and waiting to be read: the outbox of what WhatsApp sent. */
export interface WebhookPost {
  id: string;
  receivedAt: string;
  /** The raw body, as signed. */
  body: string;
  attempts: number;
}

/** An incoming message as the store takes it, matched in the same step. */
export interface NewIncoming {
  wamid: string;
  at: string;
  phone?: string;
  userId?: string;
  profileName?: string;
  kind: WhatsAppMessage['kind'];
  text?: string;
  media?: { type: string; name?: string; bytes: number; data: Buffer };
  /** What it was, when WhatsApp sent something the desk does not keep (a sticker, a location …). */
  otherType?: string;
  /** Why its picture or document is not kept (not a kind the desk keeps, damaged, not fetched). */
  error?: string;
}

/** What became of an incoming message: kept on an enquiry, kept in Unmatched, or a retry of one kept before. */
export type Taken = { taken: true; message: WhatsAppMessage } | { taken: false };

/** A message from the desk, written with its history entry and audit entry in one step. */
export interface NewOutgoing {
  enquiryId: string;
  by: Actor;
  kind: 'text' | 'template';
  text: string;
  template?: WhatsAppMessage['template'];
  /** Held until then (an ISO time): a status update outside calling hours. */
  sendAfter?: string;
  /**
   * A reply or a template from the desk is a recorded contact by `by` (casework's rule: it stops
   * the first-response clock and moves a New enquiry from `from` to `to`); an automatic status
   * update is none, and has a history entry of its own.
   */
  contact?: StatusMove;
  /** The audit entry's action. */
  action: 'whatsapp-reply' | 'whatsapp-template' | 'whatsapp-status-update';
}

/** A message due to go, leased to this process for a while. */
export interface DueMessage {
  message: WhatsAppMessage;
  /** Where it goes. */
  to: { phone: string } | { userId: string };
  /** How many times it was tried before. */
  attempts: number;
}

/** An incoming message without an enquiry, grouped by who sent it. */
export interface UnmatchedConversation {
  /** The sender: their number, or their BSUID when WhatsApp withheld the number. */
  key: string;
  phone?: string;
  userId?: string;
  profileName?: string;
  last: WhatsAppMessage;
  count: number;
}

/**
 * The firm's WhatsApp conversations: the webhook's posts waiting to be read, each message once
 * by its wamid (on an enquiry, or in Unmatched), the states of those the firm sends, who wrote
 * under which business-scoped user id, and what has gone this month. On PostgreSQL each post and
 * each outgoing message is claimed by one instance only.
 */
export interface WhatsAppStore {
  /** Keeps a signed webhook post until it has been read; resolves once it is durably stored. */
  receive(body: string): Promise<void>;
  /** Up to `limit` posts due to be read, each leased for `leaseMs`. */
  claimPosts(limit: number, leaseMs: number): Promise<WebhookPost[]>;
  /** Forgets a post once read (its messages are kept). */
  donePost(id: string): Promise<void>;
  /** Leaves a post to be read again at `at` (ms since the epoch): a status that came before its message was sent, a file not fetched. */
  retryPost(id: string, attempts: number, at: number): Promise<void>;

  /**
   * Keeps an incoming message once, whatever the retries: matched by the number (or by the BSUID
   * remembered with a number or an enquiry) to the person's latest enquiry not in one of
   * `finalStatuses`, or left in Unmatched; the BSUID is remembered with the number it came with.
   */
  addIncoming(message: NewIncoming, finalStatuses: readonly string[]): Promise<Taken>;
  /** Whether a message of this wamid is kept already. */
  knows(wamid: string): Promise<boolean>;
  /** Moves a message's state forward only (sent < delivered < read; failed with its reason, unless it was delivered); false for an unknown wamid. */
  recordStatus(wamid: string, state: WhatsAppState, at: string, error?: string): Promise<boolean>;

  /** An enquiry's conversation, oldest first. */
  messagesOf(enquiryId: string): Promise<WhatsAppMessage[]>;
  /** A message's sealed file (a picture, a document); undefined when there is none. */
  mediaOf(messageId: string): Promise<Buffer | undefined>;
  /** When the person last wrote: the newest incoming message on the enquiry, or from its number or BSUID. */
  lastIncoming(enquiryId: string): Promise<string | undefined>;
  /** Marks an enquiry's incoming messages as read on the desk. */
  markSeen(enquiryId: string, at: string): Promise<void>;

  /** The conversations without an enquiry, newest first. */
  unmatched(limit: number): Promise<UnmatchedConversation[]>;
  /** The messages of one of them, oldest first. */
  unmatchedMessages(key: string): Promise<WhatsAppMessage[]>;
  /**
   * Puts an Unmatched conversation on an enquiry, with a history entry and the audit entry, and
   * remembers its BSUID with the enquiry's number, so later messages match; false when either is gone.
   */
  link(key: string, enquiryId: string, by: Actor): Promise<boolean>;

  /** A message from the desk, queued (or held until `sendAfter`) with its history entry, contact and audit entry. */
  addOutgoing(message: NewOutgoing): Promise<WhatsAppMessage | undefined>;
  /** Up to `limit` queued messages due now, each leased for `leaseMs`. */
  claimOutgoing(limit: number, leaseMs: number): Promise<DueMessage[]>;
  /** How a send went: sent with the provider's id, failed with its reason, or queued again for later. */
  recordSend(
    id: string,
    outcome: { state: 'sent'; wamid: string } | { state: 'failed'; error: string } | { retryAt: string; attempts: number },
  ): Promise<void>;
}
