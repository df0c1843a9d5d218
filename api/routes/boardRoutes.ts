import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { BOARD_PAGE, shownApplication, type BoardCard, type BoardColumn } from '../../src/shared/board';
import { indiaDate } from '../../src/shared/indiaTime';
import { readBudget } from '../auth/readBudget';
import { isoNow } from '../clock';
import type { ServerContext } from '../context';
import { deskReady, type SessionEnv } from '../middleware/requireSession';
import { deskViewOf, type DeskView } from '../store/enquiryShapes';
import { isOverdue } from '../store/enquiryShapes';
import type { BoardItem } from '../store/PipelineStore';
import { BadCursorError } from '../store/storeErrors';

const DAY_MS = 86_400_000;

/** A card of the board from what the store keeps of an enquiry. */
function boardCard({ enquiry, inStageSince, applications }: BoardItem, view: DeskView, lenderName: (id: string) => string): BoardCard {
  const shown = shownApplication(applications);
  return {
    _id: enquiry._id,
    reference: enquiry.reference,
    name: enquiry.fields.name ?? '',
    product: shown?.product ?? enquiry.sourcePage ?? null,
    amount: shown ? (shown.sanctionedAmount ?? shown.amount) : null,
    lender: shown ? lenderName(shown.lender) : null,
    // An account removed since it was assigned has no name now: the enquiry is nobody's.
    assignedTo: (enquiry.assigneeId !== undefined && view.names.get(enquiry.assigneeId)) || null,
    createdAt: enquiry.createdAt,
    inStageSince,
    daysInStage: Math.max(0, Math.floor((Date.parse(view.now) - Date.parse(inStageSince)) / DAY_MS)),
    overdue: isOverdue(enquiry, view),
    followUpOverdue: enquiry.followUpOn !== null && enquiry.followUpOn < indiaDate(view.now),
  };
}

type BoardParams =
  { ok: true; stages: { id: string; label: string }[]; mine: boolean; cursor?: string } | { ok: false; errors: Record<string, string> };

/** assignedTo (me, or empty for everyone's), and for one column's next page its stage and the cursor. */
function readBoardParams(params: URLSearchParams, open: { id: string; label: string }[]): BoardParams {
  const errors: Record<string, string> = {};
  const assignedTo = params.get('assignedTo') ?? '';
  if (assignedTo !== '' && assignedTo !== 'me') errors.assignedTo = 'assignedTo can only be me, or left out for everyone’s';
  const stage = params.get('stage') ?? '';
  const chosen = stage === '' ? open : open.filter((status) => status.id === stage);
  if (chosen.length === 0) errors.stage = 'stage must be one of the desk’s open statuses';
  const cursor = params.get('cursor') ?? undefined;
  if (cursor !== undefined && (stage === '' || cursor.length === 0 || cursor.length > 64))
    errors.cursor = stage === '' ? 'A cursor goes with the stage it came from' : 'The cursor is not one this board gave out.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, stages: chosen, mine: assignedTo === 'me', ...(cursor !== undefined && { cursor }) };
}

/**
 * The desk's board (GET /admin/api/board): a column for each open status of _desk.yaml, each a page
 * of BOARD_PAGE cards, newest first, of everyone's enquiries or the signed-in advisor's; with
 * `stage` and `cursor`, the next page of one column. Cards count towards a staff account's hourly reads.
 */
export function boardRoutes({ store, site, config, clock }: ServerContext) {
  const signedIn = deskReady(store, config, clock);
  const reserveReads = readBudget(store);
  const invalid = (c: Context, errors: Record<string, string>) => c.json({ message: 'Some values need correcting.', errors }, 400);
  return new Hono<SessionEnv>().get(ADMIN_API.board, ...signedIn, async (c) => {
    const workflow = site.content.workflow;
    const open = workflow.statuses.filter((status) => !status.final);
    const board = readBoardParams(new URL(c.req.url).searchParams, open);
    if (!board.ok) return invalid(c, board.errors);
    const allowed = await reserveReads(c, BOARD_PAGE * board.stages.length);
    if (!allowed.ok) return allowed.response;
    const view = await deskViewOf(store, { now: isoNow(clock), finalStatuses: workflow.finalStatuses });
    const lenderName = (id: string) => workflow.lenders.find((lender) => lender.id === id)?.name ?? id;
    const columns: BoardColumn[] = [];
    let left = allowed.limit;
    try {
      for (const { id, label } of board.stages) {
        // Past a staff account's hourly reads, the rest of the columns show their totals only.
        const limit = Math.max(1, Math.min(BOARD_PAGE, left));
        const page = await store.pipeline.boardPage({
          status: id,
          limit,
          ...(board.mine && { assigneeId: c.var.signedIn.accountId }),
          ...(board.cursor !== undefined && { cursor: board.cursor }),
        });
        const items = left > 0 ? page.items.map((item) => boardCard(item, view, lenderName)) : [];
        left -= items.length;
        columns.push({ status: id, label, total: page.total, items, nextCursor: left >= 0 && items.length ? page.nextCursor : null });
      }
    } catch (error) {
      await allowed.done('board', 0);
      if (error instanceof BadCursorError) return invalid(c, { cursor: error.message });
      throw error;
    }
    await allowed.done('board', allowed.limit - left);
    return c.json({ columns });
  });
}
