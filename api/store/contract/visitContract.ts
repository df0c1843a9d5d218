import { expect, test } from 'vitest';
import type { VisitCount } from '../VisitStore';
import type { FreshStore } from '../storeContract';
import { contact } from './fixtures';

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
const byKey = <T>(counts: T[]) => [...counts].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Visit counts and enquiries' origins: what the marketing figures are made from, the same on both stores. */
export function visitContract(fresh: FreshStore) {
  test('counts of one key add up across batches, and a range gives the days in it', async () => {
    const { store } = await fresh();
    const diwali = { source: 'google', medium: 'cpc', campaign: 'diwali', referrer: 'www.google.com' };
    await store.addVisitCounts([
      view('2026-11-01', '/homeloan', 3),
      view('2026-11-01', '/homeloan', 2, diwali),
      view('2026-10-31', '/', 1),
    ]);
    await store.addVisitCounts([view('2026-11-01', '/homeloan', 4), view('2026-12-01', '/pmegp', 7)]);
    expect(byKey(await store.visitCounts('2026-11-01', '2026-11-30'))).toEqual(
      byKey([view('2026-11-01', '/homeloan', 7), view('2026-11-01', '/homeloan', 2, diwali)]),
    );
    expect(await store.visitCounts('2026-10-31', '2026-10-31')).toEqual([view('2026-10-31', '/', 1)]);
    expect(await store.visitCounts('2027-01-01', '2027-01-31')).toEqual([]);
  });

  test('an enquiry keeps its campaign and referring site; the list filters by campaign; origins are counted since a time', async () => {
    const { store, clock } = await fresh();
    const origin = { campaign: { source: 'facebook', medium: 'social', campaign: 'udyam-week' }, referrer: 'm.facebook.com' };
    const early = await store.addEnquiry({ ...contact('early'), sourcePage: '/udhamadhar', origin });
    await clock.advance(60_000);
    const since = new Date(clock.now()).toISOString();
    const campaigned = await store.addEnquiry({ ...contact('campaigned'), sourcePage: '/udhamadhar', origin });
    await store.addEnquiry({ ...contact('direct'), origin: { referrer: 'www.google.com' } });
    await store.addEnquiry(contact('plain'));
    expect((await store.getEnquiry(campaigned._id))!.origin).toEqual(origin);
    expect((await store.getEnquiry(early._id))!.origin).toEqual(origin);
    const listed = await store.listEnquiries({ campaign: 'udyam-week', limit: 10 });
    expect(listed.items.map((item) => item._id)).toEqual([campaigned._id, early._id]);
    expect(listed.total).toBe(2);
    const counts = await store.enquiryOriginCounts(since);
    expect(byKey(counts)).toEqual(
      byKey([
        { sourcePage: '/udhamadhar', source: 'facebook', medium: 'social', campaign: 'udyam-week', referrer: 'm.facebook.com', count: 1 },
        { sourcePage: null, source: '', medium: '', campaign: '', referrer: 'www.google.com', count: 1 },
        { sourcePage: null, source: '', medium: '', campaign: '', referrer: '', count: 1 },
      ]),
    );
  });
}
