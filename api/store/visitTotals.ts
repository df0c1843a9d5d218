import type { VisitCount, VisitTotals } from './VisitStore';

type PageTotal = VisitTotals['pages'][number];
type CampaignTotal = VisitTotals['campaigns'][number];
type ReferrerTotal = VisitTotals['referrers'][number];

const campaignKey = (source: string, medium: string, campaign: string) => `${source}\u0001${medium}\u0001${campaign}`;

/**
 * Visit figures added up: per page (visits and landings), per campaign and per referring site
 * (the visits that landed from them). A day's counts make that day's totals, which both stores
 * keep beside the counts when the day's batch is written; the days' totals added up make a
 * range's, so the dashboard reads one summary a day, however many rows the caps let in.
 */
export class VisitTally {
  private readonly pages = new Map<string, PageTotal>();
  private readonly campaigns = new Map<string, CampaignTotal>();
  private readonly referrers = new Map<string, ReferrerTotal>();

  addCount({ path, landing, source, medium, campaign, referrer, count }: VisitCount): void {
    this.addPage(path, count, landing ? count : 0);
    if (!landing) return;
    if (source || medium || campaign) this.addCampaign(source, medium, campaign, count);
    if (referrer) this.addReferrer(referrer, count);
  }

  addTotals(totals: VisitTotals): void {
    for (const page of totals.pages) this.addPage(page.path, page.visits, page.landings);
    for (const row of totals.campaigns) this.addCampaign(row.source, row.medium, row.campaign, row.visits);
    for (const row of totals.referrers) this.addReferrer(row.host, row.visits);
  }

  addPage(path: string, visits: number, landings: number): void {
    const page = this.pages.get(path);
    if (page) {
      page.visits += visits;
      page.landings += landings;
    } else this.pages.set(path, { path, visits, landings });
  }

  addCampaign(source: string, medium: string, campaign: string, visits: number): void {
    const key = campaignKey(source, medium, campaign);
    const row = this.campaigns.get(key);
    if (row) row.visits += visits;
    else this.campaigns.set(key, { source, medium, campaign, visits });
  }

  addReferrer(host: string, visits: number): void {
    const row = this.referrers.get(host);
    if (row) row.visits += visits;
    else this.referrers.set(host, { host, visits });
  }

  get totals(): VisitTotals {
    return { pages: [...this.pages.values()], campaigns: [...this.campaigns.values()], referrers: [...this.referrers.values()] };
  }
}

/** The totals of some counts (a day's batch, or today's counts so far). */
export function totalsOf(counts: Iterable<VisitCount>): VisitTotals {
  const tally = new VisitTally();
  for (const count of counts) tally.addCount(count);
  return tally.totals;
}
