import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const valid = { name: '  Asha Patil ', number: '098220 12345', enquiry: 'StartUp Help', sourcePage: '/homeloan' };

test('a valid enquiry is stored, tidied, with its phone in one form, and answered with the form’s message', async () => {
  const { call, store } = await apiApp();
  const answer = await call('POST', '/addcontactdata', { body: valid });
  expect(answer.status).toBe(200);
  expect(answer.json.message).toMatch(/received/);
  const [stored] = (await store.listEnquiries({ limit: 1 })).items;
  expect(stored).toMatchObject({
    form: 'contact',
    fields: { name: 'Asha Patil', number: '+919822012345', enquiry: 'StartUp Help' },
    sourcePage: '/homeloan',
    status: 'new',
  });
});

test('a robot that fills the hidden field hears what a person would, and nothing is kept', async () => {
  const { call, store } = await apiApp();
  expect(
    (
      await call('POST', '/aboutform', {
        body: { name: 'Bot', address: 'x', message: 'y', phoneno: '9822012345', website: 'spam.example' },
      })
    ).status,
  ).toBe(200);
  expect((await store.listEnquiries({ limit: 1 })).total).toBe(0);
});

test('a bad enquiry gets 400 with a message per field, and nothing is kept', async () => {
  const { call, store } = await apiApp();
  const answer = await call('POST', '/addcontactdata', { body: { number: '12345', enquiry: 'Loan please' } });
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({
    message: 'Some answers need correcting.',
    errors: {
      name: 'Enter your name',
      number: 'Enter a 10-digit mobile number, like 98765 43210',
      enquiry: 'Select one of the listed options',
    },
  });
  expect((await store.listEnquiries({ limit: 1 })).total).toBe(0);
});

test('the form addresses accept POST only', async () => {
  const { call } = await apiApp();
  const answer = await call('GET', '/aboutform');
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe('POST');
});
