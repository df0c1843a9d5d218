import { expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { useApiApp } from '../../tests/helpers/apiApp';

const india = (time: string) => Date.parse(`${time}+05:30`);
const clock = manualClock(india('2026-11-28T18:15'));
const apiApp = useApiApp({}, clock);

test('an enquiry sent on Saturday evening is overdue on the desk only after 10:15 on Monday, until someone contacts it', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const sent = await call('POST', '/addcontactdata', {
    body: { name: 'Late Sender', number: '9822012345', enquiry: 'other', consent: true },
  });
  expect(sent.status).toBe(200);

  await clock.advance(india('2026-11-30T10:14') - clock.now());
  let cookie = await logIn('owner');
  const early = await call('GET', '/admin/api/enquiries', { cookie });
  const [item] = early.json.items as { _id: string; overdue: boolean; firstResponseDueAt: string; firstContactAt: null }[];
  expect(item).toMatchObject({
    overdue: false,
    firstContactAt: null,
    firstResponseDueAt: new Date(india('2026-11-30T10:15')).toISOString(),
  });
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 0 });

  await clock.advance(2 * 60_000);
  cookie = await logIn('owner');
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 1, items: [{ overdue: true }] });
  const opened = await call('GET', `/admin/api/enquiries/${item!._id}`, { cookie });
  expect(opened.json).toMatchObject({ overdue: true, assignedTo: null, firstContactAt: null });

  const called = await call('POST', `/admin/api/enquiries/${item!._id}/contact`, { cookie, body: { channel: 'call' } });
  expect(called.json).toMatchObject({ overdue: false, status: 'contacted', firstContactAt: new Date(clock.now()).toISOString() });
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 0 });
});
