import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const valid = { name: '  Asha Patil ', number: '098220 12345', enquiry: 'New StartUp', sourcePage: '/homeloan', consent: true };
const noticeVersion = expect.stringMatching(/^\d+$/) as unknown;

test('a valid enquiry is stored, tidied, with its phone in one form and the consent it was sent with, and answered with the form’s message', async () => {
  const { call, store } = await apiApp();
  const before = new Date().toISOString();
  const answer = await call('POST', '/addcontactdata', { body: valid });
  expect(answer.status).toBe(200);
  expect(answer.json.message).toMatch(/received/);
  const [stored] = (await store.enquiries.list({ limit: 1 })).items;
  expect(stored).toMatchObject({
    form: 'contact',
    fields: { name: 'Asha Patil', number: '+919822012345', enquiry: 'New StartUp' },
    sourcePage: '/homeloan',
    status: 'new',
    consent: { noticeVersion },
  });
  expect(stored!.fields).not.toHaveProperty('consent');
  expect(stored!.consent!.givenAt >= before).toBe(true);
});

test('each enquiry is answered with its own reference, the one stored with it, beside the message as before', async () => {
  const { call, store } = await apiApp();
  const first = await call('POST', '/addcontactdata', { body: valid });
  const second = await call('POST', '/aboutform', {
    body: { name: 'Asha', address: 'Jalna Road', message: 'Hi', phoneno: '9822012345', consent: true },
  });
  expect(Object.keys(first.json).sort()).toEqual(['message', 'reference']);
  for (const answer of [first, second]) expect(answer.json.reference).toMatch(/^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  expect(first.json.reference).not.toBe(second.json.reference);
  const stored = await store.enquiries.list({ limit: 5, reference: first.json.reference as string });
  expect(stored.items.map((item) => item.fields.name)).toEqual(['Asha Patil']);
});

test.each([
  ['left out', {}],
  ['false', { consent: false }],
  ['the string "true"', { consent: 'true' }],
])('an enquiry with the consent box %s gets 400 with an error on consent, and nothing is kept', async (_, consent) => {
  const { call, store } = await apiApp();
  for (const [endpoint, body] of [
    ['/addcontactdata', { name: 'Asha', number: '9822012345', enquiry: 'other', ...consent }],
    ['/aboutform', { name: 'Asha', address: 'Jalna Road', message: 'Hello', phoneno: '9822012345', ...consent }],
  ] as const) {
    const answer = await call('POST', endpoint, { body });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual({ consent: 'Tick the box to agree to how we use your details, or call us instead' });
  }
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(0);
});

test('a robot that fills the hidden field hears what a person would, and nothing is kept', async () => {
  const { call, store } = await apiApp();
  expect(
    (
      await call('POST', '/aboutform', {
        body: { name: 'Bot', address: 'x', message: 'y', phoneno: '9822012345', consent: true, website: 'spam.example' },
      })
    ).status,
  ).toBe(200);
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(0);
  const answer = await call('POST', '/addcontactdata', { body: { ...valid, website: 'spam.example' } });
  expect(answer.json.reference).toMatch(/^VF-\w{4}-\w{4}$/);
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(0);
});

test('a bad enquiry gets 400 with a message per field, and nothing is kept', async () => {
  const { call, store } = await apiApp();
  const answer = await call('POST', '/addcontactdata', { body: { number: '12345', enquiry: 'Loan please', consent: true } });
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({
    message: 'Some answers need correcting.',
    errors: {
      name: 'Enter your name',
      number: 'Enter a 10-digit mobile number, like 98765 43210',
      enquiry: 'Select one of the listed options',
    },
  });
  expect((await store.enquiries.list({ limit: 1 })).total).toBe(0);
});

test('a request about one’s data is stored open, due after the published period, and the answer gives that day', async () => {
  const { call, store } = await apiApp();
  const body = { name: ' Ravi More ', phone: '+91 98220 55555', email: 'Ravi@Example.in', kind: 'erasure', message: 'Please erase me.' };
  const answer = await call('POST', '/privacyrequest', { body });
  expect(answer.status).toBe(200);
  const [stored] = (await store.people.listRequests({ limit: 1 })).items;
  expect(stored).toMatchObject({
    fields: { name: 'Ravi More', phone: '+919822055555', email: 'Ravi@Example.in', kind: 'erasure', message: 'Please erase me.' },
    status: 'open',
    history: [],
  });
  const days = (Date.parse(`${stored!.dueOn}T00:00:00Z`) - Date.parse(`${stored!.createdAt.slice(0, 10)}T00:00:00Z`)) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(29);
  expect(days).toBeLessThanOrEqual(31);
  const [year, month, day] = stored!.dueOn.split('-').map(Number);
  expect(answer.json.message).toContain(
    `We will answer by ${day} ${new Date(Date.UTC(year!, month! - 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}.`,
  );
});

test('a request about one’s data may quote an enquiry’s reference, however it was typed; it is kept in its one form', async () => {
  const { call, store } = await apiApp();
  const answer = await call('POST', '/privacyrequest', {
    body: { name: 'Ravi', phone: '9822055555', kind: 'access', reference: ' vf 7k3m 92qo ' },
  });
  expect(answer.status).toBe(200);
  expect((await store.people.listRequests({ limit: 1 })).items[0]!.fields.reference).toBe('VF-7K3M-92Q0');
  const bad = await call('POST', '/privacyrequest', {
    body: { name: 'Ravi', phone: '9822055555', kind: 'access', reference: 'my enquiry' },
  });
  expect(bad.status).toBe(400);
  expect(bad.json.errors).toEqual({ reference: 'Enter the reference as we gave it, like VF-72QD-93KM' });
  expect((await store.people.listRequests({ limit: 5 })).total).toBe(1);
});

test('a bad request about one’s data gets 400 with a message per field, and a filled trap keeps nothing', async () => {
  const { call, store } = await apiApp();
  const bad = await call('POST', '/privacyrequest', { body: { name: 'Ravi', phone: '123', kind: 'sell my data' } });
  expect(bad.status).toBe(400);
  expect(bad.json.errors).toEqual({
    phone: 'Enter a 10-digit mobile number, like 98765 43210',
    kind: 'Select one of the listed options',
  });
  const trap = await call('POST', '/privacyrequest', { body: { name: 'Bot', phone: '9822012345', kind: 'access', website: 'x' } });
  expect(trap.status).toBe(200);
  expect((await store.people.listRequests({ limit: 1 })).total).toBe(0);
});

test('the form addresses accept POST only', async () => {
  const { call } = await apiApp();
  for (const endpoint of ['/aboutform', '/addcontactdata', '/privacyrequest']) {
    const answer = await call('GET', endpoint);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  }
});
