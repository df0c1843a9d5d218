import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();
const contact = (name: string) => ({ form: 'contact' as const, fields: { name, number: '+919822012345', enquiry: 'other' } });
const patch = (id: string) => `/admin/api/enquiries/${id}`;

test('an owner assigns and reassigns; a staff member takes an unassigned enquiry and finds it under Mine, never one of someone else', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  await account('ravi', 'staff');
  const owner = await logIn('owner');
  const asha = await logIn('asha');
  const ravi = await logIn('ravi');
  const first = await store.enquiries.add(contact('First'));
  const second = await store.enquiries.add(contact('Second'));

  const taken = await call('PATCH', patch(first._id), { cookie: asha, body: { assignedTo: 'asha' } });
  expect(taken.status).toBe(200);
  expect(taken.json).toMatchObject({ assignedTo: 'asha', history: [{ type: 'assignment', to: 'asha', by: 'asha' }] });
  const mine = await call('GET', '/admin/api/enquiries?assignedTo=me', { cookie: asha });
  expect(mine.json).toMatchObject({ total: 1, items: [{ _id: first._id, assignedTo: 'asha' }] });
  expect((await call('GET', '/admin/api/enquiries?assignedTo=none', { cookie: asha })).json).toMatchObject({
    total: 1,
    items: [{ _id: second._id, assignedTo: null }],
  });
  // Staff still see every enquiry.
  expect((await call('GET', '/admin/api/enquiries', { cookie: ravi })).json).toMatchObject({ total: 2 });

  const stolen = await call('PATCH', patch(first._id), { cookie: ravi, body: { assignedTo: 'ravi' } });
  expect(stolen.status).toBe(409);
  expect(stolen.json.message).toBe('This enquiry is assigned to someone else now. Only an owner can reassign it.');
  const given = await call('PATCH', patch(second._id), { cookie: ravi, body: { assignedTo: 'asha' } });
  expect(given.status).toBe(403);
  expect(given.json.message).toMatch(/Only an owner can assign an enquiry to someone else/);
  expect((await call('PATCH', patch(first._id), { cookie: ravi, body: { assignedTo: null } })).status).toBe(409);

  const moved = await call('PATCH', patch(first._id), { cookie: owner, body: { assignedTo: 'ravi' } });
  expect(moved.json).toMatchObject({ assignedTo: 'ravi' });
  expect((await call('GET', '/admin/api/enquiries?assignedTo=ravi', { cookie: owner })).json).toMatchObject({ total: 1 });
  // Ravi gives it back; then it is nobody's.
  expect((await call('PATCH', patch(first._id), { cookie: ravi, body: { assignedTo: null } })).json).toMatchObject({ assignedTo: null });

  const audit = (await store.audit.list({ limit: 50 })).items.filter((entry) => entry.action === 'assignment');
  expect(audit.map((entry) => [entry.account, entry.detail])).toEqual([
    ['ravi', 'to nobody'],
    ['owner', 'to ravi'],
    ['asha', 'to asha'],
  ]);
});

test('an assignee who is not an account, or is an editor, gets a 400 naming the field; an editor is refused the desk', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('pages', 'editor');
  const owner = await logIn('owner');
  const record = await store.enquiries.add(contact('Field'));
  const nobody = await call('PATCH', patch(record._id), { cookie: owner, body: { assignedTo: 'ghost' } });
  expect(nobody).toMatchObject({ status: 400, json: { errors: { assignedTo: 'No account has that username' } } });
  const editor = await call('PATCH', patch(record._id), { cookie: owner, body: { assignedTo: 'pages' } });
  expect(editor).toMatchObject({
    status: 400,
    json: { errors: { assignedTo: 'An editor works on the pages only: choose an owner or a staff member' } },
  });
  const wrongType = await call('PATCH', patch(record._id), { cookie: owner, body: { assignedTo: 7 } });
  expect(wrongType).toMatchObject({ status: 400, json: { errors: { assignedTo: 'Choose an advisor, or nobody' } } });
  expect((await call('GET', '/admin/api/enquiries?assignedTo=ghost', { cookie: owner })).json).toMatchObject({
    errors: { assignedTo: 'assignedTo must be me, none or the username of an account' },
  });
  expect((await store.enquiries.get(record._id))!.history).toEqual([]);

  const pages = await logIn('pages');
  expect((await call('PATCH', patch(record._id), { cookie: pages, body: { assignedTo: 'pages' } })).status).toBe(403);
  expect((await call('GET', '/admin/api/enquiries?assignedTo=me', { cookie: pages })).status).toBe(403);
});

test('owners set each advisor’s languages and availability; the rule of _desk.yaml then gives new enquiries by turns', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  await account('ravi', 'staff');
  await account('pages', 'editor');
  const owner = await logIn('owner');
  const set = (name: string, body: unknown) => call('PATCH', `/admin/api/accounts/${name}`, { cookie: owner, body });
  expect((await set('asha', { available: true, languages: ['mr', 'en'] })).json).toMatchObject({
    languages: ['mr', 'en'],
    available: true,
  });
  expect((await set('ravi', { available: true })).json).toMatchObject({ available: true, role: 'staff' });
  expect((await set('pages', { available: true })).status).toBe(200);
  expect((await set('ravi', { languages: ['fr'] })).json).toMatchObject({ errors: { languages: 'Choose English, Marathi or Hindi' } });
  expect((await set('ravi', {})).json).toMatchObject({
    errors: { '': "Send a role, languages, names, availability or the daily list's e-mail or language to change" },
  });

  const send = (name: string) =>
    call('POST', '/addcontactdata', {
      body: { name, number: '9822012345', enquiry: 'other', consent: true },
      address: `10.0.0.${name.length}`,
    });
  for (const name of ['One', 'Two', 'Three']) expect((await send(name)).status).toBe(200);
  const list = await call('GET', '/admin/api/enquiries', { cookie: owner });
  // Oldest first: Asha, Ravi, then Asha again; the editor is never an advisor.
  expect((list.json.items as { name: string; assignedTo: string }[]).map((item) => [item.name, item.assignedTo]).reverse()).toEqual([
    ['One', 'asha'],
    ['Two', 'ravi'],
    ['Three', 'asha'],
  ]);
  const detail = await call('GET', patch((list.json.items as { _id: string }[])[0]!._id), { cookie: owner });
  expect(detail.json.history).toMatchObject([{ type: 'assignment', to: 'asha', rule: 'turns', by: 'assignment rule' }]);
  expect((await store.audit.list({ limit: 100 })).items.some((entry) => entry.action === 'account-casework')).toBe(true);
});
