import { expect, test } from 'vitest';
import { sealTotpSecret } from '../auth/secondFactor';
import { hashToken } from '../auth/sessionTokens';
import { totpCode } from '../auth/totpCodes';
import { hashRecoveryCode } from '../auth/recoveryCodes';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

const clock = manualClock();
const apiApp = useApiApp({ ADMIN_IDLE_MINUTES: '30' }, clock);

test('with no account at all, a login gets "No username or password found in the system."', async () => {
  const { call } = await apiApp();
  const answer = await call('POST', '/admin/login', { body: { username: 'admin', password: 'anything' } });
  expect(answer.status).toBe(401);
  expect(answer.json).toEqual({ message: 'No username or password found in the system.' });
});

test('a login sets the session, the readable name and a trusted-device cookie, and is audited; logout ends the session', async () => {
  const { call, account, store } = await apiApp();
  const password = await account('owner');
  const answer = await call('POST', '/admin/login', { body: { username: 'OWNER', password } });
  expect(answer.json).toEqual({ username: 'owner', role: 'owner', mustChangePassword: false, mustEnrol: false, displayNames: {} });
  const cookies = answer.headers.getSetCookie();
  expect(cookies.map((line) => line.split('=')[0])).toEqual(['session', 'adminUsername', 'device']);
  const cookie = cookies[0]!.split(';')[0]!;
  expect((await call('POST', '/admin/logout', { cookie })).json).toEqual({ message: 'You have logged out.' });
  expect((await call('GET', '/admin/session', { cookie })).status).toBe(401);
  expect((await store.audit.list({ limit: 10 })).items.map((entry) => entry.action)).toEqual(['sign-out', 'sign-in']);
});

test('missing fields get 400; a wrong password 401 with the firm’s message, recorded without the password', async () => {
  const { call, account, store } = await apiApp();
  await account('owner');
  expect((await call('POST', '/admin/login', { body: { username: 'owner' } })).json).toEqual({ message: 'Fill in username and password.' });
  const wrong = await call('POST', '/admin/login', { body: { username: 'owner', password: 'guess-123' } });
  expect(wrong.json).toEqual({ message: 'Incorrect username or password, please try again.' });
  const [entry] = (await store.audit.list({ limit: 1 })).items;
  expect(entry).toMatchObject({ account: 'owner', action: 'sign-in-failed', detail: 'wrong password' });
  expect(JSON.stringify(entry)).not.toContain('guess-123');
});

test('a second check for an account while one runs is refused at once, not queued', async () => {
  const { call, account } = await apiApp();
  const password = await account('owner');
  const [first, second] = await Promise.all([
    call('POST', '/admin/login', { body: { username: 'owner', password }, address: '198.51.100.1' }),
    call('POST', '/admin/login', { body: { username: 'owner', password }, address: '198.51.100.2' }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 429]);
  expect([first, second].find((answer) => answer.status === 429)!.json.message).toMatch(/already being checked/);
});

test('a reset keeps the session that made it and ends the account’s others', async () => {
  const { call, account } = await apiApp();
  const password = await account('owner');
  const here = (await call('POST', '/admin/login', { body: { username: 'owner', password } })).headers.getSetCookie()[0]!.split(';')[0]!;
  const elsewhere = (await call('POST', '/admin/login', { body: { username: 'owner', password } })).headers
    .getSetCookie()[0]!
    .split(';')[0]!;
  const reset = await call('POST', '/admin/reset-password', {
    cookie: here,
    body: { username: 'owner', currentPassword: password, newPassword: 'a better passphrase', confirmPassword: 'a better passphrase' },
  });
  expect(reset.json).toEqual({
    message: 'Your password has been changed. Every other session and remembered device of this account has been signed out.',
    signedIn: true,
  });
  // The browser that made the change gets a new session; the one it had ends with the others.
  const renewed = reset.headers
    .getSetCookie()
    .find((line) => line.startsWith('session='))!
    .split(';')[0]!;
  expect(renewed).not.toBe(here);
  expect((await call('GET', '/admin/session', { cookie: renewed })).status).toBe(200);
  expect((await call('GET', '/admin/session', { cookie: here })).status).toBe(401);
  expect((await call('GET', '/admin/session', { cookie: elsewhere })).status).toBe(401);
  const signedOut = await call('POST', '/admin/reset-password', {
    body: {
      username: 'owner',
      currentPassword: 'a better passphrase',
      newPassword: 'the best passphrase',
      confirmPassword: 'the best passphrase',
    },
  });
  expect(signedOut.json).toEqual({ message: 'Your password has been changed. Log in with the new password.', signedIn: false });
});

test('a session ends after 30 minutes without a request, and lasts while it is used, up to its day', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  const cookie = await logIn('owner');
  for (let step = 0; step < 4; step++) {
    await clock.advance(29 * 60_000);
    expect((await call('GET', '/admin/session', { cookie })).status).toBe(200);
  }
  await clock.advance(30 * 60_000);
  const ended = await call('GET', '/admin/session', { cookie });
  expect(ended.status).toBe(401);
  expect(ended.json.message).toBe('You were signed out after 30 minutes without activity. Please log in again.');
  expect((await call('GET', '/admin/session', { cookie })).json.message).toBe('Please log in to see this page.');
});

