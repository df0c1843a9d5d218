import type { OriginCount, VisitCount } from '../store/VisitStore';
import type { Campaign } from '../../src/shared/desk';
import type { MarketingStats, PageFigures } from '../../src/shared/marketingStats';

/** Enquiries whose form was reached without a page to credit (typed in, or the contact page itself). */
export const NO_SOURCE_PAGE = '(no source page)';

const tally = <T extends { visits: number; enquiries: number }>(map: Map<string, T>, key: string, start: () => T) => {
  const row = map.get(key) ?? start();
  map.set(key, row);
  return row;
};
const largestFirst = <T extends { visits: number; enquiries: number }>(rows: Iterable<T>) =>
  [...rows].sort((a, b) => b.visits - a.visits || b.enquiries - a.enquiries);

/**
 * The marketing figures of a period from its visit counts and its enquiries' origins: per page,
 * per campaign and per referring site, visits and enquiries (campaigns and sites by the visits
 * that landed from them), and the eligibility checkers.
 */
export function marketingStats(
  period: { days: number; from: string; to: string },
  visits: readonly VisitCount[],
  enquiries: readonly OriginCount[],
  checkerPaths: ReadonlySet<string>,
): MarketingStats {
  const pages = new Map<string, PageFigures>();
  const campaigns = new Map<string, Campaign & { visits: number; enquiries: number }>();
  const referrers = new Map<string, { host: string; visits: number; enquiries: number }>();
  const page = (path: string) => tally(pages, path, () => ({ path, visits: 0, landings: 0, enquiries: 0 }));
  const campaign = (c: Campaign) => tally(campaigns, JSON.stringify(c), () => ({ ...c, visits: 0, enquiries: 0 }));
  const referrer = (host: string) => tally(referrers, host, () => ({ host, visits: 0, enquiries: 0 }));
  const hasCampaign = (row: { source: string; medium: string; campaign: string }) => row.source || row.medium || row.campaign;
  let totalVisits = 0;
  let totalEnquiries = 0;

  for (const count of visits) {
    totalVisits += count.count;
    const figures = page(count.path);
    figures.visits += count.count;
    if (!count.landing) continue;
    figures.landings += count.count;
    if (hasCampaign(count)) campaign({ source: count.source, medium: count.medium, campaign: count.campaign }).visits += count.count;
    if (count.referrer) referrer(count.referrer).visits += count.count;
  }
  for (const count of enquiries) {
    totalEnquiries += count.count;
    page(count.sourcePage ?? NO_SOURCE_PAGE).enquiries += count.count;
    if (hasCampaign(count)) campaign({ source: count.source, medium: count.medium, campaign: count.campaign }).enquiries += count.count;
    if (count.referrer) referrer(count.referrer).enquiries += count.count;
  }
  return {
    ...period,
    totals: { visits: totalVisits, enquiries: totalEnquiries },
    pages: largestFirst(pages.values()),
    campaigns: largestFirst(campaigns.values()),
    referrers: largestFirst(referrers.values()),
    checkers: [...checkerPaths]
      .map((path) => ({ path, visits: pages.get(path)?.visits ?? 0, enquiries: pages.get(path)?.enquiries ?? 0 }))
      .sort((a, b) => b.visits - a.visits),
  };
}
