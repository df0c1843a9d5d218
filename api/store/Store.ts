import type { FormKind } from '../../src/forms/formSchemas';

/** The ways the firm can be told about a new enquiry. */
export type Channel = 'email' | 'webhook';

/** How one channel's notification of one enquiry is faring. */
export interface DeliveryState {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When to try next (ms since the epoch), while pending. */
  nextAttemptAt: number;
  lastError?: string;
}

export type Notifications = Partial<Record<Channel, DeliveryState>>;

/** One stored enquiry: the form's fields plus what the server adds. */
export interface StoredEnquiry {
  _id: string;
  createdAt: string;
  sourcePage?: string;
  /** Only when notifications are switched on. */
  notifications?: Notifications;
  [field: string]: string | Notifications | undefined;
}

/** A notification the outbox must send now, leased to this process for a while. */
export interface DueDelivery {
  kind: FormKind;
  channel: Channel;
  attempts: number;
  enquiry: StoredEnquiry;
}

export interface WindowCount {
  count: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
}

/** The one admin: a username and a password hash (never the password). */
export interface AdminCredential {
  username: string;
  passwordHash: string;
}

export interface Session {
  username: string;
  expiresAt: number;
}

/**
 * Everything the server keeps. The routes see only this interface, so the embedded
 * file store and a database store are interchangeable.
 */
export interface Store {
  /**
   * Resolves once the enquiry is durably stored; only then may the visitor get a 200.
   * A pending notification for each channel is stored in the same write.
   */
  addEnquiry(kind: FormKind, fields: Record<string, string>, channels?: Channel[]): Promise<StoredEnquiry>;
  /** Newest first. */
  listEnquiries(kind: FormKind): Promise<StoredEnquiry[]>;
  /** False when no enquiry has that id. */
  deleteEnquiry(kind: FormKind, id: string): Promise<boolean>;

  /**
   * Adds `add` events (0 to only look) against `key` in a fixed window of `windowMs`,
   * and returns the count so far in the current window.
   */
  countInWindow(key: string, windowMs: number, add?: number): Promise<WindowCount>;

  getAdmin(): Promise<AdminCredential | undefined>;
  setAdmin(admin: AdminCredential): Promise<void>;

  /** Sessions are found by the SHA-256 of their token, so the store never holds a usable token. */
  createSession(tokenHash: string, session: Session): Promise<void>;
  /** Undefined when missing or expired. */
  getSession(tokenHash: string): Promise<Session | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session except the one given (if any). */
  deleteSessionsExcept(tokenHash?: string): Promise<void>;

  /**
   * Up to `limit` pending notifications that are due, each leased for `leaseMs` so that
   * no other process (or later call) takes it meanwhile.
   */
  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]>;
  /** Records how a delivery went; ends its lease. Nothing happens if the enquiry was deleted. */
  recordDelivery(kind: FormKind, id: string, channel: Channel, state: DeliveryState): Promise<void>;

  /** Finishes every pending write. */
  close(): Promise<void>;
}
