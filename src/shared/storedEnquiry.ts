/** The ways the firm is told about a new enquiry, and the acknowledgement e-mail to the enquirer. */
export type Channel = 'email' | 'webhook' | 'acknowledgement';

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
