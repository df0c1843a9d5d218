import type pg from 'pg';
import { DayRoom, OTHER_ORIGIN, withinCaps } from '../visitCaps';
import type { Clock } from '../../clock';
import {
  batchesByDay,
  type OriginCount,
  type VisitCaps,
  type VisitCount,
  type VisitListing,
  type VisitStore,
  type VisitTotals,
} from '../VisitStore';
import { totalsOf, withRestAsOther } from '../visitTotals';
import { inTransaction, type Db } from './inTransaction';
/** The advisory lock of one day's counts: a number no other lock uses, and the day as a number. */
const DAY_LOCK = 727_002;
const COLUMNS = 'day::text AS day, path, landing, source, medium, campaign, referrer';
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
/** Every page of the range, added up. */
const PAGES = `SELECT 'page' AS kind, '' AS key, path, '' AS source, '' AS medium, '' AS campaign, '' AS referrer,
    sum(visits)::float8 AS visits, sum(landings)::float8 AS landings, false AS rest
  FROM visit_day_totals WHERE day BETWEEN $1::date AND $2::date AND kind = 'page' GROUP BY path`;
/** Campaigns and referring sites with their names: those of `sums` that `filter` keeps. */
const named = (filter: string) => `SELECT DISTINCT ON (t.key) t.kind, encode(t.key, 'hex'), '', t.source, t.medium, t.campaign, t.referrer,
    s.visits::float8, 0::float8, false
  FROM visit_day_totals t JOIN sums s ON s.key = t.key WHERE t.day BETWEEN $1::date AND $2::date ${filter}`;
/** Every total of the range, each campaign and referring site with its names. */
const EVERY_TOTAL = `WITH sums AS MATERIALIZED (
    SELECT key, sum(visits) AS visits FROM visit_day_totals WHERE day BETWEEN $1::date AND $2::date AND kind <> 'page' GROUP BY key
  )
  ${PAGES} UNION ALL ${named('')}`;
/**
 * Every page, and of campaigns and referring sites what the dashboard can list (VisitListing):
 * the busiest, the expected ones past them, those of the enquiries and the caps' "(other)", with
 * their names; the rest added up into a row a kind that `rest` marks. The range's totals are added
 * up by key and ranked without their names, and only what is listed crosses to the server,
 * however many made-up origins the caps let in. Expected names are matched with the database's
 * lower(), which for a few letters outside English, Marathi and Hindi (a Turkish İ, a final Σ)
 * is not JavaScript's.
 */
const LISTED = `WITH sums AS MATERIALIZED (
    SELECT key, min(kind) AS kind, sum(visits) AS visits, bool_or(lowered && $4::text[]) AS expected
    FROM visit_day_totals WHERE day BETWEEN $1::date AND $2::date AND kind <> 'page' GROUP BY key
  ),
  counted (key) AS (VALUES (visit_total_key('campaign', '', '${OTHER_ORIGIN}', '', '', '')), (visit_total_key('referrer', '', '', '', '', '${OTHER_ORIGIN}'))),
  listed AS (
    (SELECT key FROM sums WHERE kind = 'campaign' AND key NOT IN (SELECT key FROM counted) ORDER BY visits DESC, key LIMIT $3)
    UNION (SELECT key FROM sums WHERE kind = 'referrer' AND key NOT IN (SELECT key FROM counted) ORDER BY visits DESC, key LIMIT $3)
    UNION (SELECT key FROM sums WHERE kind = 'campaign' AND expected AND key NOT IN (SELECT key FROM counted) ORDER BY visits DESC, key LIMIT 2 * $3)
    UNION SELECT visit_total_key('campaign', '', source, medium, campaign, '') FROM unnest($5::text[], $6::text[], $7::text[]) AS sent (source, medium, campaign)
    UNION SELECT visit_total_key('referrer', '', '', '', '', host) FROM unnest($8::text[]) AS sent (host)
    UNION SELECT key FROM counted
  )
  ${PAGES}
  UNION ALL ${named('AND t.key IN (SELECT key FROM listed)')}
  UNION ALL SELECT kind, '', '', '', '', '', '', sum(visits)::float8, 0, true FROM sums WHERE key NOT IN (SELECT key FROM listed) GROUP BY kind`;
async function expectedOf(client: Db | pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM expected_campaigns ORDER BY added_at, name');
  return rows.map((row) => row.name);
}

/** Visit counts and the expected campaigns, on PostgreSQL. */
export class PgVisits implements VisitStore {
  constructor(
    private readonly pool: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds counts a day at a time, each in one transaction with the day's totals. With caps, the day
   * is locked first (on every instance), the origins it holds already are read, and what has no
   * room is counted as "(other)" before the rows are added: two instances flushing at once cannot
   * both take the last room.
   */
  async add(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]> {
    const pool = this.pool;
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
              expectedOf(client),
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

  async counts(from: string, to: string): Promise<VisitCount[]> {
    const pool = this.pool;
    const { rows } = await pool.query<VisitCount>(
      `SELECT ${COLUMNS}, count::int AS count FROM visit_counts WHERE day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
    return rows;
  }

  /**
   * The days' totals added up by the database: a summary a day, however many rows the caps let
   * in. The sums are hashed in memory (a larger work_mem for this transaction only) and without
   * JIT compilation, which costs more than it saves on a query that runs once.
   */
  async totals(from: string, to: string, listing?: VisitListing): Promise<VisitTotals> {
    const pool = this.pool;
    type Sum = Omit<VisitCount, 'day' | 'landing' | 'count'> & {
      kind: 'page' | 'campaign' | 'referrer';
      key: string;
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
        : await client.query<Sum>(EVERY_TOTAL, [from, to]);
      return sums;
    });
    const totals: VisitTotals = { pages: [], campaigns: [], referrers: [] };
    const rest = { campaign: 0, referrer: 0 };
    for (const { kind, key, path, source, medium, campaign, referrer, visits, landings, rest: isRest } of rows) {
      if (isRest) rest[kind as keyof typeof rest] += visits;
      else if (kind === 'page') totals.pages.push({ path, visits, landings });
      else if (kind === 'referrer') totals.referrers.push({ key, host: referrer, visits });
      else totals.campaigns.push({ key, source, medium, campaign, visits });
    }
    return withRestAsOther(totals, rest);
  }

  /** The counts and their days' totals, together. */
  async deleteMonthsBefore(month: string): Promise<void> {
    const pool = this.pool;
    await pool.query(`WITH counts AS (DELETE FROM visit_counts WHERE day < $1::date) DELETE FROM visit_day_totals WHERE day < $1::date`, [
      `${month}-01`,
    ]);
  }

  async addExpectedCampaign(name: string): Promise<boolean> {
    const pool = this.pool;
    const { rowCount } = await pool.query('INSERT INTO expected_campaigns (name, added_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      name,
      new Date(this.clock.now()),
    ]);
    return rowCount === 1;
  }

  expectedCampaigns(): Promise<string[]> {
    return expectedOf(this.pool);
  }

  async removeExpectedCampaign(name: string): Promise<boolean> {
    const pool = this.pool;
    const { rowCount } = await pool.query('DELETE FROM expected_campaigns WHERE name = $1', [name]);
    return rowCount === 1;
  }

  async enquiryOriginCounts(since: string): Promise<OriginCount[]> {
    const pool = this.pool;
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
}
