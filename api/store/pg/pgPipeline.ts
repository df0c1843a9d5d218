import type pg from 'pg';
import { OTHER_KEY } from '../../../src/shared/pipeline';
import { inTransaction } from './inTransaction';
import { DAY_MS, INDIA_OFFSET_MS, type WorkingWeek } from '../../../src/shared/workingTime';
import {
  emptyRaw,
  figuresOf,
  keyedRows,
  listedKeys,
  type PipelineQuery,
  type RawFigures,
  type StorePipelineReport,
} from '../pipelineReport';

/** Memory for the report's sorts: a year of 1,00,000 enquiries sorts in about 20 MB. */
const REPORT_WORK_MEM = '64MB';

/** GROUPING(advisor, source, campaign) of each grouping set: the bit of each column left out is 1. */
const BY_ADVISOR = 3;
const BY_SOURCE = 5;
const BY_CAMPAIGN = 6;
const TOTAL = 7;

/** A timestamp as whole ms since the epoch, in doubles (extract's numeric costs several times more); times are stored to the ms. */
const msOf = (column: string) => `round(date_part('epoch', ${column}) * 1000)::bigint`;

/** A number computed from _desk.yaml, written into the SQL; never anything a request sent. */
const literal = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return String(value);
};

/**
 * workingMsSinceEpoch (src/shared/workingTime.ts) in SQL, over a bigint of ms since the epoch:
 * whole weeks, the working days before this one in its week, and today's part. The week's
 * figures are written in as numbers, a branch a day, so each row costs a few integer operations.
 */
function workingMsSql(ms: string, week: WorkingWeek): string {
  const local = `(${ms} + ${INDIA_OFFSET_MS})`;
  const day = `(${local} / ${DAY_MS})`;
  const today = `least(greatest(${local} % ${DAY_MS} - ${literal(week.openMs)}, 0), ${literal(week.lengthMs)})`;
  const days = week.working.map((open, place) => `WHEN ${place} THEN ${literal(week.before[place]!)}${open ? ` + ${today}` : ''}`);
  return `(${day} / 7 * ${literal(week.before[7]!)} + CASE ${day} % 7 ${days.join(' ')} END)`;
}

/** The enquiries received in the period ($1 to $2), each with its rows and first-response figures. */
const cohort = (week: WorkingWeek) => `
  SELECT e.id, e.status, e.closed_reason, t.created_ms,
    CASE WHEN e.assignee_id = ANY($4::text[]) THEN e.assignee_id END AS advisor,
    CASE WHEN e.source_page IS NULL THEN NULL WHEN e.source_page = ANY($6::text[]) THEN e.source_page ELSE $8 END AS source,
    CASE WHEN t.campaign IS NULL THEN NULL WHEN t.campaign = ANY($7::text[]) THEN t.campaign ELSE $8 END AS campaign,
    CASE WHEN t.contact_ms IS NOT NULL THEN greatest(${workingMsSql('t.contact_ms', week)} - ${workingMsSql('t.created_ms', week)}, 0) END AS response_ms,
    coalesce(e.first_contact_at <= e.first_response_due_at, false) AS within,
    e.first_response_due_at IS NOT NULL AND (e.first_contact_at IS NOT NULL OR e.first_response_due_at <= $3) AS known
  FROM enquiries e
  CROSS JOIN LATERAL (SELECT nullif(e.origin -> 'campaign' ->> 'campaign', '') AS campaign,
    ${msOf('e.created_at')} AS created_ms, ${msOf('e.first_contact_at')} AS contact_ms) t
  WHERE e.created_at >= $1 AND e.created_at < $2`;

