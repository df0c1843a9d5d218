import type pg from 'pg';
import type { WindowCount } from '../Store';

/**
 * Adds `add` events against `key` in a fixed window and returns the count so far, in one
 * statement, so two instances counting at once never lose an event (0 only looks).
 */
export async function countInWindow(pool: pg.Pool, key: string, windowMs: number, add: number, now: Date): Promise<WindowCount> {
  const { rows } =
    add !== 0
      ? await pool.query<{ count: number; expires_at: Date }>(
          `INSERT INTO windows (key, started_at, count, expires_at) VALUES ($1, $4::timestamptz, $3, $4::timestamptz + make_interval(secs => $2 / 1000.0))
           ON CONFLICT (key) DO UPDATE SET
             started_at = CASE WHEN windows.expires_at <= $4 THEN $4 ELSE windows.started_at END,
             count = CASE WHEN windows.expires_at <= $4 THEN $3 ELSE windows.count + $3 END,
             expires_at = CASE WHEN windows.expires_at <= $4 THEN $4 + make_interval(secs => $2 / 1000.0) ELSE windows.expires_at END
           RETURNING count, expires_at`,
          [key, windowMs, add, now],
        )
      : await pool.query<{ count: number; expires_at: Date }>('SELECT count, expires_at FROM windows WHERE key = $1 AND expires_at > $2', [
          key,
          now,
        ]);
  const row = rows[0];
  return row ? { count: row.count, resetAt: row.expires_at.getTime() } : { count: 0, resetAt: now.getTime() + windowMs };
}
