import type pg from 'pg';
import { DayRoom, withinCaps } from '../visitCaps';
import { batchesByDay, type OriginCount, type VisitCaps, type VisitCount, type VisitTotals } from '../VisitStore';
import { inTransaction } from './inTransaction';

/** The advisory lock of one day's counts: a number no other lock uses, and the day as a number. */
const DAY_LOCK = 727_002;
const COLUMNS = 'day::text AS day, path, landing, source, medium, campaign, referrer';

/**
 * Adds counts a day at a time, each in one transaction. With caps, the day is locked first (on
 * every instance), the origins it holds already are read, and what has no room is counted as
 * "(other)" before the rows are added: two instances flushing at once cannot both take the last room.
 */
export async function addVisitCounts(pool: pg.Pool, counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
  const added: VisitCount[] = [];
  for (const batch of batchesByDay(counts)) {
    added.push(
      ...(await inTransaction(pool, async (client) => {
        const day = batch[0]!.day;
        let admitted: readonly VisitCount[] = batch;
        if (caps) {
          await client.query('SELECT pg_advisory_xact_lock($1, $2)', [DAY_LOCK, Number(day.replaceAll('-', ''))]);
          const [{ rows: held }, expected] = await Promise.all([
            client.query<VisitCount>(
              `SELECT ${COLUMNS} FROM visit_counts WHERE day = $1 AND (source <> '' OR medium <> '' OR campaign <> '' OR referrer <> '')`,
              [day],
            ),
            expectedCampaigns(client),
          ]);
          admitted = withinCaps(batch, new DayRoom(caps, new Set(expected), held));
        }
        await insertCounts(client, admitted);
        return admitted;
      })),
    );
  }
  return added;
}

/** One statement: each row's count is added to what its key has. */
async function insertCounts(client: pg.ClientBase, counts: readonly VisitCount[]): Promise<void> {
  if (counts.length === 0) return;
  const column = <K extends keyof VisitCount>(key: K) => counts.map((count) => count[key]);
  await client.query(
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
    `SELECT ${COLUMNS}, count::int AS count FROM visit_counts WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  return rows;
}

/**
 * Added up by the database, in one pass over the range: per page, per campaign and per referring
 * site. At the caps a range holds many long made-up values: the sums are hashed in memory (a
 * larger work_mem for this transaction only) and without JIT compilation, which costs more than
 * it saves on a query that runs once.
 */
export async function visitTotals(pool: pg.Pool, from: string, to: string): Promise<VisitTotals> {
  const rows = await inTransaction(pool, async (client) => {
    await client.query("SET LOCAL jit = off; SET LOCAL work_mem = '32MB'");
    const { rows: sums } = await client.query<{
      set: 'page' | 'campaign' | 'referrer';
      path: string;
      source: string;
      medium: string;
      campaign: string;
      referrer: string;
      visits: number;
      landings: number;
    }>(
      `SELECT CASE WHEN GROUPING(path) = 0 THEN 'page' WHEN GROUPING(referrer) = 0 THEN 'referrer' ELSE 'campaign' END AS set,
         path, source, medium, campaign, referrer,
         sum(count)::float8 AS visits, coalesce(sum(count) FILTER (WHERE landing), 0)::float8 AS landings
       FROM visit_counts WHERE day BETWEEN $1::date AND $2::date
       GROUP BY GROUPING SETS ((path), (source, medium, campaign), (referrer))`,
      [from, to],
    );
    return sums;
  });
  const totals: VisitTotals = { pages: [], campaigns: [], referrers: [] };
  for (const row of rows) {
    if (row.set === 'page') totals.pages.push({ path: row.path, visits: row.visits, landings: row.landings });
    else if (row.set === 'referrer' && row.referrer) totals.referrers.push({ host: row.referrer, visits: row.landings });
    else if (row.set === 'campaign' && (row.source || row.medium || row.campaign))
      totals.campaigns.push({ source: row.source, medium: row.medium, campaign: row.campaign, visits: row.landings });
  }
  return totals;
}

export async function deleteVisitMonthsBefore(pool: pg.Pool, month: string): Promise<void> {
  await pool.query('DELETE FROM visit_counts WHERE day < $1::date', [`${month}-01`]);
}

export async function expectedCampaigns(client: pg.Pool | pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM expected_campaigns ORDER BY added_at, name');
  return rows.map((row) => row.name);
}

export async function addExpectedCampaign(pool: pg.Pool, name: string, at: Date): Promise<boolean> {
  const { rowCount } = await pool.query('INSERT INTO expected_campaigns (name, added_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    name,
    at,
  ]);
  return rowCount === 1;
}

export async function removeExpectedCampaign(pool: pg.Pool, name: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM expected_campaigns WHERE name = $1', [name]);
  return rowCount === 1;
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
