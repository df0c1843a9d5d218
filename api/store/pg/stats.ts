import type pg from 'pg';
import type { DeskStats } from '../../../src/shared/deskStats';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { roundHours, WeekTable } from '../deskStats';
import type { StatsQuery } from '../Store';

/**
 * The desk's dashboard in four queries. Enquiries are counted by India day and source in
 * SQL, and put into weeks by the WeekTable the file store uses, so the two cannot disagree
 * on where a week starts.
 */
export async function deskStats(pool: pg.Pool, { today, weeks, finalStatuses }: StatsQuery): Promise<DeskStats> {
  const table = new WeekTable(today, weeks);
  const since = `($1::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
  const [perDay, middle, byStatus, due] = await Promise.all([
    pool.query<{ day: string; form: FormKind; source: string | null; count: number }>(
      `SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS day, form, source_page AS source, count(*)::int AS count
       FROM enquiries WHERE created_at >= ${since} GROUP BY 1, 2, 3`,
      [table.since],
    ),
    pool.query<{ hours: number | null }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_status_change_at - created_at) / 3600) AS hours
       FROM enquiries WHERE created_at >= ${since} AND first_status_change_at IS NOT NULL`,
      [table.since],
    ),
    pool.query<{ status: string; count: number }>(
      'SELECT status, sum(n)::int AS count FROM enquiry_counts GROUP BY status HAVING sum(n) > 0',
    ),
    pool.query<{ today: number; overdue: number }>(
      `SELECT count(*) FILTER (WHERE follow_up_on = $1::date)::int AS today, count(*) FILTER (WHERE follow_up_on < $1::date)::int AS overdue
       FROM enquiries WHERE follow_up_on IS NOT NULL AND status <> ALL($2::text[])`,
      [today, finalStatuses],
    ),
  ]);
  for (const row of perDay.rows) table.add(row.day, row.form, row.source, row.count);
  const hours = middle.rows[0]?.hours;
  return {
    weeks: table.weeks,
    medianHoursToFirstStatusChange: roundHours(hours === null || hours === undefined ? null : Number(hours)),
    byStatus: Object.fromEntries(byStatus.rows.map((row) => [row.status, row.count])),
    dueToday: due.rows[0]!.today,
    overdue: due.rows[0]!.overdue,
  };
}
