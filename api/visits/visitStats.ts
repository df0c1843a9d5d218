import { OTHER_ORIGIN } from '../store/visitCaps';
import type { OriginCount, VisitListing, VisitTotals } from '../store/VisitStore';
import type { Campaign } from '../../src/shared/desk';
import type { MarketingStats, PageFigures } from '../../src/shared/marketingStats';

/** Enquiries whose form was reached without a page to credit (typed in, or the contact page itself). */
export const NO_SOURCE_PAGE = '(no source page)';
/** Campaigns and referring sites listed (and as many more expected campaigns); the rest are one "(other)" row, so the answer stays small. */
export const MAX_ORIGIN_ROWS = 100;

type Row = { visits: number; enquiries: number };

const tally = <T extends Row>(map: Map<string, T>, key: string, start: () => T) => {
  const row = map.get(key) ?? start();
  map.set(key, row);
  return row;
};
/** A UTF-16 code unit as its code point sorts: surrogates after U+E000–U+FFFF. */
const pointOrder = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** Strings in code point order, as PostgreSQL's "C" collation sorts them. */
export function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x !== y) return pointOrder(x) - pointOrder(y);
  }
  return a.length - b.length;
}

/** Most visits first, then most enquiries, then by name: the same rows in the same order on either store. */
const largestFirst = <T extends Row>(rows: Iterable<T>, nameOf: (row: T) => string[]) =>
  [...rows].sort((a, b) => {
    if (a.visits !== b.visits || a.enquiries !== b.enquiries) return b.visits - a.visits || b.enquiries - a.enquiries;
    const [x, y] = [nameOf(a), nameOf(b)];
    for (let part = 0; part < x.length; part++) {
      const order = byCodePoint(x[part]!, y[part]!);
      if (order !== 0) return order;
    }
    return 0;
  });

/**
 * The `count` busiest rows, and as many more of those `expected` names (so a listed campaign
 * shows however many made-up ones share its source), then the rest added up into one "(other)"
 * row, together with the "(other)" the caps counted, if any (the one `isCounted`).
 */
function busiest<T extends Row>(
  rows: T[],
  count: number,
  origin: { nameOf: (row: T) => string[]; isCounted: (row: T) => boolean; startOther: () => T; expected: (row: T) => boolean },
): T[] {
  const sorted = largestFirst(rows, origin.nameOf);
  const counted = rows.find(origin.isCounted);
  const shown = new Set<T>();
  let expectedShown = 0;
  for (const row of sorted) {
    if (row === counted) continue;
    if (shown.size < count + expectedShown) shown.add(row);
    else if (expectedShown < count && origin.expected(row)) {
      shown.add(row);
      expectedShown += 1;
    }
  }
  if (shown.size === sorted.length) return sorted;
  const other = origin.startOther();
  for (const row of sorted)
    if (!shown.has(row)) {
      other.visits += row.visits;
      other.enquiries += row.enquiries;
    }
  return largestFirst([...shown, other], origin.nameOf);
}

/** What the dashboard lists (VisitStore's VisitListing): the busiest hundred, the campaigns the owners expect, the origins of the period's enquiries. */
export function dashboardListing(
  expected: readonly string[],
  enquiries: readonly OriginCount[],
  busiestCount = MAX_ORIGIN_ROWS,
): VisitListing {
  const campaigns = new Map<string, Campaign>();
  for (const { source, medium, campaign } of enquiries)
    if (source || medium || campaign) campaigns.set(JSON.stringify([source, medium, campaign]), { source, medium, campaign });
  return {
    busiest: busiestCount,
    expected,
    campaigns: [...campaigns.values()],
    referrers: [...new Set(enquiries.map((count) => count.referrer).filter(Boolean))],
  };
}

/**
 * The marketing figures of a period from its visit totals and its enquiries' origins: per page,
 * per campaign and per referring site, visits and enquiries (campaigns and sites by the visits
 * that landed from them), and the eligibility checkers. Campaigns the owners expect are always
 * listed; the others beyond the busiest hundred (`listing`) are one "(other)" row, as are
 * referring sites.
 */