/** Each of those enquiries' applications added up: those that reached each step, with their amounts, and the first sanction. */
const APPLICATIONS = `
  SELECT a.enquiry_id,
    count(a.submitted_at) AS submitted, coalesce(sum(a.amount) FILTER (WHERE a.submitted_at IS NOT NULL), 0) AS submitted_amount,
    count(a.sanctioned_amount) AS sanctioned, coalesce(sum(a.sanctioned_amount), 0) AS sanctioned_amount,
    count(a.disbursed_amount) AS disbursed, coalesce(sum(a.disbursed_amount), 0) AS disbursed_amount,
    min(${msOf('a.sanctioned_at')}) AS sanctioned_ms
  FROM applications a JOIN cohort c ON c.id = a.enquiry_id
  GROUP BY a.enquiry_id`;

const GROUPS = 'GROUPING SETS ((advisor), (source), (campaign), ())';
const REASON_GROUPS = 'GROUPING SETS ((advisor, reason), (source, reason), (campaign, reason), (reason))';

/** In one statement: the figures of every group, and the reasons of rejections and losses by group. */
export const report = (week: WorkingWeek) => `
  WITH cohort AS MATERIALIZED (${cohort(week)}),
  apps AS (${APPLICATIONS}),
  figures AS (
    SELECT GROUPING(advisor, source, campaign) AS grouping, advisor, source, campaign,
      count(*) AS enquiries, count(response_ms) AS answered,
      percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY response_ms::float8) AS response,
      count(*) FILTER (WHERE within) AS within, count(*) FILTER (WHERE known) AS known,
      coalesce(sum(submitted), 0) AS submitted, coalesce(sum(submitted_amount), 0) AS submitted_amount,
      coalesce(sum(sanctioned), 0) AS sanctioned, coalesce(sum(sanctioned_amount), 0) AS sanctioned_amount,
      coalesce(sum(disbursed), 0) AS disbursed, coalesce(sum(disbursed_amount), 0) AS disbursed_amount,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY sanction_ms::float8) AS sanction_median
    FROM (SELECT c.advisor, c.source, c.campaign, c.response_ms, c.within, c.known, a.submitted, a.submitted_amount,
            a.sanctioned, a.sanctioned_amount, a.disbursed, a.disbursed_amount, a.sanctioned_ms - c.created_ms AS sanction_ms
          FROM cohort c LEFT JOIN apps a ON a.enquiry_id = c.id) AS a
    GROUP BY ${GROUPS}),
  rejections AS (
    SELECT GROUPING(advisor, source, campaign) AS grouping, advisor, source, campaign, reason, count(*) AS count
    FROM (SELECT c.advisor, c.source, c.campaign, coalesce(a.reason, '') AS reason
          FROM applications a JOIN cohort c ON c.id = a.enquiry_id WHERE a.status = 'rejected') r
    GROUP BY ${REASON_GROUPS}),
  losses AS (
    SELECT GROUPING(advisor, source, campaign) AS grouping, advisor, source, campaign, reason, count(*) AS count
    FROM (SELECT advisor, source, campaign, closed_reason AS reason FROM cohort
          WHERE status = ANY($5::text[]) AND closed_reason IS NOT NULL) l
    GROUP BY ${REASON_GROUPS})
  SELECT (SELECT coalesce(json_agg(f), '[]') FROM figures f) AS figures,
    (SELECT coalesce(json_agg(r), '[]') FROM rejections r) AS rejections,
    (SELECT coalesce(json_agg(l), '[]') FROM losses l) AS losses`;

/** Enquiries in the period by source page and by campaign, to choose the rows listed one by one. */
export const KEY_COUNTS = `
  SELECT GROUPING(source, campaign) AS grouping, source, campaign, count(*)::int AS count
  FROM (SELECT source_page AS source, nullif(origin -> 'campaign' ->> 'campaign', '') AS campaign
        FROM enquiries WHERE created_at >= $1 AND created_at < $2) e
  GROUP BY GROUPING SETS ((source), (campaign))`;

interface Grouped {
  grouping: number;
  advisor: string | null;
  source: string | null;
  campaign: string | null;
}

