import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashToken } from '../../api/auth/sessionTokens';
import { adminClient } from '../helpers/adminClient';
import { removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const OWNER = { username: 'owner', password: 'correct horse 42' };
let server: RunningServer;
const admin = adminClient(() => server);
const PROXY = { TRUST_PROXY: '127.0.0.1' };

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ...PROXY } });
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

const security = () => readFileSync(path.join(server.dataDir, 'security.json'), 'utf8');

describe('first start', () => {
  test('creates the first owner from ADMIN_USERNAME and ADMIN_PASSWORD, storing only a scrypt hash', () => {
    expect(security()).not.toContain(OWNER.password);
    const { accounts } = JSON.parse(security()) as { accounts: { username: string; role: string; passwordHash: string }[] };
    expect(accounts).toEqual([expect.objectContaining({ username: 'owner', role: 'owner' })]);
    expect(accounts[0]!.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(server.output.join('\n')).not.toContain(OWNER.password);
  });

  test('without them, writes a generated password to a private file (never to the log) that must be changed at the first login', async () => {
    const own = await startServer();
    const file = path.join(own.dataDir, 'first-admin-password.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /^password: (\S{16})$/m.exec(readFileSync(file, 'utf8'))![1]!;
    expect(own.output.join('\n')).toContain(file);
    expect(own.output.join('\n')).not.toContain(password);
    const client = adminClient(() => own);
    const { answer, cookie } = await client.logIn('admin', password);
    expect(answer.json).toEqual({ username: 'admin', role: 'owner', mustChangePassword: true, mustEnrol: false, displayNames: {} });
    // Until the password is changed, the desk refuses, naming the reason.
    const refused = await client.get('/admin/api/enquiries', cookie);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ mustChangePassword: true });
    const changed = await client.post(
      '/admin/reset-password',
      { username: 'admin', currentPassword: password, newPassword: 'our own passphrase', confirmPassword: 'our own passphrase' },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    // The session that used the generated password ends; the browser carries on in a new one.
    expect((await client.get('/admin/api/enquiries', cookie)).status).toBe(401);
    const renewed = changed.headers
      .getSetCookie()
      .find((line) => line.startsWith('session='))!
      .split(';')[0]!;
    expect((await client.get('/admin/api/enquiries', renewed)).status).toBe(200);
    await own.stop();
    removeDir(own.dataDir);
  });
});

describe('login and sessions', () => {
  test('a good login answers the account and sets an HttpOnly SameSite=Strict session, a readable name and a trusted-device cookie', async () => {
    const { answer, setCookies } = await admin.logIn(OWNER.username, OWNER.password);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ username: 'owner', role: 'owner', mustChangePassword: false, mustEnrol: false, displayNames: {} });
    expect(setCookies.find((line) => line.startsWith('session='))).toMatch(
      /^session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(setCookies.find((line) => line.startsWith('adminUsername='))).toBe(
      'adminUsername=owner; Max-Age=86400; Path=/; SameSite=Strict',
    );
    expect(setCookies.find((line) => line.startsWith('device='))).toMatch(
      /^device=[\w-]{43}; Max-Age=7776000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(setCookies.join()).not.toMatch(/password/i);
  });

  test('each login gets a new token, stored only as its hash', async () => {
    const first = await admin.logIn(OWNER.username, OWNER.password);
    const second = await admin.logIn(OWNER.username, OWNER.password);
    const token = /session=([^;]+)/.exec(second.cookie)![1]!;
    expect(first.cookie).not.toBe(second.cookie);
    expect(security()).not.toContain(token);
    expect(security()).toContain(hashToken(token));
  });

  test('GET /admin/session answers the account with a session and 401 without; logout ends it on the server', async () => {
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    expect((await admin.get('/admin/session', cookie)).json).toEqual({
      username: 'owner',
      role: 'owner',
      mustChangePassword: false,
      mustEnrol: false,
      displayNames: {},
    });
    expect((await admin.get('/admin/session')).status).toBe(401);
    expect((await admin.post('/admin/logout', {}, cookie)).status).toBe(200);
    expect((await admin.get('/admin/session', cookie)).status).toBe(401);
  });

  test('a wrong password or an unknown username gets the firm’s message', async () => {
    for (const body of [
      { username: 'owner', password: 'nope-nope' },
      { username: 'someone', password: OWNER.password },
    ]) {
      const answer = await admin.post('/admin/login', body);
      expect(answer.status).toBe(401);
      expect(answer.json.message).toBe('Incorrect username or password, please try again.');
    }
  });
});

describe('the auth matrix: nobody without a session reads or deletes a record', () => {
  let recordId: string;
  let expiredCookie: string;

  beforeAll(async () => {
    await postJson(admin.url('/addcontactdata'), { name: 'Matrix', number: '9876543210', enquiry: 'other', consent: true });
    await postJson(admin.url('/aboutform'), { name: 'Matrix', address: 'Here', message: 'Hi', phoneno: '9876543210', consent: true });
    recordId = storedEnquiries(server.dataDir, 'contact').at(-1)!._id;
    // An expired session, planted in the store as if it had been issued two days ago.
    const token = 'expired-token-planted-for-the-test-0123456789ab';
    const file = path.join(server.dataDir, 'security.json');
    await server.stop();
    const data = JSON.parse(readFileSync(file, 'utf8')) as { accounts: { id: string }[]; sessions: Record<string, unknown> };
    data.sessions[hashToken(token)] = { accountId: data.accounts[0]!.id, expiresAt: Date.now() - 86_400_000 };
    writeFileSync(file, JSON.stringify(data));
    server = await startServer({ dataDir: server.dataDir, env: PROXY });
    expiredCookie = `session=${token}`;
  });

  const credentials = () => ['', 'session=Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3VlZA', expiredCookie, 'adminUsername=owner'];

  test.each([
    '/fetchaboutdata',
    '/fetchcontactusdata',
    '/admin/api/enquiries',
    `/admin/api/stats`,
    '/admin/api/accounts',
    '/admin/api/audit',
    '/admin/api/enquiries.csv',
  ])('GET %s answers 401 and no record', async (pathname) => {
    for (const cookie of credentials()) {
      const answer = await admin.get(pathname, cookie);
      expect(answer.status).toBe(401);
      expect(answer.text).not.toContain('Matrix');
    }
  });

  test('the original delete endpoints and the desk’s changes answer 401 and change nothing', async () => {
    const aboutId = storedEnquiries(server.dataDir, 'about').at(-1)!._id;
    for (const cookie of credentials()) {
      expect((await admin.post('/deletecontact', { cid: recordId }, cookie)).status).toBe(401);
      expect((await admin.post('/deleteproduct', { aid: aboutId }, cookie)).status).toBe(401);
      expect((await admin.del(`/admin/api/enquiries/${recordId}`, cookie)).status).toBe(401);
      expect((await admin.patch(`/admin/api/enquiries/${recordId}`, { status: 'contacted' }, cookie)).status).toBe(401);
    }
    expect(storedEnquiries(server.dataDir, 'contact').find((record) => record._id === recordId)).toMatchObject({ status: 'new' });
    expect(storedEnquiries(server.dataDir, 'about').some((record) => record._id === aboutId)).toBe(true);
  });

  test('a cross-origin change, or one not declared JSON, is refused with 403 even with a valid session', async () => {
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    const to = admin.url('/deletecontact');
    const base = { Cookie: cookie, 'X-Forwarded-For': '203.0.113.7' };
    const attempts = [
      await postJson(to, { cid: recordId }, { ...base, Origin: 'https://evil.example' }),
      await postJson(to, { cid: recordId }, { ...base, Origin: new URL(server.url).origin.replace('http:', 'https:') }),
      await postJson(to, { cid: recordId }, { ...base, 'Sec-Fetch-Site': 'cross-site' }),
      await postJson(to, { cid: recordId }, base),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([403, 403, 403, 403]);
    const form = await fetch(to, {
      method: 'POST',
      headers: { ...base, Origin: new URL(server.url).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `cid=${recordId}`,
    });
    expect(form.status).toBe(403);
    expect(storedEnquiries(server.dataDir, 'contact').some((record) => record._id === recordId)).toBe(true);
  });

  test('with a session: the firm’s lists newest first with their message, deletion with its message, and 404 for an unknown id', async () => {
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    await postJson(admin.url('/addcontactdata'), { name: 'Newest', number: '9876543210', enquiry: 'other', consent: true });
    const list = await admin.get<{ message: string; Data: { _id: string; name: string; number: string }[] }>('/fetchcontactusdata', cookie);
    expect(list.json.message).toBe('CONTACT US DATA FOUND');
    expect(list.json.Data[0]).toMatchObject({ name: 'Newest', number: '+919876543210' });
    expect(list.json.Data.map((record) => record._id)).toEqual(
      storedEnquiries(server.dataDir, 'contact')
        .map((record) => record._id)
        .reverse(),
    );
    expect(list.headers.get('cache-control')).toBe('no-store');

    expect((await admin.post('/deletecontact', { cid: recordId }, cookie)).json).toEqual({ message: 'CONTACT DELETED SUCESSFULLY' });
    expect(storedEnquiries(server.dataDir, 'contact').some((record) => record._id === recordId)).toBe(false);
    expect((await admin.post('/deletecontact', { cid: recordId }, cookie)).status).toBe(404);
    expect((await admin.post('/deletecontact', { cid: ['x'] }, cookie)).status).toBe(400);

    const aboutId = storedEnquiries(server.dataDir, 'about').at(-1)!._id;
    expect((await admin.post('/deleteproduct', { aid: aboutId }, cookie)).json).toEqual({ message: 'PRODUCT DELETE SUCCESSFULLY' });
    expect((await admin.get('/fetchaboutdata', cookie)).json).toEqual({ Data: [] });
    for (const record of storedEnquiries(server.dataDir, 'contact')) await admin.post('/deletecontact', { cid: record._id }, cookie);
    expect((await admin.get('/fetchcontactusdata', cookie)).json).toEqual({ message: 'NO CONTACT US DATA FOUND', Data: [] });
  });
});

describe('resets', () => {
  test('reset password: every message, the most common passwords refused, then the new one works and other sessions end', async () => {
    const other = await admin.logIn(OWNER.username, OWNER.password);
    const reset = (body: Record<string, string>) =>
      admin.post('/admin/reset-password', { username: 'owner', currentPassword: OWNER.password, ...body });
    expect(
      (await reset({ currentPassword: 'wrong!!', newPassword: 'a fine new phrase', confirmPassword: 'a fine new phrase' })).json.message,
    ).toBe('Incorrect username or password, please try again.');
    expect((await reset({ newPassword: 'abcdefg', confirmPassword: 'abcdefh' })).json.message).toBe('New passwords do not match.');
    expect((await reset({ newPassword: 'abc', confirmPassword: 'abc' })).json.message).toBe('Password must be at least 8 characters.');
    expect((await reset({ newPassword: 'Password@123', confirmPassword: 'Password@123' })).json.message).toMatch(/one of the most common/);
    const done = await reset({ newPassword: 'brand new pass', confirmPassword: 'brand new pass' });
    expect(done.status).toBe(200);
    expect((await admin.get('/admin/session', other.cookie)).status).toBe(401);
    expect((await admin.logIn('owner', OWNER.password)).answer.status).toBe(401);
    expect((await admin.logIn('owner', 'brand new pass')).answer.status).toBe(200);
    OWNER.password = 'brand new pass';
  });

  test('reset username: every message, then the new username works; it changes the account named, not another', async () => {
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    await admin.post('/admin/api/accounts', { username: 'priya', password: 'priya first pass', role: 'staff' }, cookie);
    const reset = (body: Record<string, string>) =>
      admin.post('/admin/reset-username', { username: 'owner', currentPassword: OWNER.password, ...body });
    expect((await reset({ currentPassword: 'wrong!!', newUsername: 'boss', confirmUsername: 'boss' })).json.message).toBe(
      'Incorrect username or password, please try again.',
    );
    expect((await reset({ newUsername: 'boss', confirmUsername: 'bos' })).json.message).toBe('New usernames do not match.');
    expect((await reset({ newUsername: 'bo', confirmUsername: 'bo' })).json.message).toBe('Username must be at least 3 characters.');
    expect((await reset({ newUsername: 'Priya', confirmUsername: 'Priya' })).status).toBe(409);
    expect((await reset({ newUsername: 'boss', confirmUsername: 'boss' })).status).toBe(200);
    expect((await admin.logIn('boss', OWNER.password)).answer.json).toMatchObject({ username: 'boss', role: 'owner' });
    expect((await admin.logIn('priya', 'priya first pass')).answer.json).toMatchObject({ username: 'priya', role: 'staff' });
    OWNER.username = 'boss';
  });
});

describe('the built client', () => {
  test('contains no password, password hash or credential setting', () => {
    const clientDir = path.join(ROOT, 'dist/client');
    const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html|css|json)$/.test(entry.name))
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    expect(files.length).toBeGreaterThan(10);
    for (const text of files) {
      expect(text).not.toMatch(/scrypt\$|passwordHash|ADMIN_PASSWORD|adminPassword/);
      expect(text).not.toContain(OWNER.password);
    }
  });
});
