import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const mira = { name: 'Mira Joshi', number: '98220 12345', enquiry: 'other', email: 'Mira@Example.in', consent: true };
const miraRequest = { name: 'Mira Joshi', phone: '9822012345', kind: 'erasure' };

async function signedIn(role: 'owner' | 'staff' = 'owner') {
  const app = await apiApp();
  await app.account('boss', 'owner');
  if (role === 'staff') await app.account('asha', 'staff');
  const cookie = await app.logIn(role === 'owner' ? 'boss' : 'asha');
  return { ...app, cookie };
}

test('staff list requests about personal data by status and record the outcome; a refusal needs its reason', async () => {
  const { call, cookie, store } = await signedIn('staff');
  expect((await call('POST', '/privacyrequest', { body: miraRequest })).status).toBe(200);
  const list = await call('GET', '/admin/api/privacy-requests?status=open', { cookie });
  expect(list.status).toBe(200);
  const [request] = list.json.items as { _id: string; status: string }[];
  const path = `/admin/api/privacy-requests/${request!._id}`;

  const noReason = await call('PATCH', path, { cookie, body: { status: 'refused' } });
  expect(noReason.status).toBe(400);
  expect(noReason.json.errors).toEqual({ reason: 'Write why the request is refused' });
  expect((await call('PATCH', path, { cookie, body: { status: 'done', reason: 'x' } })).json.errors).toEqual({
    reason: 'A reason goes only with refused',
  });
  const done = await call('PATCH', path, { cookie, body: { status: 'done' } });
  expect(done.json).toMatchObject({ status: 'done', history: [{ by: 'asha', from: 'open', to: 'done' }] });
  expect((await call('GET', '/admin/api/privacy-requests?status=open', { cookie })).json.total).toBe(0);
  expect((await call('GET', '/admin/api/privacy-requests?status=gone', { cookie })).status).toBe(400);
  expect((await call('PATCH', '/admin/api/privacy-requests/nope', { cookie, body: { status: 'done' } })).status).toBe(404);

  const entries = (await store.audit.list({ limit: 10 })).items;
  expect(entries.find((entry) => entry.action === 'privacy-request')).toMatchObject({
    account: 'asha',
    detail: `request ${request!._id}: open → done`,
  });
  // Each list read is audited with how many requests it showed, never what they say.
  expect(entries[0]).toMatchObject({ action: 'read', detail: 'privacy request list: 0 records' });
});

test('an owner finds a person by phone or e-mail, downloads it all, and erases it all; the audit log says how many, never whose', async () => {
  const { call, cookie, store } = await signedIn();
  await call('POST', '/addcontactdata', { body: mira });
  await call('POST', '/aboutform', {
    body: { name: 'Mira J', address: 'Cidco', message: 'Hi', phoneno: '+91 98220 12345', consent: true },
  });
  await call('POST', '/addcontactdata', { body: { ...mira, name: 'Someone Else', number: '9811111111', email: 'else@example.in' } });
  await call('POST', '/privacyrequest', { body: miraRequest });

  const found = await call('GET', '/admin/api/person?phone=%2B91%2098220%2012345', { cookie });
  expect(found.status).toBe(200);
  expect((found.json.enquiries as { name: string }[]).map((enquiry) => enquiry.name)).toEqual(['Mira J', 'Mira Joshi']);
  expect(found.json.requests).toHaveLength(1);
  expect(((await call('GET', '/admin/api/person?email=mira%40example.in', { cookie })).json.enquiries as unknown[]).length).toBe(1);

  const file = await call('GET', '/admin/api/person.json?phone=9822012345', { cookie });
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(file.json).toMatchObject({
    enquiries: [{ name: 'Mira J' }, { name: 'Mira Joshi' }],
    requests: [{ fields: { name: 'Mira Joshi' } }],
  });

  const erased = await call('POST', '/admin/api/erasure', { cookie, body: { phone: '09822012345' } });
  expect(erased.json).toEqual({ message: 'Erased 2 enquiries and 1 request.', enquiries: 2, requests: 1 });
  expect((await store.enquiries.list({ limit: 10 })).items.map((item) => item.fields.name)).toEqual(['Someone Else']);

  const audit = (await store.audit.list({ limit: 10 })).items.filter((entry) => entry.account === 'boss');
  expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([
    ['erasure', '2 enquiries and 1 request erased'],
    ['export', 'one person’s data: 2 enquiries and 1 request'],
    ['person-search', 'found 1 enquiry and 0 requests'],
    ['person-search', 'found 2 enquiries and 1 request'],
    ['sign-in', undefined],
  ]);
  expect(JSON.stringify(await store.audit.list({ limit: 50 }))).not.toMatch(/Mira|98220|12345|example\.in/i);
});

test('finding, downloading and erasing are for owners only, and need exactly one of phone or e-mail', async () => {
  const staff = await signedIn('staff');
  for (const [method, path] of [
    ['GET', '/admin/api/person?phone=9822012345'],
    ['GET', '/admin/api/person.json?phone=9822012345'],
    ['POST', '/admin/api/erasure'],
  ] as const) {
    const answer = await staff.call(method, path, { cookie: staff.cookie, body: { phone: '9822012345' } });
    expect(answer.status).toBe(403);
  }
  const owner = await signedIn();
  expect((await owner.call('GET', '/admin/api/person', { cookie: owner.cookie })).json.errors).toEqual({
    '': 'Enter a mobile number or an email address',
  });
  expect(
    (await owner.call('POST', '/admin/api/erasure', { cookie: owner.cookie, body: { phone: '9822012345', email: 'a@b.in' } })).json.errors,
  ).toEqual({ '': 'Enter either a mobile number or an email address, not both' });
  expect((await owner.call('POST', '/admin/api/erasure', { cookie: owner.cookie, body: { phone: '123' } })).json.errors).toEqual({
    phone: 'Enter a 10-digit mobile number, like 98765 43210',
  });
  expect((await owner.call('POST', '/admin/api/erasure', { body: { phone: '9822012345' } })).status).toBe(401);
});
