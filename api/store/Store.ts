import type { FormKind } from '../../src/forms/formSchemas';

/** One stored enquiry: the form's fields plus what the server adds. */
export interface StoredEnquiry {
  _id: string;
  createdAt: string;
  sourcePage?: string;
  [field: string]: string | undefined;
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
  /** Resolves once the enquiry is durably stored; only then may the visitor get a 200. */
  addEnquiry(kind: FormKind, fields: Record<string, string>): Promise<StoredEnquiry>;
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

  /** Finishes every pending write. */
  close(): Promise<void>;
}
