import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();

test('owners add, list, re-role and remove accounts; the last owner stays', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const added = await call('POST', '/admin/api/accounts', {
    cookie,
    body: { username: 'meena', password: 'meena first pass', role: 'staff' },
  });
  expect(added.status).toBe(201);
  expect(added.json).toEqual({
    username: 'meena',
    role: 'staff',
    createdAt: expect.any(String) as string,
    secondFactor: false,
    languages: [],
    available: false,
    email: null,
    emailLanguage: null,
    displayNames: {},
  });
  // The owner chose meena's first password, so meena must choose her own before anything else.
  const meena = await call('POST', '/admin/login', { body: { username: 'meena', password: 'meena first pass' } });
  expect(meena.json).toMatchObject({ mustChangePassword: true });
  expect((await call('GET', '/admin/api/accounts', { cookie })).json.items).toHaveLength(2);
  expect((await call('PATCH', '/admin/api/accounts/meena', { cookie, body: { role: 'owner' } })).json).toMatchObject({ role: 'owner' });
  expect((await call('PATCH', '/admin/api/accounts/nobody', { cookie, body: { role: 'owner' } })).status).toBe(404);
  expect((await call('DELETE', '/admin/api/accounts/meena', { cookie })).status).toBe(200);
  expect((await call('DELETE', '/admin/api/accounts/owner', { cookie })).status).toBe(409);
  expect((await call('PATCH', '/admin/api/accounts/owner', { cookie, body: { role: 'staff' } })).status).toBe(409);
}, 30_000);

test('new accounts are checked field by field', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const answer = await call('POST', '/admin/api/accounts', {
    cookie,
    body: { username: 'a b', password: '12345', role: 'king', extra: 1 },
  });
  expect(answer.status).toBe(400);
  expect(answer.json.errors).toEqual({
    username: 'Use letters, digits, dots, dashes and underscores only',
    password: 'Password must be at least 8 characters.',
    role: 'Choose owner, staff or editor',
    extra: 'This field is not part of the form',
  });
  const common = await call('POST', '/admin/api/accounts', { cookie, body: { username: 'meena', password: 'password123', role: 'staff' } });
  expect(common.json.errors).toEqual({
    password: 'That password is one of the most common ones, so it is easy to guess. Please choose another.',
  });
});

test("an owner sets where an advisor's daily list goes and in which language, checked field by field; the audit log never holds the address", async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  const cookie = await logIn('owner');
  const change = (body: object) => call('PATCH', '/admin/api/accounts/asha', { cookie, body });
  const bad = await change({ email: 'asha at firm', emailLanguage: 'ta' });
  expect(bad.status).toBe(400);
  expect(bad.json.errors).toEqual({
    email: 'Enter an email address in the correct format, like name@example.com',
    emailLanguage: 'Choose English, Marathi or Hindi',
  });
  expect((await change({ email: 42 })).json.errors).toEqual({ email: 'Enter an email address, or leave it empty for no daily list' });
  expect((await change({ email: 'asha@firm.in', emailLanguage: 'mr' })).json).toMatchObject({ email: 'asha@firm.in', emailLanguage: 'mr' });
  expect((await change({ email: 'asha.patil@firm.in' })).json).toMatchObject({ email: 'asha.patil@firm.in', emailLanguage: 'mr' });
  expect((await change({ email: null })).json).toMatchObject({ email: null });
  const audit = (await store.audit.list({ limit: 10 })).items.filter((entry) => entry.action === 'account-casework');
  expect(audit.map((entry) => entry.detail)).toEqual([
    'asha: daily list by e-mail (mr) → no daily list',
    'asha: daily list by e-mail (mr) → daily list by e-mail (mr), to a new address',
    'asha: no daily list → daily list by e-mail (mr)',
  ]);
  expect(JSON.stringify(audit)).not.toContain('firm.in');
});
