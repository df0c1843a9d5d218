import type { FormKind } from '../../src/shared/forms/formSchemas';

import type { Channel, DeliveryState, StoredEnquiry } from '../../src/shared/storedEnquiry';

export type { Channel, DeliveryState, Notifications, StoredEnquiry } from '../../src/shared/storedEnquiry';

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
