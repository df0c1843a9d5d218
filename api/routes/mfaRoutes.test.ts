import { expect, test } from 'vitest';
import { sealTotpSecret } from '../auth/secondFactor';
import { totpCode } from '../auth/totpCodes';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

const clock = manualClock();
const apiApp = useApiApp({ ADMIN_MFA: 'required' }, clock);
const sessionOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => /^(session|device)=/.test(pair))
    .join('; ');

test('ADMIN_MFA=required: a new account may only enrol; the app is confirmed with a code, and ten recovery codes come once', async () => {
  const { call, account } = await apiApp();
  const password = await account('asha');
  const login = await call('POST', '/admin/login', { body: { username: 'asha', password } });
  expect(login.json).toEqual({ username: 'asha', role: 'owner', mustChangePassword: false, mustEnrol: true, displayNames: {} });
  const cookie = sessionOf(login.headers);
  const refused = await call('GET', '/admin/api/enquiries', { cookie });
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ mustEnrol: true, message: expect.stringContaining('second way to prove it is you') as string });

  // Signed in with the password just now, it may set up its first factor for five minutes.
  expect((await call('GET', '/admin/api/mfa', { cookie })).json).toEqual({
    totp: false,
    recoveryCodesLeft: 0,
    passkeys: [],
    confirmedUntil: new Date(clock.now() + 5 * 60_000).toISOString(),
  });
  expect((await call('POST', '/admin/api/mfa/totp/confirm', { cookie, body: { code: '123456' } })).status).toBe(409);
  const started = await call('POST', '/admin/api/mfa/totp', { cookie });
  const secret = started.json.secret as string;
  expect(started.json.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.*asha\\?.*secret=${secret}`));
  const qr = await call('GET', '/admin/api/mfa/totp/qr.svg', { cookie });
  expect(qr.headers.get('content-type')).toBe('image/svg+xml');
  expect(qr.text).toMatch(/^<svg[^>]*>.*<path/s);
  const code = await totpCode(secret, clock.now());
  const wrong = code.replace(/^./, (digit) => String((Number(digit) + 5) % 10));
  expect((await call('POST', '/admin/api/mfa/totp/confirm', { cookie, body: { code: wrong } })).json.message).toMatch(/does not match/);
  const confirmed = await call('POST', '/admin/api/mfa/totp/confirm', { cookie, body: { code } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.json.recoveryCodes).toHaveLength(10);
  expect((await call('GET', '/admin/api/enquiries', { cookie })).status).toBe(200);
  expect((await call('GET', '/admin/session', { cookie })).json.mustEnrol).toBe(false);
});

test('a second factor at sign-in: no code or a wrong one is 401 mfaRequired and counts; a code works once; a recovery code once', async () => {
  const { call, account, store } = await apiApp();
  const password = await account('asha');
  const enrol = sessionOf((await call('POST', '/admin/login', { body: { username: 'asha', password } })).headers);
  const secret = (await call('POST', '/admin/api/mfa/totp', { cookie: enrol })).json.secret as string;
  const recoveryCodes = (
    await call('POST', '/admin/api/mfa/totp/confirm', { cookie: enrol, body: { code: await totpCode(secret, clock.now()) } })
  ).json.recoveryCodes as string[];

  const noCode = await call('POST', '/admin/login', { body: { username: 'asha', password } });
  expect(noCode.status).toBe(401);
  expect(noCode.json).toEqual({
    mfaRequired: true,
    message: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  });
  expect(noCode.headers.getSetCookie()).toEqual([]);
  const wrongCode = await call('POST', '/admin/login', { body: { username: 'asha', password, code: '000000' } });
  expect(wrongCode.json).toMatchObject({ mfaRequired: true, message: expect.stringContaining('not right') as string });
  const wrongPassword = await call('POST', '/admin/login', { body: { username: 'asha', password: 'not it at all', code: '000000' } });
  expect(wrongPassword.json).toEqual({ message: 'Incorrect username or password, please try again.' });
  expect((await store.audit.list({ limit: 2 })).items.map((entry) => entry.detail)).toEqual(['wrong password', 'wrong code']);

  await clock.advance(30_000);
  const code = await totpCode(secret, clock.now());
  const signedIn = await call('POST', '/admin/login', { body: { username: 'asha', password, code } });
  expect(signedIn.status).toBe(200);
  expect((await call('POST', '/admin/login', { body: { username: 'asha', password, code } })).status).toBe(401);
  expect((await call('POST', '/admin/login', { body: { username: 'asha', password, code: recoveryCodes[0] } })).status).toBe(200);
  expect((await call('POST', '/admin/login', { body: { username: 'asha', password, code: recoveryCodes[0] } })).status).toBe(401);
  expect((await call('GET', '/admin/api/mfa', { cookie: sessionOf(signedIn.headers) })).json.recoveryCodesLeft).toBe(9);
});

test('wrong codes lock the account out like wrong passwords', async () => {
  const { call, account, store, secrets } = await apiApp();
  const password = await account('asha');
  const id = (await store.accounts.find('asha'))!.id;
  await store.accounts.update(id, {
    mfa: { totpSecret: sealTotpSecret(secrets, id, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'), recoveryCodes: [] },
  });
  const answers = [];
  for (let attempt = 0; attempt < 6; attempt++)
    answers.push(
      (await call('POST', '/admin/login', { body: { username: 'asha', password, code: '000000' }, address: `203.0.113.${attempt}` }))
        .status,
    );
  expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
});

test('an owner removes another account’s second factors, which ends its sessions; staff may not', async () => {
  const { call, account, store, secrets } = await apiApp();
  const ownerPassword = await account('asha');
  const staffPassword = await account('priya', 'staff');
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const priya = (await store.accounts.find('priya'))!;
  const asha = (await store.accounts.find('asha'))!;
  await store.accounts.update(priya.id, { mfa: { totpSecret: sealTotpSecret(secrets, priya.id, secret), recoveryCodes: ['x'] } });
  await store.accounts.update(asha.id, { mfa: { totpSecret: sealTotpSecret(secrets, asha.id, secret) } });
  const code = await totpCode(secret, clock.now());
  const owner = sessionOf((await call('POST', '/admin/login', { body: { username: 'asha', password: ownerPassword, code } })).headers);
  await store.accounts.createSession('priya-session', { accountId: priya.id, expiresAt: clock.now() + 60_000 });
  expect((await call('GET', '/admin/api/accounts', { cookie: owner })).json.items).toContainEqual(
    expect.objectContaining({ username: 'priya', secondFactor: true }),
  );
  const staffTry = await call('POST', '/admin/login', { body: { username: 'priya', password: staffPassword } });
  expect(staffTry.json.mfaRequired).toBe(true);
  const removed = await call('DELETE', '/admin/api/accounts/priya/mfa', { cookie: owner });
  expect(removed.json.message).toMatch(/^The second factors of priya have been removed/);
  expect((await store.accounts.get(priya.id))!.mfa).toBeUndefined();
  expect(await store.accounts.getSession('priya-session')).toBeUndefined();
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({
    action: 'second-factor-reset',
    account: 'asha',
    detail: 'priya',
  });
  // Signed in with the password alone, priya must now set up a new factor before anything else.
  const staff = await call('POST', '/admin/login', { body: { username: 'priya', password: staffPassword } });
  expect(staff.json.mustEnrol).toBe(true);
  expect((await call('DELETE', '/admin/api/accounts/asha/mfa', { cookie: sessionOf(staff.headers) })).status).toBe(403);
});

test('changing second factors needs the password and a current factor entered in the last five minutes; a change ends every other session', async () => {
  const { call, account, store } = await apiApp();
  const password = await account('asha');
  // Just signed in with the password, an account without a factor may set up its first.
  const here = sessionOf((await call('POST', '/admin/login', { body: { username: 'asha', password } })).headers);
  const secret = (await call('POST', '/admin/api/mfa/totp', { cookie: here })).json.secret as string;
  const recoveryCodes = (
    await call('POST', '/admin/api/mfa/totp/confirm', { cookie: here, body: { code: await totpCode(secret, clock.now()) } })
  ).json.recoveryCodes as string[];
  await clock.advance(30_000);
  const elsewhere = sessionOf(
    (await call('POST', '/admin/login', { body: { username: 'asha', password, code: await totpCode(secret, clock.now()) } })).headers,
  );

  // Six minutes on, the session alone (a stolen cookie) can change nothing.
  await clock.advance(6 * 60_000);
  const refusals = await Promise.all([
    call('POST', '/admin/api/mfa/totp', { cookie: here }),
    call('POST', '/admin/api/mfa/totp/confirm', { cookie: here, body: { code: '123456' } }),
    call('DELETE', '/admin/api/mfa/totp', { cookie: here }),
    call('POST', '/admin/api/mfa/recovery-codes', { cookie: here }),
    call('POST', '/admin/api/mfa/passkeys/options', { cookie: here }),
    call('DELETE', '/admin/api/mfa/passkeys/any', { cookie: here }),
    call('DELETE', '/admin/api/accounts/asha/mfa', { cookie: here }),
  ]);
  for (const refused of refusals) {
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ confirmIdentity: true, message: expect.stringContaining('first confirm it is you') as string });
  }
  expect((await store.accounts.get((await store.accounts.find('asha'))!.id))!.mfa).toMatchObject({
    recoveryCodes: expect.any(Array) as [],
  });
  expect(Date.parse((await call('GET', '/admin/api/mfa', { cookie: here })).json.confirmedUntil as string)).toBeLessThan(clock.now());

  // The password alone, or with a wrong code, does not confirm; with a code it does, for five minutes.
  const noCode = await call('POST', '/admin/api/mfa/confirm', { cookie: here, body: { password } });
  expect(noCode).toMatchObject({ status: 401, json: { mfaRequired: true } });
  expect((await call('POST', '/admin/api/mfa/confirm', { cookie: here, body: { password, code: '000000' } })).status).toBe(401);
  expect(
    (await call('POST', '/admin/api/mfa/confirm', { cookie: here, body: { password: 'not it', code: recoveryCodes[0] } })).status,
  ).toBe(401);
  const confirmed = await call('POST', '/admin/api/mfa/confirm', { cookie: here, body: { password, code: recoveryCodes[1] } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.json).toMatchObject({ message: 'Confirmed. For the next 5 minutes you can change how this account signs in.' });
  expect(confirmed.json.confirmedUntil).toBe(new Date(clock.now() + 5 * 60_000).toISOString());
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'identity-confirm', detail: 'password and code' });

  const fresh = await call('POST', '/admin/api/mfa/recovery-codes', { cookie: here });
  expect(fresh.status).toBe(200);
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({
    action: 'second-factor-add',
    account: 'asha',
    detail: "new recovery codes; the account's other sessions signed out",
  });
  // Every other session of the account has ended; this one goes on.
  expect((await call('GET', '/admin/session', { cookie: elsewhere })).status).toBe(401);
  expect((await call('GET', '/admin/session', { cookie: here })).status).toBe(200);
  await clock.advance(5 * 60_000);
  expect((await call('DELETE', '/admin/api/mfa/totp', { cookie: here })).status).toBe(403);
});
