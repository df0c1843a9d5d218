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
  resetAt: number;
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
  /** Counts one event against `key` in a fixed window of `windowMs`: the count so far in it, and when it ends (ms since epoch). */
  countInWindow(key: string, windowMs: number): Promise<WindowCount>;
  /** Finishes every pending write. */
  close(): Promise<void>;
}
