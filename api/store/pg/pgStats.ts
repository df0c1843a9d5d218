import type pg from 'pg';
import type { DeskStats, WeekCount } from '../../../src/shared/desk';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import { addDays, mondayOf } from '../../../src/shared/indiaTime';
import { DIRECT } from '../file/deskStats';
import type { StatsQuery } from '../Store';

/** The desk's dashboard in four queries; weeks and days are India time, weeks from Monday. */
export async function deskStats(pool: pg.Pool, { today, weeks, finalStatuses }: StatsQuery): Promise<DeskStats> {
  const firstWeek = addDays(mondayOf(today), -7 * (weeks - 1));
  const since = `($1::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;
  const [perWeek, middle, byStatus, due] = await Promise.all([
    pool.query<{ week: string; kind: FormKind; source: string; count: number }>(
      `SELECT date_trunc('week', created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS week, kind,
              coalesce(source_page, '${DIRECT}') AS source, count(*)::int AS count
       FROM enquiries WHERE created_at >= ${since} GROUP BY 1, 2, 3`,
      [firstWeek],
    ),
    pool.query<{ hours: number | null }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_status_change_at - created_at) / 3600) AS hours
       FROM enquiries WHERE created_at >= ${since} AND first_status_change_at IS NOT NULL`,
      [firstWeek],
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
  const table: WeekCount[] = Array.from({ length: weeks }, (_, index) => ({
    weekOf: addDays(firstWeek, 7 * index),
    byForm: { contact: 0, about: 0 },
    bySource: {},
  }));
  for (const row of perWeek.rows) {
    const week = table.find((candidate) => candidate.weekOf === row.week);
    if (!week) continue;
    week.byForm[row.kind] += row.count;
    week.bySource[row.source] = (week.bySource[row.source] ?? 0) + row.count;
  }
  const hours = middle.rows[0]?.hours;
  return {
    weeks: table,
    medianHoursToFirstStatusChange: hours === null || hours === undefined ? null : Math.round(Number(hours) * 10) / 10,
    byStatus: Object.fromEntries(byStatus.rows.map((row) => [row.status, row.count])),
    dueToday: due.rows[0]!.today,
    overdue: due.rows[0]!.overdue,
  };
}