type FigureRow = Grouped & {
  enquiries: number;
  answered: number;
  /** The median and the 90th percentile, from one sort; null for a group with no first response. */
  response: [number, number] | null;
  within: number;
  known: number;
  submitted: number;
  submitted_amount: number;
  sanctioned: number;
  sanctioned_amount: number;
  disbursed: number;
  disbursed_amount: number;
  sanction_median: number | null;
};

type ReasonRow = Grouped & { reason: string; count: number };

const keyOf = (row: Grouped): string | null =>
  row.grouping === BY_ADVISOR ? row.advisor : row.grouping === BY_SOURCE ? row.source : row.grouping === BY_CAMPAIGN ? row.campaign : null;

/**
 * The pipeline report on PostgreSQL in two statements: the enquiries in the period counted by source
 * page and campaign (which are listed one by one is decided in pipelineReport.ts, as for the file store),
 * then every group's figures by GROUPING SETS, percentiles by percentile_cont, over one scan of the period.
 */
export async function pgPipelineReport(pool: pg.Pool, query: PipelineQuery): Promise<StorePipelineReport> {
  const counts = await pool.query<{ grouping: number; source: string | null; campaign: string | null; count: number }>(KEY_COUNTS, [
    query.since,
    query.until,
  ]);
  // GROUPING(source, campaign) is 1 for the set by source, 2 for the set by campaign.
  const sources = listedKeys(counts.rows.filter((row) => row.grouping === 1).map((row) => [row.source, row.count]));
  const campaigns = listedKeys(counts.rows.filter((row) => row.grouping === 2).map((row) => [row.campaign, row.count]));
  const answer = await inTransaction(pool, async (client) => {
    // The groups' values are sorted for their percentiles: in memory, not in temporary files. The
    // planner's guess of the rows grouped is far too high and would compile the query first (JIT),
    // which costs seconds where running it costs a fraction of one.
    await client.query(`SET LOCAL work_mem = '${REPORT_WORK_MEM}'`);
    await client.query('SET LOCAL jit = off');
    const { rows } = await client.query<{ figures: FigureRow[]; rejections: ReasonRow[]; losses: ReasonRow[] }>(report(query.week), [
      query.since,
      query.until,
      query.now,
      query.advisors,
      query.lostStatuses,
      [...sources],
      [...campaigns],
      OTHER_KEY,
    ]);
    return rows[0]!;
  });
  const groups = new Map<number, Map<string | null, RawFigures>>(
    [BY_ADVISOR, BY_SOURCE, BY_CAMPAIGN, TOTAL].map((set) => [set, new Map()]),
  );
  const group = (row: Grouped) => {
    const rowsOfSet = groups.get(row.grouping)!;
    const key = keyOf(row);
    let raw = rowsOfSet.get(key);
    if (!raw) rowsOfSet.set(key, (raw = emptyRaw()));
    return raw;
  };
  const { figures, rejections, losses } = answer;
  for (const row of figures)
    Object.assign(group(row), {
      enquiries: row.enquiries,
      answered: row.answered,
      responseMedianMs: row.response?.[0] ?? null,
      responseP90Ms: row.response?.[1] ?? null,
      within: row.within,
      of: row.known,
      submitted: { count: row.submitted, amount: row.submitted_amount },
      sanctioned: { count: row.sanctioned, amount: row.sanctioned_amount },
      disbursed: { count: row.disbursed, amount: row.disbursed_amount },
      sanctionMedianMs: row.sanction_median,
    });
  for (const row of rejections) group(row).rejections.set(row.reason, row.count);
  for (const row of losses) group(row).losses.set(row.reason, row.count);
  const total = groups.get(TOTAL)!.get(null) ?? emptyRaw();
  return {
    total: figuresOf(total),
    advisors: keyedRows(groups.get(BY_ADVISOR)!),
    sources: keyedRows(groups.get(BY_SOURCE)!),
    campaigns: keyedRows(groups.get(BY_CAMPAIGN)!),
  };
}
