import type { AuditEntry } from '../../src/shared/audit';
import type { ListPage } from '../../src/shared/listPage';

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at'>;

/** The audit log: who did what on the desk and in the admin, newest first. */
export interface AuditStore {
  add(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(query: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>>;
  /** Deletes the entries written before `before` (an ISO time): the retention sweep. Returns how many. */
  trim(before: string): Promise<number>;
  /** Keeps an entry another store kept, with its time (copyStore): for an empty log, oldest first. */
  import(entry: AuditEntry): Promise<void>;
}
