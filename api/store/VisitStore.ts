/** One count of page views: a day (India time), a page, whether it was where a visit landed, and where that visit came from. */
export interface VisitKey {
  /** YYYY-MM-DD, India time. */
  day: string;
  path: string;
  /** The first page of a visit: only landings carry the campaign and the referring site. */
  landing: boolean;
  source: string;
  medium: string;
  campaign: string;
  /** The referring site's host, or '' for none. */
  referrer: string;
}

export interface VisitCount extends VisitKey {
  count: number;
}

/** Enquiries of a period by the page they were sent from and their visit's origin. */
export interface OriginCount {
  sourcePage: string | null;
  source: string;
  medium: string;
  campaign: string;
  referrer: string;
  count: number;
}

/**
 * Visits counted without cookies: counts per day, page and origin, never a visitor. Counts are
 * added in batches (a burst of visits costs one write), and read back for a range of days.
 */
export interface VisitStore {
  addVisitCounts(counts: readonly VisitCount[]): Promise<void>;
  /** Every count from `from` to `to` (YYYY-MM-DD, both included). */
  visitCounts(from: string, to: string): Promise<VisitCount[]>;
  /** Enquiries received since `since` (an ISO time), counted by source page and origin. */
  enquiryOriginCounts(since: string): Promise<OriginCount[]>;
}

/** The columns of a count, in one order, for a key both stores and the batcher agree on. */
export const visitKeyOf = (key: VisitKey): string =>
  [key.day, key.path, key.landing ? '1' : '0', key.source, key.medium, key.campaign, key.referrer].join('\u0001');

/** Counts as one batch per day: the store writes a batch whole or not at all, and a day never spans two months' files. */
export function batchesByDay(counts: Iterable<VisitCount>): VisitCount[][] {
  const days = new Map<string, VisitCount[]>();
  for (const count of counts) {
    const day = days.get(count.day);
    if (day) day.push(count);
    else days.set(count.day, [count]);
  }
  return [...days.values()];
}