test('a password change forgets the account’s trusted devices, so they no longer skip the lockout', async () => {
  const { call, account, store } = await apiApp();
  const password = await account('owner');
  const login = await call('POST', '/admin/login', { body: { username: 'owner', password } });
  const device = login.headers
    .getSetCookie()
    .find((line) => line.startsWith('device='))!
    .split(';')[0]!;
  const accountId = (await store.accounts.find('owner'))!.id;
  expect(await store.accounts.isTrustedDevice(hashToken(device.slice('device='.length)), accountId)).toBe(true);
  const reset = await call('POST', '/admin/reset-password', {
    body: { username: 'owner', currentPassword: password, newPassword: 'a better passphrase', confirmPassword: 'a better passphrase' },
  });
  expect(reset.status).toBe(200);
  expect(await store.accounts.isTrustedDevice(hashToken(device.slice('device='.length)), accountId)).toBe(false);
  expect(reset.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^device=;/));
});

test('a new username keeps to plain letters, so no one can pass for another; the audit keeps the account id', async () => {
  const { call, account, store } = await apiApp();
  const password = await account('priya', 'staff');
  await account('owner');
  const rename = (newUsername: string) =>
    call('POST', '/admin/reset-username', {
      body: { username: 'priya', currentPassword: password, newUsername, confirmUsername: newUsername },
    });
  // "оwner" with a Cyrillic о looks exactly like the owner's name.
  for (const lookalike of ['\u043ewner', 'priya\u200b', 'pri ya', 'प्रिया'])
    expect((await rename(lookalike)).json.message, lookalike).toBe('Username may use letters, digits, dots, dashes and underscores only.');
  expect((await rename('priya.k')).status).toBe(200);
  const id = (await store.accounts.find('priya.k'))!.id;
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'username-change', account: 'priya.k', accountId: id });
});

test('the login page’s resets need the account’s second factor in the same request: a password alone changes nothing', async () => {
  const { call, account, store, secrets } = await apiApp();
  const password = await account('asha');
  const asha = (await store.accounts.find('asha'))!;
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const recovery = 'abcd-efgh-jkmn-pqrs';
  await store.accounts.update(asha.id, {
    mfa: { totpSecret: sealTotpSecret(secrets, asha.id, secret), recoveryCodes: [hashRecoveryCode(recovery)] },
  });
  const signedIn = (
    await call('POST', '/admin/login', { body: { username: 'asha', password, code: await totpCode(secret, clock.now()) } })
  ).headers
    .getSetCookie()[0]!
    .split(';')[0]!;
  const newPassword = { newPassword: 'a better passphrase', confirmPassword: 'a better passphrase' };

  const passwordOnly = await call('POST', '/admin/reset-password', {
    body: { username: 'asha', currentPassword: password, ...newPassword },
  });
  expect(passwordOnly.status).toBe(401);
  expect(passwordOnly.json).toEqual({
    mfaRequired: true,
    message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  });
  const wrongCode = await call('POST', '/admin/reset-password', {
    body: { username: 'asha', currentPassword: password, ...newPassword, code: '000000' },
  });
  expect(wrongCode.json).toMatchObject({ mfaRequired: true, message: expect.stringContaining('not right') as string });
  const usernameOnly = await call('POST', '/admin/reset-username', {
    body: { username: 'asha', currentPassword: password, newUsername: 'asha.k', confirmUsername: 'asha.k' },
  });
  expect(usernameOnly.json).toMatchObject({ mfaRequired: true });
  // Nothing changed: the password, the name and the session are as they were.
  expect((await store.accounts.get(asha.id))!).toMatchObject({ username: 'asha', passwordHash: asha.passwordHash });
  expect((await call('GET', '/admin/session', { cookie: signedIn })).status).toBe(200);

  await clock.advance(30_000);
  const withCode = await call('POST', '/admin/reset-password', {
    body: { username: 'asha', currentPassword: password, ...newPassword, code: await totpCode(secret, clock.now()) },
  });
  expect(withCode.json).toEqual({ message: 'Your password has been changed. Log in with the new password.', signedIn: false });
  const withRecoveryCode = await call('POST', '/admin/reset-username', {
    body: { username: 'asha', currentPassword: 'a better passphrase', newUsername: 'asha.k', confirmUsername: 'asha.k', code: recovery },
  });
  expect(withRecoveryCode.json).toEqual({ message: 'Your username has been changed. Log in with the new username.' });
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({
    action: 'username-change',
    detail: 'was asha; checked with the password and code',
  });
  const malformed = await call('POST', '/admin/reset-username', {
    body: {
      username: 'asha.k',
      currentPassword: 'a better passphrase',
      newUsername: 'asha.r',
      confirmUsername: 'asha.r',
      passkey: 'not one',
    },
  });
  expect(malformed).toMatchObject({
    status: 400,
    json: { message: 'The code must be the 6 digits from your authenticator app, or a recovery code.' },
  });
});
