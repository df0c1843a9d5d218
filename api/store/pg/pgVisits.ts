import type pg from 'pg';
import { DayRoom, withinCaps } from '../visitCaps';
import { OTHER_ORIGIN } from '../visitCaps';
import { batchesByDay, type OriginCount, type VisitCaps, type VisitCount, type VisitListing, type VisitTotals } from '../VisitStore';
import { totalsOf } from '../visitTotals';
import { inTransaction } from './inTransaction';

/** The advisory lock of one day's counts: a number no other lock uses, and the day as a number. */
const DAY_LOCK = 727_002;
const COLUMNS = 'day::text AS day, path, landing, source, medium, campaign, referrer';

/**
 * Adds counts a day at a time, each in one transaction with the day's totals. With caps, the day
 * is locked first (on every instance), the origins it holds already are read, and what has no
 * room is counted as "(other)" before the rows are added: two instances flushing at once cannot
 * both take the last room.
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
        await addDayTotals(client, day, totalsOf(admitted));
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

/** Adds a batch's totals to its day's (visit_day_totals), in one statement. */
async function addDayTotals(client: pg.ClientBase, day: string, totals: VisitTotals): Promise<void> {
  const rows = [
    ...totals.pages.map((page) => ['page', page.path, '', '', '', '', page.visits, page.landings] as const),
    ...totals.campaigns.map((row) => ['campaign', '', row.source, row.medium, row.campaign, '', row.visits, 0] as const),
    ...totals.referrers.map((row) => ['referrer', '', '', '', '', row.host, row.visits, 0] as const),
  ];
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO visit_day_totals (day, kind, path, source, medium, campaign, referrer, visits, landings)
     SELECT $1::date, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[])
     ON CONFLICT (day, key)
     DO UPDATE SET visits = visit_day_totals.visits + EXCLUDED.visits, landings = visit_day_totals.landings + EXCLUDED.landings`,
    [day, ...Array.from({ length: 8 }, (_, column) => rows.map((row) => row[column]))],
  );
}

export async function visitCounts(pool: pg.Pool, from: string, to: string): Promise<VisitCount[]> {
  const { rows } = await pool.query<VisitCount>(
    `SELECT ${COLUMNS}, count::int AS count FROM visit_counts WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  return rows;
}

/** A range's totals, one row per key (the days' summaries added up); `counted`: the "(other)" the caps counted. */
const SUMS = `
  sums AS MATERIALIZED (
    SELECT key, min(kind) AS kind, min(path) AS path, min(source) AS source, min(medium) AS medium, min(campaign) AS campaign,
      min(referrer) AS referrer, sum(visits) AS visits, sum(landings) AS landings,
      (min(source) = '${OTHER_ORIGIN}' AND min(medium) = '' AND min(campaign) = '') OR min(referrer) = '${OTHER_ORIGIN}' AS counted
    FROM visit_day_totals WHERE day BETWEEN $1::date AND $2::date GROUP BY key
  )`;
const COLUMNS_OUT = 'kind, path, source, medium, campaign, referrer, visits::float8 AS visits, landings::float8 AS landings';
/** Busiest first, then in code point order of their names, as the dashboard orders them. */
const CAMPAIGN_ORDER = 'visits DESC, source COLLATE "C", medium COLLATE "C", campaign COLLATE "C"';

/**
 * Every page, and of campaigns and referring sites what the dashboard can list (VisitListing):
 * the busiest, the expected ones past them, and those of the enquiries; the rest added up into
 * a row that `rest` marks. Only that crosses to the server, however many made-up origins the
 * caps let into the range. Expected names are matched with the database's lower(), which for a
 * few letters outside English, Marathi and Hindi (a Turkish İ, a final Σ) is not JavaScript's.
 */
