import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

/** Monday 30 November 2026, 10:00 in India: the working day opened at 09:30. */
const clock = manualClock(Date.parse('2026-11-30T10:00+05:30'));
const apiApp = useApiApp({}, clock);
const contact = (name: string) => ({ form: 'contact' as const, fields: { name, number: '+919822012345', enquiry: 'other' } });

test("an advisor's Today: the same list the e-mail carries, theirs only, counted and audited as a read", async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  const owner = await logIn('owner');
  const asha = await logIn('asha');
  const ashaId = (await store.accounts.find('asha'))!.id;
  const mine = await store.enquiries.add({ ...contact('Sunita Patil'), assignee: { to: { id: ashaId, username: 'asha' }, rule: 'turns' } });
  await store.enquiries.update(mine._id, { followUpOn: '2026-11-30' }, { id: ashaId, username: 'asha' });
  await store.enquiries.add(contact('Nobody’s Yet'));

  const today = await call('GET', '/admin/api/today', { cookie: asha });
  expect(today.status).toBe(200);
  expect(today.json).toMatchObject({
    day: '2026-11-30',
    since: '2026-11-28T04:30:00.000Z',
    followUps: { total: 1, items: [{ id: mine._id, reference: mine.reference, firstName: 'Sunita', followUpOn: '2026-11-30' }] },
    assigned: { total: 1, items: [{ id: mine._id }] },
    overdue: { total: 0, items: [] },
  });
  expect(today.text).not.toMatch(/Patil|9822012345|Nobody/);
  // The owner has nothing of their own.
  expect((await call('GET', '/admin/api/today', { cookie: owner })).json).toMatchObject({
    followUps: { total: 0 },
    assigned: { total: 0 },
  });
  const reads = (await store.audit.list({ limit: 10 })).items.filter((entry) => entry.detail?.startsWith('today list'));
  expect(reads.map((entry) => [entry.account, entry.detail])).toEqual([
    ['owner', 'today list: 0 records'],
    ['asha', 'today list: 1 record'],
  ]);
});

test('an editor is refused, and nobody signed out gets a list', async () => {
  const { call, account, logIn } = await apiApp();
  await account('pages', 'editor');
  expect((await call('GET', '/admin/api/today', { cookie: await logIn('pages') })).status).toBe(403);
  expect((await call('GET', '/admin/api/today')).status).toBe(401);
});

test('a staff member near the hourly read limit sees only as many enquiries as it allows; past it, a 429', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('asha', 'staff');
  const asha = await logIn('asha');
  const id = (await store.accounts.find('asha'))!.id;
  for (const name of ['One', 'Two', 'Three'])
    await store.enquiries.add({ ...contact(name), assignee: { to: { id, username: 'asha' }, rule: 'turns' } });
  await store.windows.count(`reads:${id}`, 60 * 60_000, 498);
  const cut = await call('GET', '/admin/api/today', { cookie: asha });
  expect(cut.json).toMatchObject({ assigned: { total: 3, items: [{ firstName: 'Three' }, { firstName: 'Two' }] } });
  expect((await call('GET', '/admin/api/today', { cookie: asha })).status).toBe(429);
});
