import type pg from 'pg';
import type { Clock } from '../../clock';
import { inTransaction } from './inTransaction';
import type { LinkCheckRun, LinkChecks, LinkCheckStore, LinkState } from '../LinkCheckStore';
import type { DeliveryState } from '../Store';

interface LinkRow {
  url: string;
  files: string[];
  checked_at: Date;
  outcome: LinkState['outcome'];
  status: number;
  detail: string | null;
  failing_since: Date | null;
}

/**
 * The link check on PostgreSQL (migration 23): one row per address, replaced whole by each run in
 * one transaction; the run's row carries the lease, claimed in one statement whose condition is
 * checked on the row as it stands after any other instance's claim commits, so two instances never
 * run the check at once; the review e-mail's row is claimed the same way.
 */
export class PgLinkChecks implements LinkCheckStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  async claimLinkCheck(everyMs: number, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const { rowCount } = await this.pool.query(
      `UPDATE link_check_run SET claimed_until = $2
       WHERE (claimed_until IS NULL OR claimed_until <= $1) AND (started_at IS NULL OR started_at <= $3)`,
      [new Date(now), new Date(now + leaseMs), new Date(now - everyMs)],
    );
    return rowCount === 1;
  }

  async releaseLinkCheck(): Promise<void> {
    await this.pool.query('UPDATE link_check_run SET claimed_until = NULL');
  }

  async recordLinkCheck(run: LinkCheckRun, links: LinkState[]): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('UPDATE link_check_run SET started_at = $1, finished_at = $2, checked = $3, claimed_until = NULL', [
        run.startedAt,
        run.finishedAt,
        run.checked,
      ]);
      await client.query('DELETE FROM link_checks');
      await client.query(
        `INSERT INTO link_checks (url, files, checked_at, outcome, status, detail, failing_since)
         SELECT url, string_to_array(files, E'\\n'), checked_at, outcome, status, detail, failing_since
         FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::int[], $6::text[], $7::timestamptz[])
           AS l (url, files, checked_at, outcome, status, detail, failing_since)`,
        [
          links.map((link) => link.url),
          links.map((link) => link.files.join('\n')),
          links.map((link) => link.checkedAt),
          links.map((link) => link.outcome),
          links.map((link) => link.status),
          links.map((link) => link.detail),
          links.map((link) => link.failingSince),
        ],
      );
    });
  }

  async linkChecks(): Promise<LinkChecks> {
    const [run, links] = await Promise.all([
      this.pool.query<{ started_at: Date | null; finished_at: Date | null; checked: number }>(
        'SELECT started_at, finished_at, checked FROM link_check_run',
      ),
      this.pool.query<LinkRow>('SELECT * FROM link_checks ORDER BY url COLLATE "C"'),
    ]);
    const last = run.rows[0];
    return {
      run:
        last?.started_at && last.finished_at
          ? { startedAt: last.started_at.toISOString(), finishedAt: last.finished_at.toISOString(), checked: last.checked }
          : null,
      links: links.rows.map((row) => ({
        url: row.url,
        files: row.files,
        checkedAt: row.checked_at.toISOString(),
        outcome: row.outcome,
        status: row.status,
        detail: row.detail,
        failingSince: row.failing_since?.toISOString() ?? null,
      })),
    };
  }

  async claimReviewMail(week: string, leaseMs: number): Promise<number | undefined> {
    const now = this.clock.now();
    const { rows } = await this.pool.query<{ attempts: number }>(
      `INSERT INTO review_mail AS m (id, week, status, attempts, next_attempt_at) VALUES (true, $1::date, 'pending', 0, $3)
       ON CONFLICT (id) DO UPDATE SET week = excluded.week, status = 'pending', next_attempt_at = excluded.next_attempt_at,
         attempts = CASE WHEN m.week = excluded.week THEN m.attempts ELSE 0 END,
         last_error = CASE WHEN m.week = excluded.week THEN m.last_error END
       WHERE m.week < excluded.week OR (m.week = excluded.week AND m.status = 'pending' AND m.next_attempt_at <= $2)
       RETURNING attempts`,
      [week, new Date(now), new Date(now + leaseMs)],
    );
    return rows[0]?.attempts;
  }

  async recordReviewMail(week: string, state: DeliveryState): Promise<void> {
    await this.pool.query(
      `UPDATE review_mail SET status = $2, attempts = $3, next_attempt_at = $4, last_error = $5 WHERE week = $1::date`,
      [week, state.status, state.attempts, new Date(state.nextAttemptAt), state.lastError ?? null],
    );
  }
}
