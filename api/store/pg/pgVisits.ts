import type pg from 'pg';
import type { OriginCount, VisitCount } from '../VisitStore';

/** Adds a batch of counts in one statement: each row's count is added to what the key has. */
export async function addVisitCounts(pool: pg.Pool, counts: readonly VisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  const column = <K extends keyof VisitCount>(key: K) => counts.map((count) => count[key]);
  await pool.query(
    `INSERT INTO visit_counts (day, path, landing, source, medium, campaign, referrer, count)
     SELECT * FROM unnest($1::date[], $2::text[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
     ON CONFLICT (day, path, landing, source, medium, campaign, referrer) DO UPDATE SET count = visit_counts.count + EXCLUDED.count`,
    [
      column('day'),
      column('path'),
      column('landing'),
      column('source'),
      column('medium'),
      column('campaign'),
      column('referrer'),
      column('count'),
    ],
  );
}

export async function visitCounts(pool: pg.Pool, from: string, to: string): Promise<VisitCount[]> {
  const { rows } = await pool.query<VisitCount>(
    `SELECT day::text AS day, path, landing, source, medium, campaign, referrer, count::int AS count
     FROM visit_counts WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  return rows;
}

export async function enquiryOriginCounts(pool: pg.Pool, since: string): Promise<OriginCount[]> {
  const { rows } = await pool.query<OriginCount>(
    `SELECT source_page AS "sourcePage",
       coalesce(origin -> 'campaign' ->> 'source', '') AS source,
       coalesce(origin -> 'campaign' ->> 'medium', '') AS medium,
       coalesce(origin -> 'campaign' ->> 'campaign', '') AS campaign,
       coalesce(origin ->> 'referrer', '') AS referrer,
       count(*)::int AS count
     FROM enquiries WHERE created_at >= $1 GROUP BY 1, 2, 3, 4, 5`,
    [since],
  );
  return rows;
}
