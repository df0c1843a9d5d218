import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const contact = (name: string) => ({ form: 'contact' as const, fields: { name, number: '+919822012345', enquiry: 'other' } });

test('applications go from preparing to disbursed in order, each change in their history, and the enquiry’s status follows them', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const enquiry = await store.enquiries.add(contact('Lender'));
  const path = `/admin/api/enquiries/${enquiry._id}/applications`;
  const added = await call('POST', path, { cookie, body: { lender: 'sbi', product: 'Term loan', amount: 2500000 } });
  expect(added.status).toBe(201);
  const id = added.json.id as string;
  await call('POST', path, { cookie, body: { lender: 'bajaj-finance', product: 'Working capital', amount: 500000 } });
  const move = (body: unknown, which = id) => call('PATCH', `${path}/${which}`, { cookie, body });

  expect((await move({ status: 'submitted' })).json).toMatchObject({ status: 'submitted' });
  const sanctioned = await move({ status: 'sanctioned', sanctionedAmount: 2000000 });
  expect(sanctioned.json).toMatchObject({
    status: 'sanctioned',
    applications: [{ status: 'sanctioned', sanctionedAmount: 2000000 }, { status: 'preparing' }],
  });
  expect(
    (sanctioned.json.history as { type: string; to?: string }[]).filter((entry) => entry.type === 'status').map((entry) => entry.to),
  ).toEqual(['submitted', 'sanctioned']);
  const disbursed = await move({ status: 'disbursed', disbursedAmount: 1800000 });
  expect(disbursed.json).toMatchObject({ status: 'disbursed' });
  const opened = await call('GET', `/admin/api/enquiries/${enquiry._id}`, { cookie });
  const [application] = opened.json.applications as { history: { status: string; by: string }[] }[];
  expect(application!.history.map((event) => event.status)).toEqual(['preparing', 'submitted', 'sanctioned', 'disbursed']);
  expect((await store.audit.list({ limit: 50 })).items.filter((entry) => entry.action === 'application')).toHaveLength(5);
});

test('each bad value gets a 400 naming its field; an unknown id a 404; an editor is refused', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('pages', 'editor');
  const cookie = await logIn('owner');
  const enquiry = await store.enquiries.add(contact('Checks'));
  const path = `/admin/api/enquiries/${enquiry._id}/applications`;
  const post = (body: unknown) => call('POST', path, { cookie, body });
  expect((await post({ lender: 'moneylender', product: 'Term loan', amount: 1 })).json).toMatchObject({
    errors: { lender: 'Choose one of the lenders listed in the desk’s settings' },
  });
  expect((await post({ lender: 'sbi', product: 'Term loan', amount: -5 })).json).toMatchObject({
    errors: { amount: 'An amount cannot be negative' },
  });
  expect((await post({ lender: 'sbi', product: 'Term loan', amount: 10.5 })).json).toMatchObject({
    errors: { amount: 'Enter the amount asked in whole rupees' },
  });
  expect((await post({ lender: 'sbi', amount: 5 })).json).toMatchObject({ errors: { product: 'Say what is applied for' } });
  const { id } = (await post({ lender: 'sbi', product: 'Mudra Tarun', amount: 1000000 })).json as { id: string };
  const move = (body: unknown) => call('PATCH', `${path}/${id}`, { cookie, body });
  expect(await move({ status: 'disbursed', disbursedAmount: 5 })).toMatchObject({
    status: 400,
    json: { errors: { status: 'An application is disbursed only after it is sanctioned' } },
  });
  expect((await move({ status: 'sanctioned', sanctionedAmount: 5 })).json).toMatchObject({
    errors: { status: 'An application is sanctioned only after it is submitted' },
  });
  expect((await move({ status: 'rejected' })).json).toMatchObject({ errors: { reason: 'Say why the lender rejected it' } });
  expect((await move({ status: 'submitted', sanctionedAmount: -1 })).json).toMatchObject({
    errors: { sanctionedAmount: 'An amount cannot be negative' },
  });
  expect((await move({ status: 'approved' })).json).toMatchObject({ errors: { status: 'Choose one of the listed statuses' } });
  expect((await call('PATCH', `${path}/nope`, { cookie, body: { status: 'submitted' } })).status).toBe(404);
  expect(
    (await call('POST', '/admin/api/enquiries/nope/applications', { cookie, body: { lender: 'sbi', product: 'Loan', amount: 1 } })).status,
  ).toBe(404);
  const rejected = await move({ status: 'rejected', reason: ' Low CIBIL score ' });
  expect(rejected.json).toMatchObject({ status: 'new', applications: [{ status: 'rejected', reason: 'Low CIBIL score' }] });
  expect((await move({ status: 'submitted' })).json).toMatchObject({
    errors: { status: 'This application is rejected: it cannot change now' },
  });

  const pages = await logIn('pages');
  expect((await call('POST', path, { cookie: pages, body: { lender: 'sbi', product: 'Loan', amount: 1 } })).status).toBe(403);
  expect((await call('PATCH', `${path}/${id}`, { cookie: pages, body: { status: 'withdrawn' } })).status).toBe(403);
});
