import { createHash } from 'node:crypto';
import { isExpected, OTHER_ORIGIN } from './visitCaps';
import type { VisitCount, VisitListing, VisitTotals } from './VisitStore';

type PageTotal = VisitTotals['pages'][number];
type CampaignTotal = VisitTotals['campaigns'][number];

/** A total's kind and names; columns a kind does not use are ''. */
export interface TotalNames {
  kind: 'page' | 'campaign' | 'referrer';
  path: string;
  source: string;
  medium: string;
  campaign: string;
  referrer: string;
}

/**
 * A total's key: 16 bytes of the SHA-256 of its kind and names, one a line (no name holds a line
 * break: visitors' values are refused with control characters), in hexadecimal. Short to add up
 * and compare where the names are long and made up; it orders totals tied on visits the same way
 * everywhere. PostgreSQL computes the same (visit_total_key, migration 15).
 */
export function totalKey(names: TotalNames): string {
  const line = [names.kind, names.path, names.source, names.medium, names.campaign, names.referrer].join('\n');
  return createHash('sha256').update(line).digest().subarray(0, 16).toString('hex');
}

const blank = { path: '', source: '', medium: '', campaign: '', referrer: '' };
export const campaignKey = (source: string, medium: string, campaign: string) =>
  totalKey({ ...blank, kind: 'campaign', source, medium, campaign });
export const referrerKey = (host: string) => totalKey({ ...blank, kind: 'referrer', referrer: host });

/**
 * The totals of some counts (a day's batch, or today's counts so far): per page (visits and
 * landings), per campaign and per referring site (the visits that landed from them), each
 * campaign and site keyed once. Both stores keep a day's totals beside its counts when its batch
 * is written, so the dashboard adds up a summary a day, however many rows the caps let in.
 */
export function totalsOf(counts: Iterable<VisitCount>): VisitTotals {
  const pages = new Map<string, PageTotal>();
  const campaigns = new Map<string, Omit<CampaignTotal, 'key'>>();
  const referrers = new Map<string, number>();
  for (const { path, landing, source, medium, campaign, referrer, count } of counts) {
    const page = pages.get(path) ?? { path, visits: 0, landings: 0 };
    pages.set(path, page);
    page.visits += count;
    if (!landing) continue;
    page.landings += count;
    if (source || medium || campaign) {
      const names = JSON.stringify([source, medium, campaign]);
      const row = campaigns.get(names);
      if (row) row.visits += count;
      else campaigns.set(names, { source, medium, campaign, visits: count });
    }
    if (referrer) referrers.set(referrer, (referrers.get(referrer) ?? 0) + count);
  }
  return {
    pages: [...pages.values()],
    campaigns: [...campaigns.values()].map((row) => ({ key: campaignKey(row.source, row.medium, row.campaign), ...row })),
    referrers: [...referrers].map(([host, visits]) => ({ key: referrerKey(host), host, visits })),
  };
}

/** Most visits first, then by key: how the stores rank what the dashboard may list. */
export const byVisitsThenKey = (a: { visits: number; key: string }, b: { visits: number; key: string }) =>
  b.visits - a.visits || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The first `count` of the `rows` that `keep` keeps, in `order`: a comparison for most rows, not
 * a sort of the thousands the caps let in, and `keep` asked only of a row that would rank.
 */
export function firstInOrder<T>(
  rows: Iterable<T>,
  count: number,
  order: (a: T, b: T) => number,
  keep: (row: T) => boolean = () => true,
): T[] {
  const kept: T[] = [];
  for (const row of rows) {
    if (count === 0 || (kept.length === count && order(row, kept[count - 1]!) >= 0) || !keep(row)) continue;
    let [low, high] = [0, kept.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(row, kept[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    kept.splice(low, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** A campaign's or referring site's visits in a range. */
export interface KeyedSum {
  key: string;
  kind: 'campaign' | 'referrer';
  visits: number;
}

/**
 * The campaigns and referring sites of a range that the dashboard can list (VisitListing), as
 * PostgreSQL picks them (pg/visits.ts): of each kind the busiest by visits then key, the expected
 * campaigns (twice as many: the busiest may hold some), those of the enquiries, and the caps'
 * "(other)". `campaignOf` gives a campaign's names, asked only of one that would rank.
 */
export function listedKeys(
  sums: readonly KeyedSum[],
  listing: VisitListing,
  campaignOf: (key: string) => { source: string; campaign: string },
): Set<string> {
  const counted = new Set([campaignKey(OTHER_ORIGIN, '', ''), referrerKey(OTHER_ORIGIN)]);
  const listable = (kind: KeyedSum['kind']) => sums.filter((sum) => sum.kind === kind && !counted.has(sum.key));
  const campaigns = listable('campaign');
  const expected = new Set(listing.expected);
  return new Set([
    ...[
      ...firstInOrder(campaigns, listing.busiest, byVisitsThenKey),
      ...firstInOrder(listable('referrer'), listing.busiest, byVisitsThenKey),
      ...firstInOrder(campaigns, 2 * listing.busiest, byVisitsThenKey, (sum) => isExpected(campaignOf(sum.key), expected)),
    ].map((sum) => sum.key),
    ...listing.campaigns.map((row) => campaignKey(row.source, row.medium, row.campaign)),
    ...listing.referrers.map(referrerKey),
    ...counted,
  ]);
}

/** `totals` with the visits of what could not be listed added into the "(other)" rows, beside what the caps counted as such. */
export function withRestAsOther(totals: VisitTotals, rest: { campaign: number; referrer: number }): VisitTotals {
  const addInto = <T extends { key: string; visits: number }>(rows: T[], row: T) => {
    const kept = rows.find((other) => other.key === row.key);
    if (kept) kept.visits += row.visits;
    else rows.push(row);
  };
  if (rest.campaign > 0)
    addInto(totals.campaigns, {
      key: campaignKey(OTHER_ORIGIN, '', ''),
      source: OTHER_ORIGIN,
      medium: '',
      campaign: '',
      visits: rest.campaign,
    });
  if (rest.referrer > 0) addInto(totals.referrers, { key: referrerKey(OTHER_ORIGIN), host: OTHER_ORIGIN, visits: rest.referrer });
  return totals;
}
