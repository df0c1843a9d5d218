import type { Application } from '../../src/shared/applications';
import type { ListPage } from '../../src/shared/listPage';
import type { PipelineQuery, StorePipelineReport } from './pipelineReport';
import type { EnquirySummary } from './Store';

/** One column of the board, a page at a time: the enquiries in a status (of one advisor's, when given), newest first. */
export interface BoardQuery {
  status: string;
  /** Only this account's enquiries (its id). */
  assigneeId?: string;
  limit: number;
  /** From a previous page's nextCursor. */
  cursor?: string;
}

/** An enquiry on the board, with when it came to its status and its applications (oldest first). */
export interface BoardItem {
  enquiry: EnquirySummary;
  inStageSince: string;
  applications: Application[];
}

/** The firm's pipeline on either store: the report of a period, and the board. */
export interface PipelineStore {
  /** What became of the enquiries received in a period, in total and per advisor, source page and campaign. */
  report(query: PipelineQuery): Promise<StorePipelineReport>;
  /** A page of one column of the board; its cost does not grow with the enquiries stored. */
  boardPage(query: BoardQuery): Promise<ListPage<BoardItem>>;
}
