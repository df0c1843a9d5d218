import { expect, test } from 'vitest';
import type { ApplicationStatus } from '../../src/shared/applications';
import { OTHER_KEY } from '../../src/shared/pipeline';
import { workingWeek, type WorkingHours } from '../../src/shared/workingTime';
import type { PipelineQuery } from './pipelineReport';
import type { NewEnquiry, Store } from './Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { by, contact } from '../../tests/helpers/storeFixtures';

/** Monday to Saturday, 09:30 to 18:30 India time: pages-data/_desk.yaml. */
const HOURS: WorkingHours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' },
];
const india = (time: string) => Date.parse(`${time}+05:30`);
const isoIndia = (time: string) => new Date(india(time)).toISOString();
const LAKH = 100_000;

/** Wednesday 25 and Thursday 26 November 2026, India time, asked on Friday morning. */
const query = (now: string): PipelineQuery => ({
  since: isoIndia('2026-11-25T00:00'),
  until: isoIndia('2026-11-27T00:00'),
  now: isoIndia(now),
  week: workingWeek(HOURS),
  lostStatuses: ['closed'],
  advisors: ['id-asha', 'id-ravi'],
});

const enquiry = (message: string, extra: Partial<NewEnquiry> & { campaign?: string; advisor?: string; due?: string } = {}): NewEnquiry => {
  const { campaign, advisor, due, ...rest } = extra;
  return {
    ...contact(message),
    ...(campaign && { origin: { campaign: { source: 'google', medium: 'cpc', campaign } } }),
    ...(advisor && { assignee: { to: by(advisor), rule: 'turns' } }),
    ...(due && { firstResponseDueAt: isoIndia(due) }),
    ...rest,
  };
};

