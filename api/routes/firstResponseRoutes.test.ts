import { expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { useApiApp } from '../../tests/helpers/apiApp';

const india = (time: string) => Date.parse(`${time}+05:30`);
const clock = manualClock(india('2026-11-28T18:15'));
const apiApp = useApiApp({}, clock);

test('an enquiry sent on Saturday evening, 15 minutes before closing, is overdue on the desk only after 10:45 on Monday, until someone contacts it', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const sent = await call('POST', '/addcontactdata', {
    body: { name: 'Late Sender', number: '9822012345', enquiry: 'other', consent: true },
  });
  expect(sent.status).toBe(200);

  await clock.advance(india('2026-11-30T10:44') - clock.now());
  let cookie = await logIn('owner');
  const early = await call('GET', '/admin/api/enquiries', { cookie });
  const [item] = early.json.items as { _id: string; overdue: boolean; firstResponseDueAt: string; firstContactAt: null }[];
  expect(item).toMatchObject({
    overdue: false,
    firstContactAt: null,
    firstResponseDueAt: new Date(india('2026-11-30T10:45')).toISOString(),
  });
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 0 });

  await clock.advance(2 * 60_000);
  cookie = await logIn('owner');
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 1, items: [{ overdue: true }] });
  const opened = await call('GET', `/admin/api/enquiries/${item!._id}`, { cookie });
  expect(opened.json).toMatchObject({ overdue: true, assignedTo: null, firstContactAt: null });

  // Moving it, as a card on the board, is no contact: it stays overdue.
  const moved = await call('PATCH', `/admin/api/enquiries/${item!._id}`, { cookie, body: { status: 'documents-pending' } });
  expect(moved.json).toMatchObject({ overdue: true, status: 'documents-pending', firstContactAt: null });
  const called = await call('POST', `/admin/api/enquiries/${item!._id}/contact`, { cookie, body: { channel: 'call' } });
  expect(called.json).toMatchObject({ overdue: false, status: 'documents-pending', firstContactAt: new Date(clock.now()).toISOString() });
  expect((await call('GET', '/admin/api/enquiries?overdue=1', { cookie })).json).toMatchObject({ total: 0 });
});

test('a note marked as a contact stops the clock and moves a New enquiry to Contacted; a plain note does neither; both are audited', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  await call('POST', '/addcontactdata', { body: { name: 'Walk In', number: '9822012346', enquiry: 'other', consent: true } });
  const cookie = await logIn('owner');
  const [item] = (await call('GET', '/admin/api/enquiries', { cookie })).json.items as { _id: string }[];
  const notes = `/admin/api/enquiries/${item!._id}/notes`;
  const plain = await call('POST', notes, { cookie, body: { text: 'Rang, no answer' } });
  expect(plain.json).toMatchObject({ status: 'new', firstContactAt: null });
  expect((await call('POST', notes, { cookie, body: { text: 'Met', contact: 'yes' } })).status).toBe(400);
  const visit = await call('POST', notes, { cookie, body: { text: 'Came to the office with his PAN', contact: true } });
  expect(visit.status).toBe(201);
  expect(visit.json).toMatchObject({ status: 'contacted', firstContactAt: new Date(clock.now()).toISOString() });
  expect((visit.json as { history: unknown[] }).history.slice(-2)).toMatchObject([
    { type: 'note', text: 'Came to the office with his PAN', contact: true },
    { type: 'status', from: 'new', to: 'contacted' },
  ]);
  const audit = (await call('GET', '/admin/api/audit', { cookie })).json.items as { action: string; detail?: string }[];
  expect(audit.filter((entry) => entry.action === 'note').map((entry) => entry.detail)).toEqual(['marked as a contact', undefined]);
});
