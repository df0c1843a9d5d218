import type pg from 'pg';
import { OTHER_KEY } from '../../../src/shared/pipeline';
import { inTransaction } from './inTransaction';
import { boardPage } from './board';
import type { BoardItem, BoardQuery, PipelineStore } from '../PipelineStore';
import type { ListPage } from '../../../src/shared/listPage';
import { workingMsBetween } from '../../../src/shared/workingTime';
import {
  addReason,
  addSteps,
  figuresOf,
  listedKeys,
  Tally,
  TallyRows,
  type PipelineQuery,
  type StepCounts,
  type StorePipelineReport,
} from '../pipelineReport';

/** Memory for hashing the report's groups, with their lists: a year of 1,00,000 enquiries takes a few MB. */
const REPORT_WORK_MEM = '64MB';

/** A timestamp as whole ms since the epoch, in doubles (extract's numeric costs several times more); times are stored to the ms. */
const msOf = (column: string) => `round(date_part('epoch', ${column}) * 1000)::bigint`;

/**
 * The enquiries received in the period ($1 to $2) from enquiry_pipeline (migration 19), counted in
 * one pass by their rows of advisor, source page and campaign together, and by closing reason where
 * lost (a few hundred groups at most): the counts and amounts, the moments of each first response
 * and the ms of each days to sanction as lists, and the rejections' reasons. PgPipeline.report adds
 * them up into each way of grouping, counts the response times in working time and sorts the lists
 * for the percentiles, as the file store does.
 */
export const REPORT = `
  SELECT coalesce(json_agg(f), '[]') AS figures FROM (
    SELECT advisor, source, campaign, CASE WHEN status = ANY($5::text[]) THEN closed_reason END AS loss,
      count(*) AS enquiries, count(contact_ms) AS answered,
      count(*) FILTER (WHERE within) AS within, count(*) FILTER (WHERE known) AS known,
      coalesce(string_agg(created_ms || ',' || contact_ms, ','), '') AS contacts,
      -- Most enquiries have no application: only those that have are added up for them.
      count(*) FILTER (WHERE submitted > 0) AS asked,
      coalesce(sum(asked_amount) FILTER (WHERE applications > 0), 0) AS "askedAmount",
      coalesce(sum(submitted) FILTER (WHERE applications > 0), 0) AS submitted,
      coalesce(sum(submitted_amount) FILTER (WHERE applications > 0), 0) AS "submittedAmount",
      coalesce(sum(sanctioned) FILTER (WHERE applications > 0), 0) AS sanctioned,
      coalesce(sum(sanctioned_amount) FILTER (WHERE applications > 0), 0) AS "sanctionedAmount",
      coalesce(sum(disbursed) FILTER (WHERE applications > 0), 0) AS disbursed,
      coalesce(sum(disbursed_amount) FILTER (WHERE applications > 0), 0) AS "disbursedAmount",
      coalesce(string_agg((${msOf('sanctioned_at')} - created_ms)::text, ',') FILTER (WHERE applications > 0), '') AS sanctions,
      coalesce(json_agg(rejections) FILTER (WHERE applications > 0 AND rejections <> '{}'), '[]') AS rejections
    FROM (
      SELECT p.status, p.closed_reason, p.rejections, p.sanctioned_at,
        CASE WHEN p.assignee_id = ANY($4::text[]) THEN p.assignee_id END AS advisor,
        CASE WHEN p.source_page IS NULL THEN NULL WHEN p.source_page = ANY($6::text[]) THEN p.source_page ELSE $8 END AS source,
        CASE WHEN p.campaign IS NULL THEN NULL WHEN p.campaign = ANY($7::text[]) THEN p.campaign ELSE $8 END AS campaign,
        ${msOf('p.created_at')} AS created_ms, ${msOf('p.first_contact_at')} AS contact_ms,
        coalesce(p.first_contact_at <= p.first_response_due_at, false) AS within,
        p.first_response_due_at IS NOT NULL AND (p.first_contact_at IS NOT NULL OR p.first_response_due_at <= $3) AS known,
        p.applications, p.asked_amount, p.submitted, p.submitted_amount, p.sanctioned, p.sanctioned_amount, p.disbursed, p.disbursed_amount
      FROM enquiry_pipeline p WHERE p.created_at >= $1 AND p.created_at < $2) c
    GROUP BY advisor, source, campaign, loss) f`;

/** Enquiries in the period by source page and by campaign, to choose the rows listed one by one. */
export const KEY_COUNTS = `
  SELECT GROUPING(source, campaign) AS grouping, source, campaign, count(*)::int AS count
  FROM (SELECT source_page AS source, campaign
        FROM enquiry_pipeline WHERE created_at >= $1 AND created_at < $2) e
  GROUP BY GROUPING SETS ((source), (campaign))`;

