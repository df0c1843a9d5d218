/**
 * The ways the firm is told about a new enquiry, the acknowledgement e-mail to the enquirer, and
 * the owners' e-mail and webhook when an enquiry passes its first-response target, and the
 * e-mail of a request for documents to the enquirer.
 */
export type Channel = 'email' | 'webhook' | 'acknowledgement' | 'escalation-email' | 'escalation-webhook' | DocumentsChannel;

/** The e-mail of one request for documents (its upload link) to the enquirer: a channel of its own per request. */
export type DocumentsChannel = `documents:${string}`;
export const documentsChannel = (requestId: string): DocumentsChannel => `documents:${requestId}`;
/** The request a channel e-mails the link of, or undefined for the other channels. */
export const requestOfChannel = (channel: Channel): string | undefined =>
  channel.startsWith('documents:') ? channel.slice('documents:'.length) : undefined;

/** The channels of an escalation, sent once when an enquiry passes its first-response target. */
export const ESCALATION_CHANNELS: readonly Channel[] = ['escalation-email', 'escalation-webhook'];

/** How one channel's notification of one enquiry is faring. */
export interface DeliveryState {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When to try next (ms since the epoch), while pending. */
  nextAttemptAt: number;
  lastError?: string;
}

export type Notifications = Partial<Record<Channel, DeliveryState>>;

/** One stored enquiry, as the store keeps it and the admin screens receive it: the form's fields plus what the server adds. */
export interface StoredEnquiry {
  _id: string;
  createdAt: string;
  sourcePage?: string;
  /** Only when notifications are switched on. */
  notifications?: Notifications;
  [field: string]: string | Notifications | undefined;
}
