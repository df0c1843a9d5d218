import { expect, test } from 'vitest';
import { dashboardListing, marketingStats } from '../visits/visitStats';
import { OTHER_ORIGIN } from './visitCaps';
import { campaignKey, referrerKey } from './visitTotals';
import type { OriginCount, VisitCount, VisitTotals } from './VisitStore';
import type { Store } from './Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { byKey, contact, sortedTotals, totalsOfRows } from '../../tests/helpers/storeFixtures';

const view = (day: string, path: string, count: number, landing?: Partial<VisitCount>): VisitCount => ({
  day,
  path,
  landing: landing !== undefined,
  source: '',
  medium: '',
  campaign: '',
  referrer: '',
  ...landing,
  count,
});
/** Visit counts and enquiries' origins: what the marketing figures are made from, the same on both stores. */
eachStore('visit counts and where enquiries came from', (fresh) => {
  test('counts of one key add up across batches, and a range gives the days in it', async () => {
    const { store } = await fresh();
    const diwali = { source: 'google', medium: 'cpc', campaign: 'diwali', referrer: 'www.google.com' };
    await store.visits.add([view('2026-11-01', '/homeloan', 3), view('2026-11-01', '/homeloan', 2, diwali), view('2026-10-31', '/', 1)]);
    await store.visits.add([view('2026-11-01', '/homeloan', 4), view('2026-12-01', '/pmegp', 7)]);
    expect(byKey(await store.visits.counts('2026-11-01', '2026-11-30'))).toEqual(
      byKey([view('2026-11-01', '/homeloan', 7), view('2026-11-01', '/homeloan', 2, diwali)]),
    );
    expect(await store.visits.counts('2026-10-31', '2026-10-31')).toEqual([view('2026-10-31', '/', 1)]);
    expect(await store.visits.counts('2027-01-01', '2027-01-31')).toEqual([]);
    expect(await store.visits.totals('2026-11-01', '2026-11-30')).toEqual({
      pages: [{ path: '/homeloan', visits: 9, landings: 2 }],
      campaigns: [{ key: campaignKey('google', 'cpc', 'diwali'), source: 'google', medium: 'cpc', campaign: 'diwali', visits: 2 }],
      referrers: [{ key: referrerKey('www.google.com'), host: 'www.google.com', visits: 2 }],
    });
  });

  test('a day holds new origins and rows up to its caps, checked atomically, while an expected campaign is counted as itself past 2,000 made-up ones', async () => {
    const { store } = await fresh();
    const caps = { originsPerDay: 20, rowsPerDay: 40 };
    const day = '2026-11-24';
    const junk = (at: number, path = '/') => view(day, path, 1, { source: `spam${at}`, medium: 'x', campaign: `junk-${at}` });
    expect(await store.visits.addExpectedCampaign('diwali-home-loans')).toBe(true);
    expect(await store.visits.addExpectedCampaign('diwali-home-loans')).toBe(false);
    expect(await store.visits.addExpectedCampaign('whatsapp')).toBe(true);
    expect(await store.visits.expectedCampaigns()).toEqual(['diwali-home-loans', 'whatsapp']);
    const real = view(day, '/homeloan', 1, { source: 'google', medium: 'cpc', campaign: 'diwali-home-loans', referrer: 'www.google.com' });
    const added = await store.visits.add([...Array.from({ length: 2000 }, (_, at) => junk(at)), real], caps);
    expect(added).toContainEqual(real);
    // Two instances flushing at once cannot both take the last room.
    await Promise.all([
      store.visits.add(
        Array.from({ length: 30 }, (_, at) => junk(at, '/pmegp')),
        caps,
      ),
      store.visits.add(
        Array.from({ length: 30 }, (_, at) => junk(5000 + at, '/mudra')),
        caps,
      ),
    ]);
    // A listed source too; a campaign counted already keeps counting.
    await store.visits.add([view(day, '/mr', 1, { source: 'whatsapp', medium: 'forward' }), junk(3), real], caps);
    const counts = await store.visits.counts(day, day);
    const kept = counts.filter((count) => count.source !== OTHER_ORIGIN);
    expect(kept.filter((count) => count.campaign.startsWith('junk-'))).toHaveLength(caps.rowsPerDay);
    expect(new Set(kept.filter((count) => count.campaign.startsWith('junk-')).map((count) => count.campaign)).size).toBe(
      caps.originsPerDay,
    );
    expect(kept.find((count) => count.campaign === 'junk-3' && count.path === '/')?.count).toBe(2);
    expect(kept).toContainEqual({ ...real, count: 2 });
    expect(kept).toContainEqual(view(day, '/mr', 1, { source: 'whatsapp', medium: 'forward' }));
    expect(counts.filter((count) => count.source === OTHER_ORIGIN).reduce((sum, count) => sum + count.count, 0)).toBe(
      2000 + 60 - caps.rowsPerDay,
    );
    expect(await store.visits.removeExpectedCampaign('whatsapp')).toBe(true);
    expect(await store.visits.removeExpectedCampaign('whatsapp')).toBe(false);
    expect(await store.visits.expectedCampaigns()).toEqual(['diwali-home-loans']);
  });

  test('the dashboard’s totals are what the stored rows say, over any range, today’s counts included, and the same after a restart', async () => {
    const { store, restart } = await fresh();
    const caps = { originsPerDay: 3, rowsPerDay: 5 };
    const diwali = { source: 'google', medium: 'cpc', campaign: 'diwali', referrer: 'www.google.com' };
    const whatsapp = { referrer: 'web.whatsapp.com' };
    const junk = (day: string, at: number) =>
      view(day, '/pmegp', 1, { source: `spam${at}`, medium: 'x', campaign: `junk-${at}`, referrer: `spam${at}.example` });
    // Two days over, across a month's end; then today, in batches, past its caps.
    await store.visits.add([view('2026-10-31', '/', 4), view('2026-10-31', '/homeloan', 2, diwali)]);
    await store.visits.add([
      view('2026-11-01', '/homeloan', 5),
      view('2026-11-01', '/homeloan', 3, diwali),
      view('2026-11-01', '/mr/homeloan', 1, whatsapp),
    ]);
    await store.visits.add(
      [view('2026-11-02', '/homeloan', 1, diwali), ...Array.from({ length: 8 }, (_, at) => junk('2026-11-02', at))],
      caps,
    );
    await store.visits.add([view('2026-11-02', '/homeloan', 2, diwali), view('2026-11-02', '/', 6), junk('2026-11-02', 9)], caps);
    // A batch of a day already over: a flush retried after midnight.
    await store.visits.add([view('2026-11-01', '/homeloan', 2, diwali), junk('2026-11-01', 1)], caps);

    const ranges = [
      ['2026-10-01', '2026-11-30'],
      ['2026-10-31', '2026-11-01'],
      ['2026-11-01', '2026-11-01'],
      ['2026-11-02', '2026-11-02'],
      ['2026-12-01', '2026-12-31'],
    ] as const;
    const fromRows = async (current: Store) =>
      Promise.all(ranges.map(async ([from, to]) => totalsOfRows(await current.visits.counts(from, to))));
    const shown = async (current: Store) =>
      Promise.all(ranges.map(async ([from, to]) => sortedTotals(await current.visits.totals(from, to))));
    const before = await fromRows(store);
    expect(await shown(store)).toEqual(before);
    const whole = before[0]!;
    expect(whole.pages).toContainEqual({ path: '/homeloan', visits: 15, landings: 10 });
    expect(whole.campaigns).toContainEqual(expect.objectContaining({ source: 'google', medium: 'cpc', campaign: 'diwali', visits: 10 }));
    expect(whole.campaigns).toContainEqual(expect.objectContaining({ source: OTHER_ORIGIN, medium: '', campaign: '', visits: 7 }));
    expect(before[4]).toEqual({ pages: [], campaigns: [], referrers: [] });

    const restarted = await restart();
    expect(await fromRows(restarted)).toEqual(before);
    expect(await shown(restarted)).toEqual(before);
    await restarted.visits.add([view('2026-11-02', '/homeloan', 4, diwali), junk('2026-11-02', 0)], caps);
    const after = await fromRows(restarted);
    expect(after[3]!.pages).toContainEqual({ path: '/homeloan', visits: 7, landings: 7 });
    expect(await shown(restarted)).toEqual(after);
  });

  test('with what the dashboard lists, its figures are those the rows make: the busiest by visits, tied ones by key, expected campaigns past them, the enquiries’ origins, the rest as "(other)"', async () => {
    const { store } = await fresh();
    const days = ['2026-11-22', '2026-11-23', '2026-11-24'];
    const campaign = (name: string, visits: number, source = 'fb', referrer = '') =>
      days.slice(0, visits > 1 ? 2 : 1).map((day, at) =>
        view(day, '/homeloan', at === 0 ? Math.ceil(visits / 2) : Math.floor(visits / 2), {
          source,
          medium: 'x',
          campaign: name,
          referrer,
        }),
      );
    const byKeyOf =
      <T>(keyOf: (item: T) => string) =>
      (a: T, b: T) =>
        keyOf(a) < keyOf(b) ? -1 : 1;
    // Three campaigns tied at the fourth place, landing from three sites tied there too.
    const tied = ['a😀', 'a！', 'दिवाळी'];
    const tiedSites = ['r2.example', 'r3.example', 'r4.example'].sort(byKeyOf(referrerKey));
    const counts = [
      // An expected campaign among the busiest, so as many more expected ones are listed past them.
      ...campaign('Diwali', 12, 'google-ads', 'r0.example'),
      ...campaign('alpha', 10, 'fb', 'r1.example'),
      ...campaign('beta', 9, 'fb', 'r1.example'),
      ...tied.flatMap((name, at) => campaign(name, 5, 'fb', tiedSites[at])),
      // More expected campaigns than the dashboard lists past the busiest, in any case.
      ...['Google', 'BING', 'duck', 'yahoo', 'Ecosia', 'brave', 'qwant'].flatMap((source, at) =>
        campaign(at % 2 === 0 ? 'Diwali' : 'DIWALI', 1 + (at % 3), source, 'r5.example'),
      ),
      ...campaign('late', 1, 'mail', 'r6.example'),
      view('2026-11-24', '/pmegp', 4, { source: OTHER_ORIGIN, referrer: OTHER_ORIGIN }),
      // Sent by a visitor as utm_source=(other): a campaign of its own, not the caps' "(other)".
      view('2026-11-24', '/pmegp', 3, { source: OTHER_ORIGIN, medium: 'x', campaign: 'sent' }),
      view('2026-11-24', '/', 20),
    ];
    for (const day of days) await store.visits.add(counts.filter((count) => count.day === day));
    // An enquiry lifts the tied site that comes last by key over the others; and two campaigns below the listed ones, one with no visits.
    const enquiries: OriginCount[] = [
      { sourcePage: '/', source: '', medium: '', campaign: '', referrer: tiedSites[2]!, count: 1 },
      { sourcePage: '/homeloan', source: 'mail', medium: 'x', campaign: 'late', referrer: '', count: 1 },
      { sourcePage: null, source: 'newsletter', medium: 'email', campaign: 'november', referrer: '', count: 1 },
    ];
    const listing = dashboardListing(['diwali'], enquiries, 4);
    const period = { days: 3, from: days[0]!, to: days[2]! };
    const figures = (totals: VisitTotals) => marketingStats(period, totals, enquiries, new Set(), listing);
    const fromRows = figures(totalsOfRows(await store.visits.counts(period.from, period.to)));
    expect(figures(await store.visits.totals(period.from, period.to, listing))).toEqual(fromRows);
    const fourth = [...tied].sort(byKeyOf((name) => campaignKey('fb', 'x', name)))[0];
    expect(fromRows.campaigns.map((row) => `${row.source}/${row.campaign}`)).toEqual([
      `${OTHER_ORIGIN}/`,
      'google-ads/Diwali',
      'fb/alpha',
      'fb/beta',
      `fb/${fourth}`,
      'brave/DIWALI',
      'duck/Diwali',
      'BING/DIWALI',
      'Ecosia/Diwali',
    ]);
    // The caps' own 4, the two other tied 5 each, the visitor's "(other)" 3, Google, yahoo, qwant and mail 1 each.
    expect(fromRows.campaigns[0]).toEqual({ source: OTHER_ORIGIN, medium: '', campaign: '', visits: 21, enquiries: 2 });
    expect(fromRows.referrers).toEqual([
      { host: 'r1.example', visits: 19, enquiries: 0 },
      { host: OTHER_ORIGIN, visits: 15, enquiries: 0 },
      { host: 'r5.example', visits: 13, enquiries: 0 },
      { host: 'r0.example', visits: 12, enquiries: 0 },
      { host: tiedSites[2], visits: 5, enquiries: 1 },
    ]);
  });

  test('the retention sweep removes the counts of the months before the ones kept, and their totals', async () => {
    const { store } = await fresh();
    const landing = { source: 'google', medium: 'cpc', campaign: 'old', referrer: 'www.google.com' };
    await store.visits.add([view('2024-09-30', '/', 1, landing)]);
    await store.visits.add([view('2024-10-01', '/', 2)]);
    await store.visits.add([view('2026-11-24', '/', 3)]);
    await store.visits.deleteMonthsBefore('2024-10');
    expect(byKey(await store.visits.counts('2000-01-01', '2099-12-31'))).toEqual(
      byKey([view('2024-10-01', '/', 2), view('2026-11-24', '/', 3)]),
    );
    expect(await store.visits.totals('2000-01-01', '2099-12-31')).toEqual({
      pages: [{ path: '/', visits: 5, landings: 0 }],
      campaigns: [],
      referrers: [],
    });
  });

  test('an enquiry keeps its campaign and referring site; the list filters by campaign; origins are counted since a time', async () => {
    const { store, clock } = await fresh();
    const origin = { campaign: { source: 'facebook', medium: 'social', campaign: 'udyam-week' }, referrer: 'm.facebook.com' };
    const early = await store.enquiries.add({ ...contact('early'), sourcePage: '/udhamadhar', origin });
    await clock.advance(60_000);
    const since = new Date(clock.now()).toISOString();
    const campaigned = await store.enquiries.add({ ...contact('campaigned'), sourcePage: '/udhamadhar', origin });
    await store.enquiries.add({ ...contact('direct'), origin: { referrer: 'www.google.com' } });
    await store.enquiries.add(contact('plain'));
    expect((await store.enquiries.get(campaigned._id))!.origin).toEqual(origin);
    expect((await store.enquiries.get(early._id))!.origin).toEqual(origin);
    const listed = await store.enquiries.list({ campaign: 'udyam-week', limit: 10 });
    expect(listed.items.map((item) => item._id)).toEqual([campaigned._id, early._id]);
    expect(listed.total).toBe(2);
    const counts = await store.visits.enquiryOriginCounts(since);
    expect(byKey(counts)).toEqual(
      byKey([
        { sourcePage: '/udhamadhar', source: 'facebook', medium: 'social', campaign: 'udyam-week', referrer: 'm.facebook.com', count: 1 },
        { sourcePage: null, source: '', medium: '', campaign: '', referrer: 'www.google.com', count: 1 },
        { sourcePage: null, source: '', medium: '', campaign: '', referrer: '', count: 1 },
      ]),
    );
  });
});
