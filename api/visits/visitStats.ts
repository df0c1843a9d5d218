import { isExpected, OTHER_ORIGIN } from '../store/visitCaps';
import { byVisitsThenKey, campaignKey, firstInOrder, referrerKey } from '../store/visitTotals';
import type { OriginCount, VisitListing, VisitTotals } from '../store/VisitStore';
import type { Campaign } from '../../src/shared/deskEnquiry';
import type { MarketingStats, PageFigures } from '../../src/shared/marketingStats';

/** Enquiries whose form was reached without a page to credit (typed in, or the contact page itself). */
export const NO_SOURCE_PAGE = '(no source page)';
/** Campaigns and referring sites listed (and as many more expected campaigns); the rest are one "(other)" row, so the answer stays small. */
export const MAX_ORIGIN_ROWS = 100;

type Row = { visits: number; enquiries: number };
type Keyed = Row & { key: string };

const tally = <T extends Row>(map: Map<string, T>, key: string, start: () => T) => {
  const row = map.get(key) ?? start();
  map.set(key, row);
  return row;
};
/** Most visits first, then most enquiries, then by `tie`. */
const largestFirst = <T extends Row>(rows: Iterable<T>, tie: (row: T) => string) =>
  [...rows].sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries || (tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0));
/** The order in which rows are listed: most visits, most enquiries, then by key, as the stores rank them (VisitListing). */
const ranked = (a: Keyed, b: Keyed) => b.visits - a.visits || b.enquiries - a.enquiries || byVisitsThenKey(a, b);

/**
 * The `count` first rows, and as many more of those `expected` names (so a listed campaign shows
 * however many made-up ones share its source), then the rest added up into one "(other)" row,
 * together with the "(other)" the caps counted, if any (the one `otherKey`); shown in order of
 * their names where tied.
 */
function busiest<T extends Keyed>(
  rows: T[],
  count: number,
  origin: { nameOf: (row: T) => string; otherKey: string; startOther: () => T; expected: (row: T) => boolean },
): T[] {
  const listable = rows.filter((row) => row.key !== origin.otherKey);
  const first = new Set(firstInOrder(listable, count, ranked));
  const shown = [...first, ...firstInOrder(listable, count, ranked, (row) => !first.has(row) && origin.expected(row))];
  if (shown.length < rows.length) {
    const other = origin.startOther();
    for (const row of rows) {
      other.visits += row.visits;
      other.enquiries += row.enquiries;
    }
    for (const row of shown) {
      other.visits -= row.visits;
      other.enquiries -= row.enquiries;
    }
    shown.push(other);
  }
  return largestFirst(shown, origin.nameOf);
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
  let totalVisits = 0;
  let totalEnquiries = 0;

  for (const figures of visits.pages) {
    totalVisits += figures.visits;
    Object.assign(page(figures.path), { visits: figures.visits, landings: figures.landings });
  }
  // The enquiries' origins, a few a day, by key; the visits' rows (one per key, thousands at the caps) are looked up in them.
  const sentCampaigns = new Map<string, Campaign & Keyed>();
  const sentReferrers = new Map<string, { host: string } & Keyed>();
  for (const count of enquiries) {
    totalEnquiries += count.count;
    page(count.sourcePage ?? NO_SOURCE_PAGE).enquiries += count.count;
    const { source, medium, campaign, referrer } = count;
    if (source || medium || campaign) {
      const key = campaignKey(source, medium, campaign);
      tally(sentCampaigns, key, () => ({ key, source, medium, campaign, visits: 0, enquiries: 0 })).enquiries += count.count;
    }
    if (referrer) {
      const key = referrerKey(referrer);
      tally(sentReferrers, key, () => ({ key, host: referrer, visits: 0, enquiries: 0 })).enquiries += count.count;
    }
  }
  /** The enquiries of a key, taken out of those sent, so that what is left are origins with no visits. */
  const takeSent = <T extends Keyed>(sent: Map<string, T>, key: string) => {
    const enquiriesOf = sent.get(key)?.enquiries ?? 0;
    sent.delete(key);
    return enquiriesOf;
  };
  const campaigns = [
    ...visits.campaigns.map((row) => ({ ...row, enquiries: takeSent(sentCampaigns, row.key) })),
    ...sentCampaigns.values(),
  ];
  const referrers = [
    ...visits.referrers.map((row) => ({ ...row, enquiries: takeSent(sentReferrers, row.key) })),
    ...sentReferrers.values(),
  ];

  const expected = new Set(listing.expected);
  const otherCampaign = { source: OTHER_ORIGIN, medium: '', campaign: '' };
  return {
    ...period,
    totals: { visits: totalVisits, enquiries: totalEnquiries },
    pages: largestFirst(pages.values(), (row) => row.path),
    campaigns: busiest(campaigns, listing.busiest, {
      nameOf: (row) => `${row.source}\u0001${row.medium}\u0001${row.campaign}`,
      otherKey: campaignKey(OTHER_ORIGIN, '', ''),
      startOther: () => ({ key: '', ...otherCampaign, visits: 0, enquiries: 0 }),
      expected: (row) => isExpected(row, expected),
    }).map(({ source, medium, campaign, visits: seen, enquiries: sent }) => ({ source, medium, campaign, visits: seen, enquiries: sent })),
    referrers: busiest(referrers, listing.busiest, {
      nameOf: (row) => row.host,
      otherKey: referrerKey(OTHER_ORIGIN),
      startOther: () => ({ key: '', host: OTHER_ORIGIN, visits: 0, enquiries: 0 }),
      expected: () => false,
    }).map(({ host, visits: seen, enquiries: sent }) => ({ host, visits: seen, enquiries: sent })),
    checkers: [...checkerPaths]
      .map((path) => ({ path, visits: pages.get(path)?.visits ?? 0, enquiries: pages.get(path)?.enquiries ?? 0 }))
      .sort((a, b) => b.visits - a.visits),
  };
}
