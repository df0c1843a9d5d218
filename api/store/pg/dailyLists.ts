import type pg from 'pg';
import type { Clock } from '../../clock';
import type { DailyListClaim, DailyListStore } from '../DailyListStore';
import type { DeliveryState } from '../Store';

/**
 * The advisors' daily lists on PostgreSQL: one row per advisor (migration 16). A claim is one
 * statement: the row is inserted, or taken over from an earlier day, or leased again for a retry
 * whose time has come, and the conflict's condition is checked on the row as it stands after
 * any other instance's claim commits, so two instances never both get the same list.
 */
export class PgDailyLists implements DailyListStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  async claimDailyLists(day: string, accountIds: string[], leaseMs: number): Promise<DailyListClaim[]> {
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ account_id: string; attempts: number }>(
      // Lists already sent or leased are left out before the insert, so a sweep that finds nothing to do writes nothing.
      `INSERT INTO daily_lists AS l (account_id, day, status, attempts, next_attempt_at)
       SELECT a.id, $1::date, 'pending', 0, $4 FROM accounts a
       WHERE a.id = ANY($2::text[]) AND NOT EXISTS (
         SELECT 1 FROM daily_lists d WHERE d.account_id = a.id AND d.day >= $1::date AND (d.status <> 'pending' OR d.next_attempt_at > $3))
       ON CONFLICT (account_id) DO UPDATE SET next_attempt_at = excluded.next_attempt_at,
         day = excluded.day, status = excluded.status,
         attempts = CASE WHEN l.day = excluded.day THEN l.attempts ELSE 0 END,
         last_error = CASE WHEN l.day = excluded.day THEN l.last_error END
       WHERE l.day < excluded.day OR (l.day = excluded.day AND l.status = 'pending' AND l.next_attempt_at <= $3)
       RETURNING account_id, attempts`,
      [day, accountIds, new Date(now), new Date(now + leaseMs)],
    );
    return rows.map((row) => ({ accountId: row.account_id, attempts: row.attempts }));
  }

  async recordDailyList(accountId: string, day: string, state: DeliveryState): Promise<void> {
    await this.pool.query(
      `UPDATE daily_lists SET status = $3, attempts = $4, next_attempt_at = $5, last_error = $6
       WHERE account_id = $1 AND day = $2::date`,
      [accountId, day, state.status, state.attempts, new Date(state.nextAttemptAt), state.lastError ?? null],
    );
  }
}
