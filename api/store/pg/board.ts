import type pg from 'pg';
import type { ListPage } from '../../../src/shared/listPage';
import type { BoardItem, BoardQuery } from '../PipelineStore';
import { toApplication, type ApplicationRow } from './applications';
import { listEnquiries } from './enquiryRows';

/**
 * A page of one column of the board on PostgreSQL: the desk's list of one status (and advisor),
 * which an index answers newest first (enquiries_by_status, or migration 18's
 * enquiries_by_stage_assignee), then when each came to its status and its applications, for
 * the page's enquiries only.
 */
export async function boardPage(pool: pg.Pool, query: BoardQuery): Promise<ListPage<BoardItem>> {
  const page = await listEnquiries(pool, query);
  const ids = page.items.map((item) => item._id);
  if (ids.length === 0) return { ...page, items: [] };
  const [stages, applications] = await Promise.all([
    pool.query<{ enquiry_id: string; since: Date }>(
      `SELECT enquiry_id, max(at) AS since FROM enquiry_events WHERE enquiry_id = ANY($1::text[]) AND entry ->> 'type' = 'status'
       GROUP BY enquiry_id`,
      [ids],
    ),
    pool.query<ApplicationRow>('SELECT * FROM applications WHERE enquiry_id = ANY($1::text[]) ORDER BY created_at, id', [ids]),
  ]);
  const since = new Map(stages.rows.map((row) => [row.enquiry_id, row.since.toISOString()]));
  return {
    ...page,
    items: page.items.map((enquiry) => ({
      enquiry,
      inStageSince: since.get(enquiry._id) ?? enquiry.createdAt,
      applications: applications.rows.filter((row) => row.enquiry_id === enquiry._id).map(toApplication),
    })),
  };
}
