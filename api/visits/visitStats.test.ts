import { expect, test } from 'vitest';
import { OTHER_ORIGIN } from '../store/visitCaps';
import { campaignKey, referrerKey } from '../store/visitTotals';
import { dashboardListing, marketingStats, MAX_ORIGIN_ROWS } from './visitStats';

const period = { days: 7, from: '2026-11-18', to: '2026-11-24' };

test('past the busiest hundred, campaigns and sites are one "(other)" row with the caps’ own; expected campaigns are listed all the same', () => {
  const keyed = (row: { source: string; medium: string; campaign: string; visits: number }) => ({
    key: campaignKey(row.source, row.medium, row.campaign),
    ...row,
  });
  const junk = Array.from({ length: 300 }, (_, at) => ({ source: `spam${at}`, medium: 'x', campaign: `junk-${at}`, visits: 1000 - at }));
  const listed = Array.from({ length: 5 }, (_, at) => ({ source: 'google', medium: 'cpc', campaign: `diwali-${at}`, visits: 1 }));
  const folded = { source: OTHER_ORIGIN, medium: '', campaign: '', visits: 50 };
  const enquiries = [{ sourcePage: '/', source: 'google', medium: 'cpc', campaign: 'diwali-4', referrer: '', count: 2 }];
  const stats = marketingStats(
    period,
    {
      pages: [{ path: '/', visits: 5000, landings: 4000 }],
      campaigns: [...junk, ...listed, folded].map(keyed),
      referrers: Array.from({ length: 150 }, (_, at) => ({ key: referrerKey(`r${at}.example`), host: `r${at}.example`, visits: 10 })),
    },
    enquiries,
    new Set(),
    dashboardListing(['google'], enquiries),
  );
  const restVisits = junk.slice(MAX_ORIGIN_ROWS).reduce((sum, row) => sum + row.visits, 0);
  expect(stats.campaigns).toHaveLength(MAX_ORIGIN_ROWS + listed.length + 1);
  expect(stats.campaigns.slice(0, 4).map((row) => row.campaign || row.source)).toEqual([OTHER_ORIGIN, 'junk-0', 'junk-1', 'junk-2']);
  expect(stats.campaigns).toContainEqual({ source: 'google', medium: 'cpc', campaign: 'diwali-4', visits: 1, enquiries: 2 });
  expect(stats.campaigns.find((row) => row.source === OTHER_ORIGIN)).toEqual({ ...folded, visits: restVisits + 50, enquiries: 0 });
  expect(stats.referrers).toHaveLength(MAX_ORIGIN_ROWS + 1);
  expect(stats.referrers.find((row) => row.host === OTHER_ORIGIN)).toEqual({ host: OTHER_ORIGIN, visits: 500, enquiries: 0 });
  expect(stats.totals).toEqual({ visits: 5000, enquiries: 2 });
});
