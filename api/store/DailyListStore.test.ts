import { expect, test } from 'vitest';
import { DAILY_LIST_ITEMS } from '../../src/shared/dailyList';
import type { WorkingHours } from '../../src/shared/workingTime';
import { dailyListOf } from '../notify/dailyList';
import type { NewEnquiry, Store } from './Store';
import { eachStore } from '../../tests/helpers/eachStore';
import { account, by, contact } from '../../tests/helpers/storeFixtures';

const FINAL = ['disbursed', 'closed'];
/** Monday to Saturday, 09:30 to 18:30 India time: pages-data/_desk.yaml. */
const HOURS: WorkingHours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' },
];
const MINUTE = 60_000;
const india = (time: string) => Date.parse(`${time}+05:30`);
const iso = (ms: number) => new Date(ms).toISOString();

const listOf = (store: Store, accountId: string, now: number) => dailyListOf(store, accountId, { now, hours: HOURS, finalStatuses: FINAL });
const names = (section: { items: { firstName: string | null }[] }) => section.items.map((item) => item.firstName);

/** The advisors' daily list: what it holds, on both stores, and its one claim per advisor and day. */
eachStore("the advisors' daily list", (fresh) => {
  test("Monday's list: follow-ups due today and before, the enquiries given since Saturday's opening, those past the target; first names only", async () => {
    const { store, clock } = await fresh();
    for (const name of ['asha', 'ravi']) await store.accounts.add(account(name));
    const to = async (moment: string) => clock.advance(india(moment) - clock.now());
    const add = (name: string, extra: Partial<NewEnquiry> = {}) =>
      store.enquiries.add({ ...contact(name), fields: { ...contact(name).fields, name }, ...extra });

    // Friday: asha's enquiries with follow-ups, given to her before the window of Monday's new ones.
    await to('2026-11-27T12:00');
    const followUps = [];
    for (const [name, on] of [
      ['Sunita Patil', '2026-11-30'],
      ['Kiran More', '2026-11-27'],
      ['Later Person', '2026-12-02'],
      ['Closed Person', '2026-11-30'],
    ] as const) {
      const record = await add(name);
      await store.enquiries.update(record._id, { assignment: { to: by('asha') }, followUpOn: on }, by('owner'));
      followUps.push(record);
    }
    await store.enquiries.update(followUps[3]!._id, { status: 'closed', closedReason: 'duplicate' }, by('asha'));
    // Saturday before opening: given to her, but before the working day opened.
    await to('2026-11-28T09:00');
    await add('Early Bird', { assignee: { to: by('asha'), rule: 'turns' } });
    // Saturday and Sunday: by the rule, by an owner, to ravi, and one given to her and then to ravi.
    await to('2026-11-28T10:00');
    await add('Imran Shaikh', { assignee: { to: by('asha'), rule: 'turns' } });
    await to('2026-11-28T18:15');
    const waiting = await add('123 Trading', { firstResponseDueAt: iso(india('2026-11-30T10:15')) });
    await store.enquiries.update(waiting._id, { assignment: { to: by('asha') } }, by('owner'));
    await to('2026-11-29T12:00');
    await add('Ravi Case', { assignee: { to: by('ravi'), rule: 'turns' } });
    const moved = await add('Moved Away');
    await store.enquiries.update(moved._id, { assignment: { to: by('asha') } }, by('owner'));
    await store.enquiries.update(moved._id, { assignment: { to: by('ravi') } }, by('owner'));

    await to('2026-11-30T09:30');
    const monday = await listOf(store, 'id-asha', clock.now());
    expect(monday.day).toBe('2026-11-30');
    expect(monday.since).toBe(iso(india('2026-11-28T09:30')));
    // The longest overdue first; a later follow-up and a closed enquiry are not due.
    expect(names(monday.followUps)).toEqual(['Kiran', 'Sunita']);
    expect(monday.followUps.items.map((item) => item.followUpOn)).toEqual(['2026-11-27', '2026-11-30']);
    expect(monday.followUps.total).toBe(2);
    // Newest first; a name that starts with no letter has no first name.
    expect(names(monday.assigned)).toEqual([null, 'Imran']);
    expect(monday.assigned.items[0]).toMatchObject({ id: waiting._id, reference: waiting.reference, createdAt: waiting.createdAt });
    expect(monday.overdue).toEqual({ items: [], total: 0 });
    expect(JSON.stringify(monday)).not.toMatch(/Patil|Shaikh|Trading|\+91|Contract/);

    // Past the target at 10:15 with no first contact: overdue; a call takes it off.
    await to('2026-11-30T10:30');
    const later = await listOf(store, 'id-asha', clock.now());
    expect(later.overdue.items).toEqual([
      expect.objectContaining({ id: waiting._id, firstName: null, firstResponseDueAt: iso(india('2026-11-30T10:15')) }),
    ]);
    await store.enquiries.recordContact(waiting._id, { channel: 'call', from: 'new', to: 'contacted' }, by('asha'));
    expect((await listOf(store, 'id-asha', clock.now())).overdue.total).toBe(0);

    // ravi's list has his own; Tuesday's new ones are those since Monday's opening.
    expect(names((await listOf(store, 'id-ravi', clock.now())).assigned)).toEqual(['Moved', 'Ravi']);
    await to('2026-12-01T09:30');
    expect((await listOf(store, 'id-asha', clock.now())).assigned.total).toBe(0);
  });

  test('each section shows its first items and counts them all', async () => {
    const { store, clock } = await fresh();
    await store.accounts.add(account('asha'));
    for (let n = 0; n < DAILY_LIST_ITEMS + 2; n++)
      await store.enquiries.add({ ...contact(`m${n}`), assignee: { to: by('asha'), rule: 'turns' } });
    const list = await listOf(store, 'id-asha', clock.now() + MINUTE);
    expect(list.assigned.items).toHaveLength(DAILY_LIST_ITEMS);
    expect(list.assigned.total).toBe(DAILY_LIST_ITEMS + 2);
  });

  test('a list is claimed once a day per advisor, even by two claims at once; a failed send comes back when its retry is due', async () => {
    const { store, clock } = await fresh();
    for (const name of ['asha', 'ravi', 'meera']) await store.accounts.add(account(name));
    const lists = store.dailyLists;
    const claimed = async (day: string, ids: string[]) =>
      (await lists.claimDailyLists(day, ids, MINUTE)).map((claim) => `${claim.accountId}:${claim.attempts}`).sort();
    const ids = ['id-asha', 'id-ravi', 'id-meera', 'id-nobody'];

    // Two instances at once: each list goes to exactly one of them; an unknown account gets none.
    const [first, second] = await Promise.all([claimed('2026-11-30', ids), claimed('2026-11-30', ids)]);
    expect([...first, ...second].sort()).toEqual(['id-asha:0', 'id-meera:0', 'id-ravi:0']);
    expect(await claimed('2026-11-30', ids)).toEqual([]);

    await lists.recordDailyList('id-asha', '2026-11-30', { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    await lists.recordDailyList('id-ravi', '2026-11-30', {
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + 5 * MINUTE,
      lastError: 'mail server down',
    });
    // meera's claim lapses (its sender died): another may take it once the lease is over.
    await clock.advance(MINUTE);
    expect(await claimed('2026-11-30', ids)).toEqual(['id-meera:0']);
    await lists.recordDailyList('id-meera', '2026-11-30', { status: 'delivered', attempts: 1, nextAttemptAt: clock.now() });
    await clock.advance(4 * MINUTE);
    expect(await claimed('2026-11-30', ids)).toEqual(['id-ravi:1']);
    await lists.recordDailyList('id-ravi', '2026-11-30', { status: 'failed', attempts: 2, nextAttemptAt: clock.now() });
    await clock.advance(60 * MINUTE);
    expect(await claimed('2026-11-30', ids)).toEqual([]);

    // The next day, every list again, from its first attempt; the day before can no longer be recorded over it.
    expect(await claimed('2026-12-01', ids)).toEqual(['id-asha:0', 'id-meera:0', 'id-ravi:0']);
    await lists.recordDailyList('id-asha', '2026-11-30', { status: 'pending', attempts: 3, nextAttemptAt: clock.now() });
    expect(await claimed('2026-12-01', ids)).toEqual([]);
    // A day already past is never claimed again, and a removed account's list goes with it.
    expect(await claimed('2026-11-30', ids)).toEqual([]);
    await store.accounts.remove('id-meera');
    await clock.advance(2 * MINUTE);
    expect(await claimed('2026-12-01', ids)).toEqual(['id-asha:0', 'id-ravi:0']);
  });

  test("an advisor's e-mail address and its language are kept, changed and removed", async () => {
    const { store } = await fresh();
    await store.accounts.add({ ...account('asha'), email: 'asha@firm.in', emailLanguage: 'mr' });
    expect(await store.accounts.get('id-asha')).toMatchObject({ email: 'asha@firm.in', emailLanguage: 'mr' });
    expect(await store.accounts.update('id-asha', { email: 'asha.patil@firm.in', emailLanguage: 'hi' })).toMatchObject({
      email: 'asha.patil@firm.in',
      emailLanguage: 'hi',
    });
    await store.accounts.update('id-asha', { available: true });
    expect((await store.accounts.find('asha'))!.email).toBe('asha.patil@firm.in');
    const removed = await store.accounts.update('id-asha', { email: null });
    expect(removed!.email).toBeUndefined();
    expect((await store.accounts.list())[0]!.email).toBeUndefined();
  });
});
