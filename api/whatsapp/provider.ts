/**
 * What the desk needs of a WhatsApp provider, in its own words: send a text or a template, read
 * the templates' approval, fetch a picture or a document, and read the provider's webhook posts.
 * Meta's Cloud API is the one there is (metaCloudApi.ts); a provider such as Gupshup or WATI is
 * one more implementation of this, and nothing of the desk changes.
 */

/** Who a message goes to: the phone number (+ and digits) when it is known, otherwise the business-scoped user id. */
export type Recipient = { phone: string } | { userId: string };

/** Meta's categories of a template, which it prices differently. */
export type TemplateCategory = 'utility' | 'marketing';

export interface TemplateMessage {
  name: string;
  /** Meta's language code: en, mr, hi. */
  language: string;
  category: TemplateCategory;
  /** The values of {{1}}, {{2}}, … in order. */
  params: string[];
}

/** A template's approval in one language, as the provider reports it (APPROVED, PENDING, REJECTED, PAUSED, DISABLED, …). */
export interface TemplateState {
  name: string;
  language: string;
  status: string;
  category: string;
}

export interface MediaFile {
  bytes: Buffer;
  /** Its MIME type, as the provider gives it. */
  type: string;
}

/** A send or a fetch the provider refused or could not take. `retry`: worth trying again later (its side, the network, a rate limit). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    /** The provider's own code, when it gave one (Meta's 131047: the 24-hour window has closed). */
    readonly code?: number,
  ) {
    super(message);
  }
}

/** One message someone sent the firm's number. */
export interface IncomingMessage {
  type: 'message';
  /** The provider's id of the message (Meta's wamid): the same on every retry of the webhook. */
  wamid: string;
  /** When it was sent, as an ISO time. */
  at: string;
  /** The sender's number (+ and digits), when the provider shares it. */
  phone?: string;
  /** The sender's business-scoped user id (BSUID), when the provider gives one. */
  userId?: string;
  /** The name on their WhatsApp profile. */
  profileName?: string;
  kind: 'text' | 'image' | 'document' | 'other';
  /** The text, or a picture's or document's caption. */
  text?: string;
  media?: { id: string; type: string; name?: string };
  /** For `other`: what it was (a sticker, a location, a voice note …), so the desk can say so. */
  otherType?: string;
}

/** What became of a message the firm sent. */
export interface StatusReport {
  type: 'status';
  wamid: string;
  at: string;
  state: 'sent' | 'delivered' | 'read' | 'failed';
  /** Why it failed, in the provider's words. */
  error?: string;
  phone?: string;
  userId?: string;
}

export type WebhookEvent = IncomingMessage | StatusReport;

export interface WhatsAppProvider {
  /** A free text, allowed while the 24-hour window is open. Resolves with the provider's id of the message. */
  sendText(to: Recipient, text: string): Promise<{ id: string }>;
  /** An approved template (marketing ones through the provider's own endpoint for them, where it has one). */
  sendTemplate(to: Recipient, template: TemplateMessage): Promise<{ id: string }>;
  /** Every template of the business account in every language, with its approval. */
  templates(): Promise<TemplateState[]>;
  /** A picture's or a document's bytes, by the id an incoming message gave. */
  media(id: string): Promise<MediaFile>;
  /** Whether a webhook post's raw body carries the provider's signature (checked before anything is parsed). */
  signedBy(rawBody: Buffer, signature: string | undefined): boolean;
  /** The messages and statuses in a signed webhook post; what is not for this number, or not understood, is left out. */
  eventsOf(body: unknown): WebhookEvent[];
}
