import { expect, test } from 'vitest';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

const apiApp = useApiApp();
// 20:15 in India, past the calling hours of pages-data/_desk.yaml.
const evening = manualClock(Date.parse('2026-11-26T20:15:00+05:30'));
const eveningApp = useApiApp({}, evening);
const contact = (name: string) => ({ form: 'contact' as const, fields: { name, number: '+919822012345', enquiry: 'other' } });

test('list, open, change, note and delete one enquiry, each change in its history and the audit log', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const record = await store.enquiries.add(contact('Desk'));
  const list = await call('GET', '/admin/api/enquiries?status=new', { cookie });
  expect(list.json).toMatchObject({
    total: 1,
    nextCursor: null,
    items: [{ _id: record._id, name: 'Desk', form: 'contact', duplicates: 0 }],
  });
  const tomorrow = addDays(indiaDate(), 1);
  const changed = await call('PATCH', `/admin/api/enquiries/${record._id}`, {
    cookie,
    body: { status: 'contacted', followUpOn: tomorrow },
  });
  expect(changed.json).toMatchObject({ status: 'contacted', followUpOn: tomorrow, history: [{ type: 'status' }, { type: 'follow-up' }] });
  expect((await call('POST', `/admin/api/enquiries/${record._id}/notes`, { cookie, body: { text: ' Called. ' } })).status).toBe(201);
  const opened = await call('GET', `/admin/api/enquiries/${record._id}`, { cookie });
  expect((opened.json.history as { type: string; text?: string }[]).at(-1)).toMatchObject({ type: 'note', text: 'Called.' });
  expect((await call('DELETE', `/admin/api/enquiries/${record._id}`, { cookie })).status).toBe(200);
  const actions = (await store.audit.list({ limit: 10 })).items.map((entry) => entry.action);
  // Listing and opening are reads, and reads are audited too.
  expect(actions).toEqual(['delete', 'read', 'note', 'follow-up', 'status-change', 'read', 'sign-in']);
});

test('the dashboard and the export answer for the current data', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  await store.enquiries.add(contact('First'));
  await store.enquiries.add(contact('Second'));
  const stats = await call('GET', '/admin/api/stats', { cookie });
  expect(stats.json).toMatchObject({ byStatus: { new: 2 }, dueToday: 0, overdue: 0 });
  const csv = await call('GET', '/admin/api/enquiries.csv?q=second', { cookie });
  expect(csv.text.trim().split('\r\n')).toHaveLength(2);
  expect(csv.text).toContain('Second');
});

test('a call recorded outside _desk.yaml’s calling hours keeps those hours in its history entry; one inside them has none', async () => {
  const { call, account, logIn, store } = await eveningApp();
  await account('owner');
  const cookie = await logIn('owner');
  const record = await store.enquiries.add(contact('Evening'));
  type Entry = { type: string; channel?: string; outsideHours?: unknown };
  const contactOf = (json: Record<string, unknown>, channel: string) =>
    (json.history as Entry[]).find((entry) => entry.type === 'contact' && entry.channel === channel);
  const called = await call('POST', `/admin/api/enquiries/${record._id}/contact`, { cookie, body: { channel: 'call' } });
  expect(called.status).toBe(201);
  expect(contactOf(called.json, 'call')).toMatchObject({ outsideHours: { from: '09:30', to: '18:00' } });
  await evening.advance(15 * 60 * 60 * 1000); // 11:15 the next morning, a new sign-in
  const morning = await logIn('owner');
  const again = await call('POST', `/admin/api/enquiries/${record._id}/contact`, { cookie: morning, body: { channel: 'whatsapp' } });
  expect(again.status).toBe(201);
  expect(contactOf(again.json, 'whatsapp')).toBeDefined();
  expect(contactOf(again.json, 'whatsapp')!.outsideHours).toBeUndefined();
});
