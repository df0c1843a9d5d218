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
 * What a day may hold beyond its pages (VISIT_ORIGINS_PER_DAY, VISIT_ROWS_PER_DAY): new origins
 * (campaign and referring site), and distinct rows of a page and an origin. Origins the owners
 * expect and the others each have these, so made-up campaigns never push out an expected one.
 */
export interface VisitCaps {
  originsPerDay: number;
  rowsPerDay: number;
}

/**
 * The figures of a range of days, added up: per page, per campaign (landings) and per referring
 * site (landings); campaigns and sites with their key (api/store/visitTotals.ts).
 */
export interface VisitTotals {
  pages: { path: string; visits: number; landings: number }[];
  campaigns: { key: string; source: string; medium: string; campaign: string; visits: number }[];
  referrers: { key: string; host: string; visits: number }[];
}

/**
 * What the dashboard lists of a range's campaigns and referring sites (api/visits/visitStats.ts):
 * the `busiest` of each, by visits then by key; as many more of the campaigns whose campaign or
 * source is one of `expected` (lower case); and those the period's enquiries came from. The rest
 * can only be part of the "(other)" row.
 */
export interface VisitListing {
  busiest: number;
  expected: readonly string[];
  campaigns: readonly { source: string; medium: string; campaign: string }[];
  referrers: readonly string[];
}

/**
 * Visits counted without cookies: counts per day, page and origin, never a visitor. Counts are
 * added in batches (a burst of visits costs one write), and read back for a range of days. The
 * owners' list of expected campaigns lives here too, for every instance to share.
 */
export interface VisitStore {
  /**
   * Adds counts, a day at a time, each day whole or not at all. With `caps`, an origin or a row
   * the day has no room for is counted as "(other)", checked and added in one step (on
   * PostgreSQL, one transaction per day), so the caps hold across restarts and instances.
   * Returns the counts as they were added.
   */
  add(counts: readonly VisitCount[], caps?: VisitCaps): Promise<VisitCount[]>;
  /** Every count from `from` to `to` (YYYY-MM-DD, both included), as stored: for copying a store. */
  counts(from: string, to: string): Promise<VisitCount[]>;
  /**
   * The counts from `from` to `to`, added up for the dashboard. With `listing`, the campaigns and
   * referring sites the dashboard cannot list are added into their "(other)" rows, so that a store
   * answers with what is shown (and reads the names of that only), not with every origin the caps
   * let in.
   */
  totals(from: string, to: string, listing?: VisitListing): Promise<VisitTotals>;
  /** Removes every count of the months before `month` (YYYY-MM): the retention sweep, VISIT_KEEP_MONTHS. */
  deleteMonthsBefore(month: string): Promise<void>;
  /** The campaigns and sources owners expect, in lower case, in the order they were added. */
  expectedCampaigns(): Promise<string[]>;
  /** False when it is listed already. */
  addExpectedCampaign(name: string): Promise<boolean>;
  /** False when it was not listed. */
  removeExpectedCampaign(name: string): Promise<boolean>;
  /** Enquiries received since `since` (an ISO time), counted by source page and origin. */
  enquiryOriginCounts(since: string): Promise<OriginCount[]>;
}

/** The columns of a count, in one order, for a key both stores and the batcher agree on. */
export const visitKeyOf = (key: VisitKey): string =>
  [key.day, key.path, key.landing ? '1' : '0', key.source, key.medium, key.campaign, key.referrer].join('\u0001');

/** Counts as one batch per day, oldest first: the store writes a batch whole or not at all. */
export function batchesByDay(counts: Iterable<VisitCount>): VisitCount[][] {
  const days = new Map<string, VisitCount[]>();
  for (const count of counts) {
    const day = days.get(count.day);
    if (day) day.push(count);
    else days.set(count.day, [count]);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, batch]) => batch);
}

/** Counts added up by key. */
export function mergeCounts(counts: Iterable<VisitCount>, into = new Map<string, VisitCount>()): Map<string, VisitCount> {
  for (const count of counts) {
    const id = visitKeyOf(count);
    const kept = into.get(id);
    if (kept) kept.count += count.count;
    else into.set(id, { ...count });
  }
  return into;
}
