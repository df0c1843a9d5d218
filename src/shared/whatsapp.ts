/** WhatsApp on the desk: the messages as the store keeps them and the desk shows them, and the rules both sides read. */

/**
 * Where a message stands. Incoming ones are `received`. The firm's go `queued` (waiting to be sent,
 * or held: outside calling hours, past the month's cap), then `sent`, `delivered`, `read`, or `failed` with its reason.
 */
export type WhatsAppState = 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** Meta's price categories: a free text inside the 24-hour window is `service`; a template is `utility` or `marketing`. */
export type MessageCategory = 'service' | 'utility' | 'marketing';

export interface WhatsAppMessage {
  id: string;
  /** WhatsApp's id of the message: an incoming one's always, the firm's once sent. */
  wamid?: string;
  direction: 'in' | 'out';
  /** The enquiry it belongs to; absent while it waits in Unmatched conversations. */
  enquiryId?: string;
  /** The person's number (+ and digits), when WhatsApp shares it. */
  phone?: string;
  /** The person's business-scoped user id (BSUID). */
  userId?: string;
  /** The name on their WhatsApp profile. */
  profileName?: string;
  /** When it was written (an incoming one) or queued (the firm's). */
  at: string;
  kind: 'text' | 'image' | 'document' | 'template' | 'other';
  /** The text, a caption, or a template as the enquirer reads it. */
  text?: string;
  /** A picture or a document: kept sealed with the secrets key, downloaded from the desk. */
  media?: { type: string; name?: string; bytes: number };
  /** What WhatsApp sent that the desk does not keep (sticker, location, audio …). */
  otherType?: string;
  /** A template: which of _desk.yaml's messages, under which name at Meta, in which language. */
  template?: { id: string; name: string; language: string; category: 'utility' | 'marketing'; params: string[] };
  state: WhatsAppState;
  stateAt: string;
  /** Why it failed, in WhatsApp's words (or ours). */
  error?: string;
  /** Who sent it from the desk; absent for an automatic status update. */
  by?: { id: string; username: string };
  /** Not sent before this time (a status update outside calling hours). */
  sendAfter?: string;
  /** Held because the month's cap on templates is reached; it goes when the cap allows. */
  held?: 'cap';
  /** An incoming message: when someone first read it on the desk. */
  seenAt?: string;
}

/** How far along each state is: a status report moves a message forward only. */
const RANK: Record<WhatsAppState, number> = { received: 0, queued: 0, sent: 1, failed: 1.5, delivered: 2, read: 3 };

/** Whether a report of `next` moves a message at `current` (sent < delivered < read; failed unless it was delivered). */
export const movesForward = (current: WhatsAppState, next: WhatsAppState): boolean => RANK[next] > RANK[current];

/** WhatsApp lets a business write freely for 24 hours after the person's last message; after that, only templates. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the window closes (ms since the epoch), or undefined when the person never wrote. */
export const windowEndsAt = (lastIncoming: string | undefined): number | undefined =>
  lastIncoming === undefined ? undefined : Date.parse(lastIncoming) + WINDOW_MS;

export const messageCategory = (message: Pick<WhatsAppMessage, 'kind' | 'template'>): MessageCategory =>
  message.kind === 'template' && message.template ? message.template.category : 'service';

/**
 * The key an incoming number joins a person's enquiries by: the ten digits of an Indian mobile
 * (+91 and ten digits), as the enquiries store theirs. Another country's number joins nobody.
 */
export function personPhoneOf(phone: string | undefined): string | undefined {
  return phone !== undefined && /^\+91\d{10}$/.test(phone) ? phone.slice(3) : undefined;
}

/** The key of an Unmatched conversation: the sender's number, or their BSUID when WhatsApp withheld the number. */
export const conversationKey = (message: Pick<WhatsAppMessage, 'phone' | 'userId'>): string => message.phone ?? message.userId ?? '';

/** What a message of _desk.yaml may fill in, in braces. */
export const MESSAGE_PLACEHOLDERS = ['name', 'advisor', 'firm', 'reference', 'stage'] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

/**
 * A message's text as a template's body at Meta: each placeholder, in the order it first comes,
 * becomes {{1}}, {{2}} …, and `order` says which value goes in which.
 */
export function templateBody(text: string): { body: string; order: MessagePlaceholder[] } {
  const order: MessagePlaceholder[] = [];
  const body = text.replace(/\{(\w+)\}/g, (_, name: MessagePlaceholder) => {
    if (!order.includes(name)) order.push(name);
    return `{{${order.indexOf(name) + 1}}}`;
  });
  return { body, order };
}

/**
 * The replies that withdraw status updates on WhatsApp, in each language (compared without case,
 * spaces or punctuation around them): the status update's text names the one of its language, and
 * the privacy page says so.
 */
export const STOP_WORDS: Record<string, readonly string[]> = { en: ['STOP'], mr: ['थांबवा'], hi: ['बंद'] };

/** Whether a message is a request to stop: one of STOP_WORDS, in any language, and nothing else. */
export function isStop(text: string | undefined): boolean {
  const said = (text ?? '')
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .toLowerCase();
  return said !== '' && Object.values(STOP_WORDS).some((words) => words.some((word) => word.toLowerCase() === said));
}
