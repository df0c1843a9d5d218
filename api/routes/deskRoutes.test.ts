import { expect, test } from 'vitest';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
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
