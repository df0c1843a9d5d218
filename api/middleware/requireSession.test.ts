import { expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp();

test('401 without a session, with a forged one, or with only the readable name cookie', async () => {
  const { call, account } = await apiApp();
  await account('owner');
  for (const cookie of [undefined, 'session=forged-token', 'adminUsername=owner']) {
    const answer = await call('GET', '/admin/session', { ...(cookie && { cookie }) });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ message: 'Please log in to see this page.' });
  }
});

test('a session of a removed account is no session; a role change counts at once', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('priya', 'owner');
  const cookie = await logIn('priya');
  expect((await call('GET', '/admin/api/audit', { cookie })).status).toBe(200);
  const priya = (await store.accounts.find('priya'))!;
  await store.accounts.update(priya.id, { role: 'staff' });
  const refused = await call('GET', '/admin/api/audit', { cookie });
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe('Only an owner can read the audit log. Ask an owner of this account if it needs doing.');
  await store.accounts.remove(priya.id);
  expect((await call('GET', '/admin/api/enquiries', { cookie })).status).toBe(401);
});

test('an account still on a generated password may only change it', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await store.accounts.update((await store.accounts.find('owner'))!.id, { mustChangePassword: true });
  const cookie = await logIn('owner');
  const refused = await call('GET', '/admin/api/enquiries', { cookie });
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ mustChangePassword: true });
  expect((await call('GET', '/admin/session', { cookie })).json).toEqual({
    username: 'owner',
    role: 'owner',
    mustChangePassword: true,
    mustEnrol: false,
    displayNames: {},
  });
});
