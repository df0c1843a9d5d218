import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();

test('the audit log pages newest first, and refuses a cursor it did not give out', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  for (let index = 0; index < 3; index++) await store.audit.add({ account: 'owner', action: 'note', enquiryId: `e${index}` });
  const first = await call('GET', '/admin/api/audit?limit=2', { cookie });
  expect((first.json.items as { enquiryId?: string }[]).map((entry) => entry.enquiryId)).toEqual(['e2', 'e1']);
  expect(first.json.total).toBe(4);
  const rest = await call('GET', `/admin/api/audit?limit=2&cursor=${String(first.json.nextCursor)}`, { cookie });
  expect((rest.json.items as { action: string }[]).map((entry) => entry.action)).toEqual(['note', 'sign-in']);
  expect((await call('GET', '/admin/api/audit?cursor=not-ours', { cookie })).status).toBe(400);
  expect((await call('GET', '/admin/api/audit?limit=0', { cookie })).status).toBe(400);
});
