import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

const clock = manualClock();
const apiApp = useApiApp({}, clock);

test('every read is audited by kind and count, never a value; staff stop at 500 enquiries an hour, owners do not', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('asha');
  await account('priya', 'staff');
  for (let index = 0; index < 60; index++)
    await store.enquiries.add({
      form: 'contact',
      fields: { name: `Visitor ${index}`, number: '+919822012345', enquiry: 'other', message: 'Secret words' },
    });
  const staff = await logIn('priya');
  const owner = await logIn('asha');

  const first = await call('GET', '/admin/api/enquiries?limit=50', { cookie: staff });
  expect(first.json.items).toHaveLength(50);
  const one = await call('GET', `/admin/api/enquiries/${(first.json.items as { _id: string }[])[0]!._id}`, { cookie: staff });
  expect(one.status).toBe(200);
  const audit = (await store.audit.list({ limit: 2 })).items;
  expect(audit.map(({ action, account: who, detail }) => ({ action, who, detail }))).toEqual([
    { action: 'read', who: 'priya', detail: 'enquiry: 1 record' },
    { action: 'read', who: 'priya', detail: 'enquiry list: 50 records' },
  ]);
  expect(JSON.stringify(await store.audit.list({ limit: 100 }))).not.toMatch(/Visitor|Secret words|9822012345/);

  // 51 so far; the original lists give the newest 60 each time, until the 500th read.
  const legacy = [];
  for (let call_ = 0; call_ < 8; call_++)
    legacy.push(((await call('GET', '/fetchcontactusdata', { cookie: staff })).json.Data as unknown[]).length);
  expect(legacy).toEqual([60, 60, 60, 60, 60, 60, 60, 29]);
  const refused = await call('GET', '/admin/api/enquiries?limit=1', { cookie: staff });
  expect(refused.status).toBe(429);
  expect(refused.json.message).toMatch(/^You have opened more than 500 enquiries in the last hour/);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'read-refused', account: 'priya' });
  expect((await call('GET', '/admin/api/enquiries?limit=50', { cookie: owner })).status).toBe(200);

  // An hour later the allowance is back (and the idle session has ended, so priya signs in again).
  await clock.advance(60 * 60 * 1000);
  expect((await call('GET', '/admin/api/enquiries?limit=1', { cookie: await logIn('priya') })).status).toBe(200);
});