interface Grouped {
  advisor: string | null;
  source: string | null;
  campaign: string | null;
}

type FigureRow = Grouped &
  StepCounts & {
    enquiries: number;
    answered: number;
    within: number;
    known: number;
    /** The closing reason of these enquiries when lost, else null. */
    loss: string | null;
    /** The moments (ms) each enquiry came and was first contacted, in pairs; the ms of each days to sanction. */
    contacts: string;
    sanctions: string;
    /** The reasons of each enquiry's rejected applications. */
    rejections: string[][];
  };

/** A comma-separated list of whole numbers. */
function msList(list: string): Float64Array {
  if (list === '') return new Float64Array(0);
  const parts = list.split(',');
  const values = new Float64Array(parts.length);
  for (let at = 0; at < parts.length; at++) values[at] = Number(parts[at]);
  return values;
}

function addFigures({ raw, responses, sanctions }: Tally, row: FigureRow, responseMs: Float64Array, sanctionMs: Float64Array) {
  raw.enquiries += row.enquiries;
  raw.answered += row.answered;
  raw.within += row.within;
  raw.of += row.known;
  addSteps(raw, row);
  responses.pushAll(responseMs);
  sanctions.pushAll(sanctionMs);
  if (row.loss !== null) addReason(raw.losses, row.loss, row.enquiries);
  for (const reasons of row.rejections) for (const reason of reasons) addReason(raw.rejections, reason);
}

/**
 * The pipeline report on PostgreSQL in two statements over enquiry_pipeline: the enquiries in the
 * period counted by source page and campaign (which are listed one by one is decided in
 * pipelineReport.ts, as for the file store), then the figures by advisor, source and campaign
 * together, added up here into each way of grouping, percentiles as the file store works them out.
 */
async function reportOf(pool: pg.Pool, query: PipelineQuery): Promise<StorePipelineReport> {
  const counts = await pool.query<{ grouping: number; source: string | null; campaign: string | null; count: number }>(KEY_COUNTS, [
    query.since,
    query.until,
  ]);
  // GROUPING(source, campaign) is 1 for the set by source, 2 for the set by campaign.
  const sources = listedKeys(counts.rows.filter((row) => row.grouping === 1).map((row) => [row.source, row.count]));
  const campaigns = listedKeys(counts.rows.filter((row) => row.grouping === 2).map((row) => [row.campaign, row.count]));
  const answer = await inTransaction(pool, async (client) => {
    // The planner's guess of the groups is far too high: it would sort the period's enquiries to
    // group them and compile the query first (JIT), each costing more than hashing the few groups.
    await client.query(`SET LOCAL work_mem = '${REPORT_WORK_MEM}'`);
    await client.query('SET LOCAL enable_sort = off');
    await client.query('SET LOCAL jit = off');
    const { rows } = await client.query<{ figures: FigureRow[] }>(REPORT, [
      query.since,
      query.until,
      query.now,
      query.advisors,
      query.lostStatuses,
      [...sources],
      [...campaigns],
      OTHER_KEY,
    ]);
    return rows[0]!.figures;
  });
  const total = new Tally();
  const [advisors, bySource, byCampaign] = [new TallyRows(), new TallyRows(), new TallyRows()];
  const talliesOf = (row: Grouped) => [total, advisors.of(row.advisor), bySource.of(row.source), byCampaign.of(row.campaign)];
  for (const row of answer) {
    const contacts = msList(row.contacts);
    const responseMs = new Float64Array(contacts.length / 2);
    for (let at = 0; at < responseMs.length; at++) responseMs[at] = workingMsBetween(contacts[2 * at]!, contacts[2 * at + 1]!, query.week);
    const sanctionMs = msList(row.sanctions);
    for (const tally of talliesOf(row)) addFigures(tally, row, responseMs, sanctionMs);
  }
  return {
    total: figuresOf(total.figures()),
    advisors: advisors.keyed(),
    sources: bySource.keyed(),
    campaigns: byCampaign.keyed(),
  };
}

/** The pipeline on PostgreSQL: the report from enquiry_pipeline, the board from the enquiries' indexes (board.ts). */
export class PgPipeline implements PipelineStore {
  constructor(private readonly pool: pg.Pool) {}

  report(query: PipelineQuery): Promise<StorePipelineReport> {
    return reportOf(this.pool, query);
  }

  boardPage(query: BoardQuery): Promise<ListPage<BoardItem>> {
    return boardPage(this.pool, query);
  }
}
