import type { Application } from './applications';

/**
 * The desk's board (GET /admin/api/board): a column for each open status of _desk.yaml, newest
 * first, a page at a time. Shared by the server and the board screen.
 */

/** Cards a column shows at first and adds with each "Show more". */
export const BOARD_PAGE = 10;

/** One enquiry on the board. */
export interface BoardCard {
  _id: string;
  reference: string;
  name: string;
  /** What is applied for: the product of its application shown, or the page it came from; null for neither. */
  product: string | null;
  /** The amount of that application (sanctioned, once it is), in rupees; null without one. */
  amount: number | null;
  /** The lender of that application, by name. */
  lender: string | null;
  /** The advisor's username, or null for nobody. */
  assignedTo: string | null;
  createdAt: string;
  /** When it came to its status (its last change of status, or its arrival), and the whole days since. */
  inStageSince: string;
  daysInStage: number;
  /** Past its first-response target without a first contact. */
  overdue: boolean;
  /** Its follow-up date is past. */
  followUpOverdue: boolean;
}

export interface BoardColumn {
  status: string;
  label: string;
  total: number;
  items: BoardCard[];
  nextCursor: string | null;
}

export interface Board {
  columns: BoardColumn[];
}

/**
 * The application a card shows: the newest still going (neither rejected nor withdrawn), if any.
 * Both stores hand the route an enquiry's applications; which one shows is decided here only.
 */
export function shownApplication<T extends Pick<Application, 'status' | 'createdAt'>>(applications: readonly T[]): T | undefined {
  let shown: T | undefined;
  for (const application of applications)
    if (application.status !== 'rejected' && application.status !== 'withdrawn' && (!shown || application.createdAt >= shown.createdAt))
      shown = application;
  return shown;
}
