import type pg from 'pg';
import type { AuditEntry } from '../../../src/shared/audit';
import type { ListPage } from '../../../src/shared/listPage';
import { BadCursorError } from '../storeErrors';
import type { AuditStore, NewAuditEntry } from '../AuditStore';
import type { Clock } from '../../clock';
/** Writes one entry, on the pool or in a transaction's client beside the change it records. */
export async function insertAudit(db: pg.Pool | pg.PoolClient, entry: NewAuditEntry, at: Date): Promise<void> {
  await db.query('INSERT INTO audit (at, account, account_id, action, enquiry_id, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    at,
    entry.account,
    entry.accountId ?? null,
    entry.action,
    entry.enquiryId ?? null,
    entry.detail ?? null,
  ]);
}

/** The audit log, on PostgreSQL. */
export class PgAudit implements AuditStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  add(entry: NewAuditEntry): Promise<void> {
    return insertAudit(this.pool, entry, new Date(this.clock.now()));
  }

  /** Copies an entry kept elsewhere (the file store) with its time; for an empty audit table only, as ids are not kept. */
  import({ id: _, at, ...entry }: AuditEntry): Promise<void> {
    return insertAudit(this.pool, entry, new Date(at));
  }

  /** Newest first; a cursor is the id of the last entry of the page before. */
  async list({ limit, cursor }: { limit: number; cursor?: string }): Promise<ListPage<AuditEntry>> {
    const pool = this.pool;
    if (cursor !== undefined && !/^\d{1,18}$/.test(cursor)) throw new BadCursorError();
    const [page, count] = await Promise.all([
      pool.query<{
        id: string;
        at: Date;
        account: string | null;
        account_id: string | null;
        action: AuditEntry['action'];
        enquiry_id: string | null;
        detail: string | null;
      }>('SELECT * FROM audit WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2', [cursor ?? null, limit + 1]),
      pool.query<{ total: number }>('SELECT count(*)::int AS total FROM audit'),
    ]);
    const items = page.rows.slice(0, limit).map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      account: row.account,
      ...(row.account_id !== null && { accountId: row.account_id }),
      action: row.action,
      ...(row.enquiry_id !== null && { enquiryId: row.enquiry_id }),
      ...(row.detail !== null && { detail: row.detail }),
    }));
    return { items, nextCursor: page.rows.length > limit ? items.at(-1)!.id : null, total: count.rows[0]!.total };
  }

  async trim(before: string): Promise<number> {
    const pool = this.pool;
    const { rowCount } = await pool.query('DELETE FROM audit WHERE at < $1', [before]);
    return rowCount ?? 0;
  }
}
