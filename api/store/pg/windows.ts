import type { Db } from './inTransaction';
import type { Clock } from '../../clock';
import type { WindowCount, WindowStore } from '../WindowStore';

/** How often one instance clears ended rate-limit windows; any instance may do it. */
const WINDOW_SWEEP_MS = 60_000;

/** Fixed-window counters in one table, shared by every instance. */
export class PgWindows implements WindowStore {
  private lastSweep = 0;

  constructor(
    private readonly pool: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds `add` events against `key` in a fixed window and returns the count so far, in one
   * statement, so two instances counting at once never lose an event (0 only looks).
   */
  async count(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    this.sweep();
    const now = new Date(this.clock.now());
    const { rows } =
      add !== 0
        ? await this.pool.query<{ count: number; expires_at: Date }>(
            `INSERT INTO windows (key, started_at, count, expires_at) VALUES ($1, $4::timestamptz, $3, $4::timestamptz + make_interval(secs => $2 / 1000.0))
             ON CONFLICT (key) DO UPDATE SET
               started_at = CASE WHEN windows.expires_at <= $4 THEN $4 ELSE windows.started_at END,
               count = CASE WHEN windows.expires_at <= $4 THEN $3 ELSE windows.count + $3 END,
               expires_at = CASE WHEN windows.expires_at <= $4 THEN $4 + make_interval(secs => $2 / 1000.0) ELSE windows.expires_at END
             RETURNING count, expires_at`,
            [key, windowMs, add, now],
          )
        : await this.pool.query<{ count: number; expires_at: Date }>(
            'SELECT count, expires_at FROM windows WHERE key = $1 AND expires_at > $2',
            [key, now],
          );
    const row = rows[0];
    return row ? { count: row.count, resetAt: row.expires_at.getTime() } : { count: 0, resetAt: now.getTime() + windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM windows WHERE key = $1', [key]);
  }

  /** Ended windows are deleted now and then (by whichever instance counts next), so the table holds only live counters. */
  private sweep() {
    if (this.clock.now() - this.lastSweep < WINDOW_SWEEP_MS) return;
    this.lastSweep = this.clock.now();
    this.deleteEnded().catch(() => undefined);
  }

  /** Deletes every window that has ended, whatever its length; returns how many. */
  async deleteEnded(): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM windows WHERE expires_at <= $1', [new Date(this.clock.now())]);
    return rowCount ?? 0;
  }
}