/** The pipeline report: the same figures, to the rupee and the minute, on every store. */
eachStore('the pipeline report', (fresh) => {
  test('a period’s enquiries: first responses in working time, targets, applications, sanctions, rejections and losses, per advisor, page and campaign', async () => {
    const { store, clock, restart } = await fresh();
    const at = (time: string) => clock.advance(india(time) - clock.now());
    const apply = (id: string, lender: string, amount: number) =>
      store.applications.addApplication({ enquiryId: id, lender, product: 'Term loan', amount }, by('asha')).then((added) => added!.id);
    const move = (enquiryId: string, id: string, from: ApplicationStatus, status: ApplicationStatus, extra = {}) =>
      store.applications.updateApplication(enquiryId, id, { from, status, ...extra }, by('asha'));
    const called = (id: string) => store.enquiries.recordContact(id, { channel: 'call', from: 'new', to: 'contacted' }, by('asha'));

    // Tuesday: before the period, answered at once; it counts nowhere.
    const before = await store.enquiries.add(enquiry('before', { advisor: 'asha', sourcePage: '/pmegp', due: '2026-11-24T12:00' }));
    await called(before._id);

    await at('2026-11-25T10:00');
    const e1 = await store.enquiries.add(
      enquiry('e1', { advisor: 'asha', sourcePage: '/pmegp', campaign: 'diwali', due: '2026-11-25T11:00' }),
    );
    const e2 = await store.enquiries.add(enquiry('e2', { advisor: 'asha', sourcePage: '/pmegp', due: '2026-11-25T11:00' }));
    await store.enquiries.add(enquiry('e3', { advisor: 'ravi', sourcePage: '/mudra', campaign: 'diwali', due: '2026-11-25T11:00' }));
    await at('2026-11-25T10:20');
    await called(e1._id); // 20 minutes: within the target
    await at('2026-11-25T10:30');
    const a1 = await apply(e1._id, 'sbi', 10 * LAKH);
    const a2 = await apply(e1._id, 'bajaj-finance', 5 * LAKH);
    await at('2026-11-25T10:40');
    await move(e1._id, a1, 'preparing', 'submitted');
    await move(e1._id, a2, 'preparing', 'submitted');
    await at('2026-11-25T11:30');
    // A note marked as a contact (a visit to the office): 90 minutes, late.
    await store.enquiries.addNote(e2._id, 'Came to the office', by('asha'), { from: 'new', to: 'contacted' });
    await at('2026-11-25T12:00');
    await move(e1._id, a2, 'submitted', 'rejected', { reason: 'Low CIBIL score' });
    await at('2026-11-25T14:00');
    await move(e1._id, a1, 'submitted', 'sanctioned', { sanctionedAmount: 8 * LAKH }); // 4 hours after e1 arrived

    // 18:00 to 18:30 on Wednesday and 09:30 to 09:45 on Thursday: 45 working minutes, within its target of Thursday 10:00.
    await at('2026-11-25T18:00');
    const e4 = await store.enquiries.add(enquiry('e4', { advisor: 'gone', campaign: 'spring', due: '2026-11-26T10:00' }));
    await at('2026-11-26T09:45');
    await store.enquiries.recordContact(e4._id, { channel: 'whatsapp', from: 'new', to: 'contacted' }, by('asha'));
    await at('2026-11-26T10:00');
    await store.enquiries.update(e4._id, { status: 'closed', closedReason: 'not-eligible' }, by('asha'));
    await at('2026-11-26T11:00');
    await move(e1._id, a1, 'sanctioned', 'disbursed', { disbursedAmount: 8 * LAKH });
    const e5 = await store.enquiries.add(enquiry('e5', { advisor: 'ravi', sourcePage: '/mudra' })); // no target
    await at('2026-11-26T11:10');
    await called(e5._id);
    const a3 = await apply(e5._id, 'sbi', 4 * LAKH);
    const a4 = await apply(e5._id, 'sbi', 1 * LAKH);
    await at('2026-11-26T11:30');
    await move(e5._id, a3, 'preparing', 'query-raised');
    await move(e5._id, a4, 'preparing', 'withdrawn');
    await at('2026-11-26T16:00');
    const e6 = await store.enquiries.add(enquiry('e6', { sourcePage: '/pmegp', campaign: 'diwali', due: '2026-11-26T17:00' }));
    await at('2026-11-26T16:10');
    // A change of status alone is no contact: e6 stays unanswered, and misses its target.
    await store.enquiries.update(e6._id, { status: 'documents-pending' }, by('asha'));
    await at('2026-11-27T09:00');
    await move(e5._id, a3, 'query-raised', 'sanctioned', { sanctionedAmount: 3 * LAKH }); // 22 hours after e5 arrived
    await at('2026-11-27T09:30');
    await move(e5._id, a3, 'sanctioned', 'withdrawn');
    await at('2026-11-27T10:00');
    await store.enquiries.add(enquiry('after', { advisor: 'asha', sourcePage: '/pmegp', campaign: 'diwali' }));

    const report = await store.pipeline.report(query('2026-11-27T10:00'));
    const none = { count: 0, amount: 0 };
    const cibil = [{ reason: 'Low CIBIL score', count: 1 }];
    const notEligible = [{ reason: 'not-eligible', count: 1 }];
    expect(report.total).toEqual({
      enquiries: 6,
      // 10, 20, 45 and 90 working minutes: the median 32.5, the 90th percentile 76.5.
      firstResponse: { answered: 4, medianMinutes: 33, p90Minutes: 77 },
      withinTarget: { within: 2, of: 5 },
      // e1 asked ₹10 lakh of two lenders (₹10 and ₹5 lakh): counted once, as its largest.
      asked: { count: 2, amount: 14 * LAKH },
      submitted: { count: 3, amount: 19 * LAKH },
      sanctioned: { count: 2, amount: 11 * LAKH },
      disbursed: { count: 1, amount: 8 * LAKH },
      // 4 and 22 hours: 13 hours is 0.54 days.
      medianDaysToSanction: 0.5,
      rejections: cibil,
      losses: notEligible,
    });
    const asha = {
      key: 'id-asha',
      enquiries: 2,
      firstResponse: { answered: 2, medianMinutes: 55, p90Minutes: 83 },
      withinTarget: { within: 1, of: 2 },
      asked: { count: 1, amount: 10 * LAKH },
      submitted: { count: 2, amount: 15 * LAKH },
      sanctioned: { count: 1, amount: 8 * LAKH },
      disbursed: { count: 1, amount: 8 * LAKH },
      medianDaysToSanction: 0.2,
      rejections: cibil,
      losses: [],
    };
    const ravi = {
      key: 'id-ravi',
      enquiries: 2,
      firstResponse: { answered: 1, medianMinutes: 10, p90Minutes: 10 },
      withinTarget: { within: 0, of: 1 },
      asked: { count: 1, amount: 4 * LAKH },
      submitted: { count: 1, amount: 4 * LAKH },
      sanctioned: { count: 1, amount: 3 * LAKH },
      disbursed: none,
      medianDaysToSanction: 0.9,
      rejections: [],
      losses: [],
    };
    // e4's advisor has no account now, and e6 has none: both are nobody's.
    const nobody = {
      key: null,
      enquiries: 2,
      firstResponse: { answered: 1, medianMinutes: 45, p90Minutes: 45 },
      withinTarget: { within: 1, of: 2 },
      asked: none,
      submitted: none,
      sanctioned: none,
      disbursed: none,
      medianDaysToSanction: null,
      rejections: [],
      losses: notEligible,
    };
    expect(report.advisors).toEqual([asha, ravi, nobody]);
    const e4Alone = { ...nobody, enquiries: 1, withinTarget: { within: 1, of: 1 } };
    expect(report.sources).toEqual([
      { ...asha, key: '/pmegp', enquiries: 3, withinTarget: { within: 1, of: 3 } },
      { ...ravi, key: '/mudra' },
      e4Alone,
    ]);
    expect(report.campaigns).toEqual([
      {
        ...asha,
        key: 'diwali',
        enquiries: 3,
        firstResponse: { answered: 1, medianMinutes: 20, p90Minutes: 20 },
        withinTarget: { within: 1, of: 3 },
      },
      { ...e4Alone, key: 'spring' },
      { ...ravi, key: null, firstResponse: { answered: 2, medianMinutes: 50, p90Minutes: 82 } },
    ]);

    // Asked on Thursday afternoon, e6 is still within its target: not known yet.
    expect((await store.pipeline.report(query('2026-11-26T16:30'))).total.withinTarget).toEqual({ within: 2, of: 4 });

    // A restarted server counts the same from what it stored.
    const restarted = await restart();
    expect(await restarted.pipeline.report(query('2026-11-27T10:00'))).toEqual(report);
    // Erased enquiries count nowhere, nor do their applications: e1's submissions, sanction and rejection, e4's loss.
    await restarted.enquiries.delete([e1._id, e4._id]);
    expect((await restarted.pipeline.report(query('2026-11-27T10:00'))).total).toMatchObject({
      enquiries: 4,
      asked: { count: 1, amount: 4 * LAKH },
      submitted: { count: 1, amount: 4 * LAKH },
      sanctioned: { count: 1, amount: 3 * LAKH },
      disbursed: none,
      rejections: [],
      losses: [],
    });
  });

  test('a period with no enquiries has no figures; campaigns beyond the busiest hundred are one row', async () => {
    const { store } = await fresh();
    expect(await store.pipeline.report(query('2026-11-27T10:00'))).toEqual({
      total: {
        enquiries: 0,
        firstResponse: { answered: 0, medianMinutes: null, p90Minutes: null },
        withinTarget: { within: 0, of: 0 },
        asked: { count: 0, amount: 0 },
        submitted: { count: 0, amount: 0 },
        sanctioned: { count: 0, amount: 0 },
        disbursed: { count: 0, amount: 0 },
        medianDaysToSanction: null,
        rejections: [],
        losses: [],
      },
      advisors: [],
      sources: [],
      campaigns: [],
    });
    const names = Array.from({ length: 102 }, (_, index) => `c${String(index).padStart(3, '0')}`);
    for (const campaign of ['busy', 'busy', ...names]) await store.enquiries.add(enquiry(campaign, { campaign }));
    const everything = { ...query('2026-11-27T10:00'), since: '2000-01-01T00:00:00.000Z', until: '2100-01-01T00:00:00.000Z' };
    const { campaigns } = await store.pipeline.report(everything);
    expect(campaigns.map((row) => [row.key, row.enquiries])).toEqual([
      ['busy', 2],
      ...names.slice(0, 99).map((name) => [name, 1]),
      [OTHER_KEY, 3],
    ]);
  });

  test('the board: each status a page at a time, newest first, of everyone or one advisor, following each change of status and advisor', async () => {
    const { store, clock } = await fresh();
    const names = async (query: Parameters<Store['pipeline']['boardPage']>[0]) => {
      const page = await store.pipeline.boardPage(query);
      return { names: page.items.map((item) => item.enquiry.fields.message), total: page.total, nextCursor: page.nextCursor };
    };
    const made = [];
    for (const [index, advisor] of ['asha', undefined, 'asha', 'ravi', 'asha'].entries()) {
      made.push(await store.enquiries.add(enquiry(`n${index}`, advisor ? { advisor } : {})));
      await clock.advance(60_000);
    }
    const first = await names({ status: 'new', limit: 2 });
    expect(first).toMatchObject({ names: ['n4', 'n3'], total: 5 });
    const second = await names({ status: 'new', limit: 2, cursor: first.nextCursor! });
    expect(second).toMatchObject({ names: ['n2', 'n1'], total: 5 });
    expect(await names({ status: 'new', limit: 2, cursor: second.nextCursor! })).toEqual({ names: ['n0'], total: 5, nextCursor: null });
    expect(await names({ status: 'new', assigneeId: 'id-asha', limit: 10 })).toEqual({
      names: ['n4', 'n2', 'n0'],
      total: 3,
      nextCursor: null,
    });

    await store.enquiries.update(made[2]!._id, { status: 'documents-pending' }, by('asha'));
    const movedAt = new Date(clock.now()).toISOString();
    await clock.advance(60_000);
    await store.enquiries.update(made[4]!._id, { assignment: { to: by('ravi') } }, by('owner'));
    await store.enquiries.recordContact(made[0]!._id, { channel: 'call', from: 'new', to: 'contacted' }, by('asha'));
    await store.enquiries.delete([made[1]!._id]);
    await store.applications.addApplication(
      { enquiryId: made[2]!._id, lender: 'sbi', product: 'Mudra Kishor', amount: 5 * LAKH },
      by('asha'),
    );
    expect(await names({ status: 'new', limit: 10 })).toEqual({ names: ['n4', 'n3'], total: 2, nextCursor: null });
    expect(await names({ status: 'new', assigneeId: 'id-asha', limit: 10 })).toEqual({ names: [], total: 0, nextCursor: null });
    expect(await names({ status: 'new', assigneeId: 'id-ravi', limit: 10 })).toEqual({ names: ['n4', 'n3'], total: 2, nextCursor: null });
    expect(await names({ status: 'contacted', assigneeId: 'id-asha', limit: 10 })).toEqual({ names: ['n0'], total: 1, nextCursor: null });
    const [pending] = (await store.pipeline.boardPage({ status: 'documents-pending', limit: 10 })).items;
    expect(pending).toMatchObject({
      enquiry: { _id: made[2]!._id, status: 'documents-pending', assigneeId: 'id-asha' },
      inStageSince: movedAt,
      applications: [{ product: 'Mudra Kishor', amount: 5 * LAKH, status: 'preparing' }],
    });
    expect((await store.pipeline.boardPage({ status: 'new', limit: 10 })).items[1]).toMatchObject({
      inStageSince: made[3]!.createdAt,
      applications: [],
    });
    expect(await names({ status: 'sanctioned', limit: 10 })).toEqual({ names: [], total: 0, nextCursor: null });
  });
});
