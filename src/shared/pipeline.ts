/**
 * The pipeline report (GET /admin/api/stats/pipeline): what became of the enquiries received in a
 * period, in total and per advisor, per source page and per campaign. Shared by the server, which
 * counts it on either store, and the owners' dashboard, which shows it.
 */

/** How many, and how many rupees. */
export interface AmountCount {
  count: number;
  amount: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

export interface PipelineFigures {
  /** Enquiries received in the period. */
  enquiries: number;
  /** Of those, the ones with a first contact, and the working minutes to it (median and 90th percentile, whole minutes). */
  firstResponse: { answered: number; medianMinutes: number | null; p90Minutes: number | null };
  /**
   * Of the enquiries with a first-response target, those answered by it (`within`) out of those whose
   * outcome is known (`of`): answered, in time or late, or past the target unanswered.
   */
  withinTarget: { within: number; of: number };
  /**
   * The enquiries with an application that reached a lender, and the amount they asked: each
   * enquiry's largest such application, counted once however many lenders it went to.
   */
  asked: AmountCount;
  /** Their applications that reached each step (whatever happened after), with the amounts in them, sanctioned and disbursed. */
  submitted: AmountCount;
  sanctioned: AmountCount;
  disbursed: AmountCount;
  /** Days from an enquiry's arrival to its first sanction, median over the enquiries with one (one decimal). */
  medianDaysToSanction: number | null;
  /** Their applications rejected, by the lender's reason, most first. */
  rejections: ReasonCount[];
  /** Those enquiries closed, by the closing reason (its label), most first. */
  losses: ReasonCount[];
}

/** One advisor, source page or campaign: `key` is its username, path or name; null for none, and OTHER for the rest. */
export interface PipelineRow extends PipelineFigures {
  key: string | null;
  name: string;
}

export interface PipelineReport {
  /** The period, India days, both included. */
  from: string;
  to: string;
  /** The first-response target in working minutes, when _desk.yaml sets one. */
  targetMinutes: number | null;
  total: PipelineFigures;
  advisors: PipelineRow[];
  sources: PipelineRow[];
  campaigns: PipelineRow[];
}

/** The key of the row that adds up the source pages and campaigns beyond the busiest (no page or campaign has a control character). */
export const OTHER_KEY = '\u0001other';

/** Source pages and campaigns listed one by one, the busiest first; the rest are one row, so the answer stays small. */
export const MAX_PIPELINE_ROWS = 100;

/** The share answered within the target, in per cent to one decimal; null when none is known yet. */
export const withinShare = ({ within, of }: PipelineFigures['withinTarget']): number | null =>
  of === 0 ? null : Math.round((within * 1000) / of) / 10;