export function marketingStats(
  period: { days: number; from: string; to: string },
  visits: VisitTotals,
  enquiries: readonly OriginCount[],
  checkerPaths: ReadonlySet<string>,
  listing: VisitListing,
): MarketingStats {
  const pages = new Map<string, PageFigures>();
  const page = (path: string) => tally(pages, path, () => ({ path, visits: 0, landings: 0, enquiries: 0 }));
  const keyOf = (c: Campaign) => `${c.source}\u0001${c.medium}\u0001${c.campaign}`;
  let totalVisits = 0;
  let totalEnquiries = 0;

  for (const figures of visits.pages) {
    totalVisits += figures.visits;
    Object.assign(page(figures.path), { visits: figures.visits, landings: figures.landings });
  }
  // The enquiries' origins, a few a day, by key; the visits' rows (one per key, thousands at the
  // caps) are looked up in them, a campaign only when its source is one of theirs, so no key is
  // joined up from long made-up values for each of them.
  const sentCampaigns = new Map<string, Campaign & Row>();
  const sentReferrers = new Map<string, { host: string } & Row>();
  for (const count of enquiries) {
    totalEnquiries += count.count;
    page(count.sourcePage ?? NO_SOURCE_PAGE).enquiries += count.count;
    const { source, medium, campaign, referrer } = count;
    if (source || medium || campaign)
      tally(sentCampaigns, keyOf(count), () => ({ source, medium, campaign, visits: 0, enquiries: 0 })).enquiries += count.count;
    if (referrer) tally(sentReferrers, referrer, () => ({ host: referrer, visits: 0, enquiries: 0 })).enquiries += count.count;
  }
  const sentSources = new Set([...sentCampaigns.values()].map((row) => row.source));
  const campaigns: (Campaign & Row)[] = visits.campaigns.map(({ source, medium, campaign, visits: seen }) => {
    const key = sentSources.has(source) ? keyOf({ source, medium, campaign }) : undefined;
    const sent = key === undefined ? undefined : sentCampaigns.get(key);
    if (sent) sentCampaigns.delete(key!);
    return { source, medium, campaign, visits: seen, enquiries: sent?.enquiries ?? 0 };
  });
  campaigns.push(...sentCampaigns.values());
  const referrers = visits.referrers.map(({ host, visits: seen }) => {
    const sent = sentReferrers.get(host);
    if (sent) sentReferrers.delete(host);
    return { host, visits: seen, enquiries: sent?.enquiries ?? 0 };
  });
  referrers.push(...sentReferrers.values());

  const otherCampaign: Campaign = { source: OTHER_ORIGIN, medium: '', campaign: '' };
  const expected = new Set(listing.expected);
  return {
    ...period,
    totals: { visits: totalVisits, enquiries: totalEnquiries },
    pages: largestFirst(pages.values(), (row) => [row.path]),
    campaigns: busiest(campaigns, listing.busiest, {
      nameOf: (row) => [row.source, row.medium, row.campaign],
      isCounted: (row) => row.source === OTHER_ORIGIN && !row.medium && !row.campaign,
      startOther: () => ({ ...otherCampaign, visits: 0, enquiries: 0 }),
      expected: (row) => expected.has(row.campaign.toLowerCase()) || expected.has(row.source.toLowerCase()),
    }),
    referrers: busiest(referrers, listing.busiest, {
      nameOf: (row) => [row.host],
      isCounted: (row) => row.host === OTHER_ORIGIN,
      startOther: () => ({ host: OTHER_ORIGIN, visits: 0, enquiries: 0 }),
      expected: () => false,
    }),
    checkers: [...checkerPaths]
      .map((path) => ({ path, visits: pages.get(path)?.visits ?? 0, enquiries: pages.get(path)?.enquiries ?? 0 }))
      .sort((a, b) => b.visits - a.visits),
  };
}
