import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();

test('owners add, list, re-role and remove accounts; the last owner stays', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const added = await call('POST', '/admin/api/users', {
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
  });
  // The owner chose meena's first password, so meena must choose her own before anything else.
  const meena = await call('POST', '/admin/login', { body: { username: 'meena', password: 'meena first pass' } });
  expect(meena.json).toMatchObject({ mustChangePassword: true });
  expect((await call('GET', '/admin/api/users', { cookie })).json.items).toHaveLength(2);
  expect((await call('PATCH', '/admin/api/users/meena', { cookie, body: { role: 'owner' } })).json).toMatchObject({ role: 'owner' });
  expect((await call('PATCH', '/admin/api/users/nobody', { cookie, body: { role: 'owner' } })).status).toBe(404);
  expect((await call('DELETE', '/admin/api/users/meena', { cookie })).status).toBe(200);
  expect((await call('DELETE', '/admin/api/users/owner', { cookie })).status).toBe(409);
  expect((await call('PATCH', '/admin/api/users/owner', { cookie, body: { role: 'staff' } })).status).toBe(409);
}, 30_000);

test('new accounts are checked field by field', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  const answer = await call('POST', '/admin/api/users', { cookie, body: { username: 'a b', password: '12345', role: 'king', extra: 1 } });
  expect(answer.status).toBe(400);
  expect(answer.json.errors).toEqual({
    username: 'Use letters, digits, dots, dashes and underscores only',
    password: 'Password must be at least 8 characters.',
    role: 'Choose owner, staff or editor',
    extra: 'This field is not part of the form',
  });
  const common = await call('POST', '/admin/api/users', { cookie, body: { username: 'meena', password: 'password123', role: 'staff' } });
  expect(common.json.errors).toEqual({
    password: 'That password is one of the most common ones, so it is easy to guess. Please choose another.',
  });
});
