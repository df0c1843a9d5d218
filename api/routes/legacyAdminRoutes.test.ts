import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const contact = {
  form: 'contact' as const,
  fields: { name: 'Listed', number: '+919822012345', enquiry: 'other' },
  sourcePage: '/homeloan',
};

test('the firm’s lists answer in their original shape and words', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  expect((await call('GET', '/fetchcontactusdata', { cookie })).json).toEqual({ message: 'NO CONTACT US DATA FOUND', Data: [] });
  const record = await store.enquiries.add(contact);
  const list = await call('GET', '/fetchcontactusdata', { cookie });
  expect(list.json).toEqual({
    message: 'CONTACT US DATA FOUND',
    Data: [
      { _id: record._id, createdAt: record.createdAt, name: 'Listed', number: '+919822012345', enquiry: 'other', sourcePage: '/homeloan' },
    ],
  });
  expect((await call('GET', '/fetchaboutdata', { cookie })).json).toEqual({ Data: [] });
});

test('deletion: its message for owners, 403 for staff, 404 for an unknown id, 400 for an id that is not text', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('staff1', 'staff');
  const owner = await logIn('owner');
  const staff = await logIn('staff1');
  const record = await store.enquiries.add(contact);
  expect((await call('POST', '/deletecontact', { cookie: staff, body: { cid: record._id } })).status).toBe(403);
  expect((await call('POST', '/deleteproduct', { cookie: owner, body: { aid: record._id } })).status).toBe(404);
  expect((await call('POST', '/deletecontact', { cookie: owner, body: { cid: 7 } })).status).toBe(400);
  expect((await call('POST', '/deletecontact', { cookie: owner, body: { cid: record._id } })).json).toEqual({
    message: 'CONTACT DELETED SUCESSFULLY',
  });
  expect(await store.enquiries.get(record._id)).toBeUndefined();
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ account: 'owner', action: 'delete', enquiryId: record._id });
});
