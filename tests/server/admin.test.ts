import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { hashToken } from '../../api/auth/sessionTokens';
import { removeDir, startServer, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const ADMIN = { username: 'owner', password: 'correct horse 42' };
let server: RunningServer;
const url = (pathname: string) => new URL(pathname, server.url).href;
const origin = () => new URL(server.url).origin;

// Each test comes from its own address (the server trusts one proxy here), so the
// failed attempts one test makes on purpose never lock out the next.
let testIp = 0;
beforeEach(() => {
  testIp += 1;
});

/** POSTs JSON as the admin pages do: same origin, with whatever cookie is given. */
const adminPost = (pathname: string, body: unknown, cookie = '', extra: Record<string, string> = {}) =>
  postJson(url(pathname), body, {
    Origin: origin(),
    'X-Forwarded-For': `198.51.100.${testIp}`,
    ...(cookie && { Cookie: cookie }),
    ...extra,
  });

async function logIn(username = ADMIN.username, password = ADMIN.password) {
  const response = await adminPost('/admin/login', { username, password });
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => cookie.startsWith('session=')) ?? '';
  return { response, session, cookie: session.split(';')[0]! };
}

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('first start', () => {
  test('creates the admin from ADMIN_USERNAME and ADMIN_PASSWORD, storing only a scrypt hash', () => {
    const security = readFileSync(path.join(server.dataDir, 'security.json'), 'utf8');
    expect(security).not.toContain(ADMIN.password);
    const { admin } = JSON.parse(security) as { admin: { username: string; passwordHash: string } };
    expect(admin.username).toBe('owner');
    expect(admin.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(server.output.join('\n')).not.toContain(ADMIN.password);
  });

  test('without them, creates "admin" with a random 16-character password printed once, which works', async () => {
    const own = await startServer();
    const printed = /password: (\S{16})$/m.exec(own.output.join('\n'))?.[1];
    expect(printed).toBeDefined();
    const response = await postJson(
      new URL('/admin/login', own.url).href,
      { username: 'admin', password: printed },
      { Origin: new URL(own.url).origin },
    );
    expect(response.status).toBe(200);
    await own.stop();
    const again = await startServer({ dataDir: own.dataDir });
    expect(again.output.join('\n')).not.toContain(printed!);
    await again.stop();
    removeDir(own.dataDir);
  });
});

describe('login and sessions', () => {
  test('a good login answers {username} with an HttpOnly SameSite=Strict session cookie and a readable adminUsername cookie', async () => {
    const { response, session } = await logIn();
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ username: 'owner' });
    expect(session).toMatch(/^session=[\w-]{43}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Strict$/);
    const name = response.headers.getSetCookie().find((cookie) => cookie.startsWith('adminUsername='))!;
    expect(name).toBe('adminUsername=owner; Max-Age=86400; Path=/; SameSite=Strict');
    expect(response.headers.getSetCookie().join()).not.toMatch(/password/i);
  });

  test('each login gets a new token, stored only as its hash', async () => {
    const first = await logIn();
    const second = await logIn();
    expect(first.cookie).not.toBe(second.cookie);
    const token = second.cookie.slice('session='.length);
    const security = readFileSync(path.join(server.dataDir, 'security.json'), 'utf8');
    expect(security).not.toContain(token);
    expect(security).toContain(hashToken(token));
  });

  test('GET /admin/session answers the username with a session and 401 without', async () => {
    const { cookie } = await logIn();
    expect(await (await fetch(url('/admin/session'), { headers: { Cookie: cookie } })).json()).toEqual({ username: 'owner' });
    expect((await fetch(url('/admin/session'))).status).toBe(401);
  });

  test('logout ends the session on the server', async () => {
    const { cookie } = await logIn();
    expect((await adminPost('/admin/logout', {}, cookie)).status).toBe(200);
    expect((await fetch(url('/admin/session'), { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test("a wrong password or username gets SPEC's message", async () => {
    for (const body of [
      { username: 'owner', password: 'nope-nope' },
      { username: 'someone', password: ADMIN.password },
    ]) {
      const response = await adminPost('/admin/login', body, '', { 'X-Forwarded-For': '203.0.113.50' });
      expect(response.status).toBe(401);
      expect(response.json.message).toBe('Incorrect username or password, please try again.');
    }
  });
});

describe('the auth matrix: nobody without a session reads or deletes a record', () => {
  let recordId: string;
  let expiredCookie: string;

  beforeAll(async () => {
    await postJson(url('/addcontactdata'), { name: 'Matrix', number: '9876543210', enquiry: 'other' });
    await postJson(url('/aboutform'), { name: 'Matrix', address: 'Here', message: 'Hi', phoneno: '9876543210' });
    recordId = storedEnquiries(server.dataDir, 'contact').at(-1)!._id!;
    // An expired session, planted in the store as if it had been issued two days ago.
    const token = 'expired-token-planted-for-the-test-0123456789ab';
    const file = path.join(server.dataDir, 'security.json');
    await server.stop();
    const security = JSON.parse(readFileSync(file, 'utf8')) as { sessions: Record<string, unknown> };
    security.sessions[hashToken(token)] = { username: 'owner', expiresAt: Date.now() - 86_400_000 };
    writeFileSync(file, JSON.stringify(security));
    server = await startServer({ dataDir: server.dataDir, env: { TRUST_PROXY: '1' } });
    expiredCookie = `session=${token}`;
  });

  const credentials = () =>
    [
      ['no cookie', ''],
      ['a forged token', 'session=Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3VlZA'],
      ['an expired token', expiredCookie],
      ['only the adminUsername cookie', 'adminUsername=owner'],
    ] as const;

  test.each(['/fetchaboutdata', '/fetchcontactusdata'])('GET %s answers 401 and no record', async (pathname) => {
    for (const [, cookie] of credentials()) {
      const response = await fetch(url(pathname), { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('Matrix');
    }
  });

  test.each([
    ['/deletecontact', 'cid'],
    ['/deleteproduct', 'aid'],
  ])('POST %s answers 401 and deletes nothing', async (pathname, field) => {
    const id = field === 'cid' ? recordId : storedEnquiries(server.dataDir, 'about').at(-1)!._id;
    for (const [, cookie] of credentials()) {
      expect((await adminPost(pathname, { [field]: id }, cookie)).status).toBe(401);
    }
    expect(storedEnquiries(server.dataDir, field === 'cid' ? 'contact' : 'about').some((record) => record._id === id)).toBe(true);
  });

  test('a cross-origin POST or one not declared JSON is refused with 403 even with a valid session', async () => {
    const { cookie } = await logIn();
    const evil = await postJson(url('/deletecontact'), { cid: recordId }, { Cookie: cookie, Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    const crossSite = await postJson(url('/deletecontact'), { cid: recordId }, { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const noOrigin = await postJson(url('/deletecontact'), { cid: recordId }, { Cookie: cookie });
    expect(noOrigin.status).toBe(403);
    const form = await fetch(url('/deletecontact'), {
      method: 'POST',
      headers: { Cookie: cookie, Origin: origin(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `cid=${recordId}`,
    });
    expect(form.status).toBe(403);
    expect(storedEnquiries(server.dataDir, 'contact').some((record) => record._id === recordId)).toBe(true);
  });

  test("with a session: lists newest first with SPEC's message, deletes with SPEC's message, and 404 for an unknown id", async () => {
    const { cookie } = await logIn();
    await postJson(url('/addcontactdata'), { name: 'Newest', number: '9876543210', enquiry: 'other' });
    const list = (await (await fetch(url('/fetchcontactusdata'), { headers: { Cookie: cookie } })).json()) as {
      Data: { _id: string; name: string }[];
    };
    expect(list.Data[0]!.name).toBe('Newest');
    const stored = storedEnquiries(server.dataDir, 'contact');
    expect(list.Data.map((record) => record._id)).toEqual(stored.map((record) => record._id).reverse());

    const removed = await adminPost('/deletecontact', { cid: recordId }, cookie);
    expect(removed.json).toEqual({ message: 'CONTACT DELETED SUCESSFULLY' });
    expect(storedEnquiries(server.dataDir, 'contact').some((record) => record._id === recordId)).toBe(false);

    const before = storedEnquiries(server.dataDir, 'contact').length;
    expect((await adminPost('/deletecontact', { cid: recordId }, cookie)).status).toBe(404);
    expect((await adminPost('/deletecontact', { cid: ['x'] }, cookie)).status).toBe(400);
    expect(storedEnquiries(server.dataDir, 'contact').length).toBe(before);

    const aboutId = storedEnquiries(server.dataDir, 'about').at(-1)!._id;
    expect((await adminPost('/deleteproduct', { aid: aboutId }, cookie)).json).toEqual({ message: 'PRODUCT DELETE SUCCESSFULLY' });
    const emptyAbout: unknown = await (await fetch(url('/fetchaboutdata'), { headers: { Cookie: cookie } })).json();
    expect(emptyAbout).toEqual({ Data: [] });
  });

  test('an empty contact list says NO CONTACT US DATA FOUND', async () => {
    const { cookie } = await logIn();
    for (const record of storedEnquiries(server.dataDir, 'contact')) await adminPost('/deletecontact', { cid: record._id }, cookie);
    expect(await (await fetch(url('/fetchcontactusdata'), { headers: { Cookie: cookie } })).json()).toEqual({
      message: 'NO CONTACT US DATA FOUND',
      Data: [],
    });
  });
});

describe('resets', () => {
  test('reset password: every SPEC message, then the new password works and other sessions end', async () => {
    const other = await logIn();
    const reset = (body: Record<string, string>) =>
      adminPost('/admin/reset-password', { username: 'owner', currentPassword: ADMIN.password, ...body });
    expect((await reset({ currentPassword: 'wrong!!', newPassword: 'abcdef', confirmPassword: 'abcdef' })).json.message).toBe(
      'Incorrect username or password, please try again.',
    );
    expect((await reset({ newPassword: 'abcdefg', confirmPassword: 'abcdefh' })).json.message).toBe('New passwords do not match.');
    expect((await reset({ newPassword: 'abc', confirmPassword: 'abc' })).json.message).toBe('Password must be at least 6 characters.');
    const done = await reset({ newPassword: 'brand new pass', confirmPassword: 'brand new pass' });
    expect(done.status).toBe(200);
    expect((await fetch(url('/admin/session'), { headers: { Cookie: other.cookie } })).status).toBe(401);
    expect((await logIn('owner', ADMIN.password)).response.status).toBe(401);
    expect((await logIn('owner', 'brand new pass')).response.status).toBe(200);
    ADMIN.password = 'brand new pass';
  });

  test('reset username: every SPEC message, then the new username works', async () => {
    const reset = (body: Record<string, string>) => adminPost('/admin/reset-username', { currentPassword: ADMIN.password, ...body });
    expect((await reset({ currentPassword: 'wrong!!', newUsername: 'boss', confirmUsername: 'boss' })).json.message).toBe(
      'Incorrect username or password, please try again.',
    );
    expect((await reset({ newUsername: 'boss', confirmUsername: 'bos' })).json.message).toBe('New usernames do not match.');
    expect((await reset({ newUsername: 'bo', confirmUsername: 'bo' })).json.message).toBe('Username must be at least 3 characters.');
    expect((await reset({ newUsername: 'boss', confirmUsername: 'boss' })).status).toBe(200);
    expect((await logIn('boss', ADMIN.password)).response.json).toEqual({ username: 'boss' });
    ADMIN.username = 'boss';
  });
});

describe('brute force', () => {
  test('after 5 failed logins from one IP, even the right password gets 429 until the window passes', async () => {
    const own = await startServer({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'right password' } });
    const attempt = (password: string, username = 'owner') =>
      postJson(new URL('/admin/login', own.url).href, { username, password }, { Origin: new URL(own.url).origin });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`, `guess${i}`)).status).toBe(401);
    const locked = await attempt('right password');
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Too many failed attempts.*try again in 1[45] minutes/);
    await own.stop();
    removeDir(own.dataDir);
  }, 60_000);
});

describe('the built client', () => {
  test('contains no password, password hash or credential setting', async () => {
    const { readdirSync } = await import('node:fs');
    const clientDir = path.resolve(import.meta.dirname, '../../dist/client');
    const files = readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html|css|json)$/.test(entry.name))
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    expect(files.length).toBeGreaterThan(10);
    for (const text of files) {
      expect(text).not.toMatch(/scrypt\$|passwordHash|ADMIN_PASSWORD|adminPassword/);
      expect(text).not.toContain(ADMIN.password);
    }
  });
});

describe('npm run admin:password', () => {
  test('sets a new password offline, ends every session, and refuses while the server runs', async () => {
    const { execFile } = await import('node:child_process');
    const { ROOT } = await import('../helpers/server');
    const run = (dataDir: string, input: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = execFile(
          'npm',
          ['run', '-s', 'admin:password'],
          { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
          (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
        );
        child.stdin!.end(input);
      });

    const own = await startServer({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'forgotten-one' } });
    const session = await postJson(
      new URL('/admin/login', own.url).href,
      { username: 'owner', password: 'forgotten-one' },
      { Origin: new URL(own.url).origin },
    );
    const cookie = session.headers
      .getSetCookie()
      .find((line) => line.startsWith('session='))!
      .split(';')[0]!;
    expect((await run(own.dataDir, 'a-new-secret\na-new-secret\n')).output).toMatch(/Another server process .* is already using/);
    await own.stop();

    expect((await run(own.dataDir, 'short\nshort\n')).output).toContain('at least 6 characters');
    expect((await run(own.dataDir, 'a-new-secret\nanother-one\n')).output).toContain('do not match');
    const changed = await run(own.dataDir, 'a-new-secret\na-new-secret\n');
    expect(changed.code).toBe(0);
    expect(changed.output).not.toContain('a-new-secret');

    const restarted = await startServer({ dataDir: own.dataDir });
    const login = (password: string) =>
      postJson(new URL('/admin/login', restarted.url).href, { username: 'owner', password }, { Origin: new URL(restarted.url).origin });
    expect((await fetch(new URL('/admin/session', restarted.url), { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await login('forgotten-one')).status).toBe(401);
    expect((await login('a-new-secret')).status).toBe(200);
    await restarted.stop();
    removeDir(own.dataDir);
  }, 90_000);
});