const LISTED = `WITH ${SUMS},
  listed AS (
    (SELECT key FROM sums WHERE kind = 'campaign' AND NOT counted ORDER BY ${CAMPAIGN_ORDER} LIMIT $3)
    UNION (SELECT key FROM sums WHERE kind = 'referrer' AND NOT counted ORDER BY visits DESC, referrer COLLATE "C" LIMIT $3)
    UNION (SELECT key FROM sums WHERE kind = 'campaign' AND NOT counted AND (lower(source) = ANY($4) OR lower(campaign) = ANY($4))
           ORDER BY ${CAMPAIGN_ORDER} LIMIT 2 * $3)
    UNION (SELECT key FROM sums WHERE kind = 'campaign' AND (source, medium, campaign) IN (SELECT * FROM unnest($5::text[], $6::text[], $7::text[])))
    UNION (SELECT key FROM sums WHERE kind = 'referrer' AND referrer = ANY($8))
    UNION (SELECT key FROM sums WHERE counted)
  )
  SELECT ${COLUMNS_OUT}, false AS rest FROM sums WHERE kind = 'page' OR key IN (SELECT key FROM listed)
  UNION ALL
  SELECT kind, '', '', '', '', '', sum(visits)::float8, 0, true FROM sums WHERE kind <> 'page' AND key NOT IN (SELECT key FROM listed) GROUP BY kind`;

/**
 * The days' totals added up by the database: a summary a day, however many rows the caps let
 * in, grouped by key. The sums are hashed in memory (a larger work_mem for this transaction
 * only) and without JIT compilation, which costs more than it saves on a query that runs once.
 */
export async function visitTotals(pool: pg.Pool, from: string, to: string, listing?: VisitListing): Promise<VisitTotals> {
  type Sum = Omit<VisitCount, 'day' | 'landing' | 'count'> & {
    kind: 'page' | 'campaign' | 'referrer';
    visits: number;
    landings: number;
    rest: boolean;
  };
  const rows = await inTransaction(pool, async (client) => {
    await client.query("SET LOCAL jit = off; SET LOCAL work_mem = '32MB'");
    const { rows: sums } = listing
      ? await client.query<Sum>(LISTED, [
          from,
          to,
          listing.busiest,
          listing.expected,
          ...(['source', 'medium', 'campaign'] as const).map((part) => listing.campaigns.map((row) => row[part])),
          listing.referrers,
        ])
      : await client.query<Sum>(`WITH ${SUMS} SELECT ${COLUMNS_OUT}, false AS rest FROM sums`, [from, to]);
    return sums;
  });
  const totals: VisitTotals = { pages: [], campaigns: [], referrers: [] };
  const rest = { campaign: 0, referrer: 0 };
  for (const row of rows) {
    if (row.rest) rest[row.kind as keyof typeof rest] += row.visits;
    else if (row.kind === 'page') totals.pages.push({ path: row.path, visits: row.visits, landings: row.landings });
    else if (row.kind === 'referrer') totals.referrers.push({ host: row.referrer, visits: row.visits });
    else totals.campaigns.push({ source: row.source, medium: row.medium, campaign: row.campaign, visits: row.visits });
  }
  // What could not be listed goes into the "(other)" rows, with what the caps counted as such.
  if (rest.campaign > 0) {
    const other = totals.campaigns.find((row) => row.source === OTHER_ORIGIN && !row.medium && !row.campaign);
    if (other) other.visits += rest.campaign;
    else totals.campaigns.push({ source: OTHER_ORIGIN, medium: '', campaign: '', visits: rest.campaign });
  }
  if (rest.referrer > 0) {
    const other = totals.referrers.find((row) => row.host === OTHER_ORIGIN);
    if (other) other.visits += rest.referrer;
    else totals.referrers.push({ host: OTHER_ORIGIN, visits: rest.referrer });
  }
  return totals;
}

/** The counts and their days' totals, together. */
export async function deleteVisitMonthsBefore(pool: pg.Pool, month: string): Promise<void> {
  await pool.query(`WITH counts AS (DELETE FROM visit_counts WHERE day < $1::date) DELETE FROM visit_day_totals WHERE day < $1::date`, [
    `${month}-01`,
  ]);
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
