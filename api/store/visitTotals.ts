import { createHash } from 'node:crypto';
import type { VisitCount, VisitTotals } from './VisitStore';

type PageTotal = VisitTotals['pages'][number];
type CampaignTotal = VisitTotals['campaigns'][number];
type ReferrerTotal = VisitTotals['referrers'][number];

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
 * Visit figures added up: per page (visits and landings), per campaign and per referring site
 * (the visits that landed from them), campaigns and sites by their key. A day's counts make that
 * day's totals, which both stores keep beside the counts when the day's batch is written; the
 * days' totals added up make a range's, so the dashboard reads one summary a day, however many
 * rows the caps let in.
 */
export class VisitTally {
  private readonly pages = new Map<string, PageTotal>();
  private readonly campaigns = new Map<string, CampaignTotal>();
  private readonly referrers = new Map<string, ReferrerTotal>();

  addTotals(totals: VisitTotals): void {
    for (const page of totals.pages) this.addPage(page.path, page.visits, page.landings);
    for (const row of totals.campaigns) this.addCampaign(row);
    for (const row of totals.referrers) this.addReferrer(row);
  }

  addPage(path: string, visits: number, landings: number): void {
    const page = this.pages.get(path);
    if (page) {
      page.visits += visits;
      page.landings += landings;
    } else this.pages.set(path, { path, visits, landings });
  }

  /** Keeps `row` itself the first time its key comes, and adds to it after. */
  addCampaign(row: CampaignTotal): void {
    const kept = this.campaigns.get(row.key);
    if (kept) kept.visits += row.visits;
    else this.campaigns.set(row.key, row);
  }

  /** Keeps `row` itself the first time its key comes, and adds to it after. */
  addReferrer(row: ReferrerTotal): void {
    const kept = this.referrers.get(row.key);
    if (kept) kept.visits += row.visits;
    else this.referrers.set(row.key, row);
  }

  get totals(): VisitTotals {
    return { pages: [...this.pages.values()], campaigns: [...this.campaigns.values()], referrers: [...this.referrers.values()] };
  }
}

/** The totals of some counts (a day's batch, or today's counts so far): added up by names first, then each keyed once. */
export function totalsOf(counts: Iterable<VisitCount>): VisitTotals {
  const pages = new VisitTally();
  const campaigns = new Map<string, Omit<CampaignTotal, 'key'>>();
  const referrers = new Map<string, number>();
  for (const { path, landing, source, medium, campaign, referrer, count } of counts) {
    pages.addPage(path, count, landing ? count : 0);
    if (!landing) continue;
    if (source || medium || campaign) {
      const names = JSON.stringify([source, medium, campaign]);
      const row = campaigns.get(names);
      if (row) row.visits += count;
      else campaigns.set(names, { source, medium, campaign, visits: count });
    }
    if (referrer) referrers.set(referrer, (referrers.get(referrer) ?? 0) + count);
  }
  return {
    pages: pages.totals.pages,
    campaigns: [...campaigns.values()].map((row) => ({ key: campaignKey(row.source, row.medium, row.campaign), ...row })),
    referrers: [...referrers].map(([host, visits]) => ({ key: referrerKey(host), host, visits })),
  };
}
