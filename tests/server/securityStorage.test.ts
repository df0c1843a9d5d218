import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import type { ListPage } from '../../src/shared/listPage';
import { manualClock } from '../helpers/manualClock';
import { PgStore } from '../../api/store/pg/PgStore';
import { seedFileStore } from '../bench/benchTools';
import { PLAIN_ENQUIRY, useOwnerSites } from '../helpers/ownerSite';
import { createDatabase } from '../helpers/postgres';
import { startWebhookReceiver } from '../helpers/receivers';
import { removeDir, tempDataDir } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';
import { runAdminPassword } from '../helpers/cli';

const site = useOwnerSites();
const enquiry = PLAIN_ENQUIRY;

describe('6. and 7. counters live apart from the credentials, and nothing is unbounded', () => {
  test('enquiries and failed logins never rewrite security.json', async () => {
    const { server, admin } = await site();
    const file = path.join(server.dataDir, 'security.json');
    const before = { text: readFileSync(file, 'utf8'), modified: statSync(file).mtimeMs };
    for (let index = 0; index < 10; index++) await postJson(admin.url('/addcontactdata'), enquiry);
    for (let index = 0; index < 3; index++) await admin.post('/admin/login', { username: 'owner', password: `wrong ${index}` });
    expect(readFileSync(file, 'utf8')).toBe(before.text);
    expect(statSync(file).mtimeMs).toBe(before.modified);
    expect(before.text).not.toContain('windows');
  });

  test('the firm’s original list answers at most 500, newest first, however many are stored', async () => {
    const dataDir = tempDataDir();
    seedFileStore(dataDir, 620);
    const { admin } = await site({}, dataDir);
    const { cookie } = await admin.logIn('owner', 'owner pass phrase');
    const list = await admin.get<{ Data: { name: string }[] }>('/fetchcontactusdata', cookie);
    expect(list.json.Data).toHaveLength(500);
    expect(list.json.Data[0]!.name).toBe('Visitor 619');
    const page = await admin.get<ListPage<unknown>>('/admin/api/enquiries?limit=1000', cookie);
    expect(page.status).toBe(400);
  });

  test('on PostgreSQL, ended windows of any length are deleted', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const clock = manualClock();
    const store = await PgStore.open(url, 2, clock);
    await store.windows.count('short', 100);
    await store.windows.count('long', 60_000);
    await clock.advance(250);
    expect(await store.windows.deleteEnded()).toBe(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    expect((await client.query<{ key: string }>('SELECT key FROM windows')).rows).toEqual([{ key: 'long' }]);
    await client.end();
    await store.close();
  });
});

describe('8. npm run admin:password uses the configured store', () => {
  test('on PostgreSQL it changes the account in the database, ends its sessions in the same transaction, and leaves DATA_DIR alone', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const { server, admin } = await site({ DATABASE_URL: databaseUrl });
    const { cookie } = await admin.logIn('owner', 'owner pass phrase');
    const untouched = tempDataDir();
    const result = await runAdminPassword({ DATABASE_URL: databaseUrl, DATA_DIR: untouched }, 'changed on pg 1\nchanged on pg 1\n');
    expect(result.code).toBe(0);
    expect(result.output).toContain('The password of "owner" has been changed, and its sessions have ended.');
    expect(readdirSync(untouched)).toEqual([]);
    expect((await admin.get('/admin/session', cookie)).status).toBe(401);
    expect((await admin.logIn('owner', 'changed on pg 1')).answer.status).toBe(200);
    removeDir(untouched);
    expect(server.output.join('\n')).toContain('"store":"postgresql"');
  }, 90_000);
});

describe('10. cookies', () => {
  test('with an https SITE_URL the session is a Secure __Host- cookie, whatever the proxy says', async () => {
    const { admin } = await site({ SITE_URL: 'https://example.in' });
    const { setCookies } = await admin.logIn('owner', 'owner pass phrase');
    expect(setCookies.find((line) => line.startsWith('__Host-session='))).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(setCookies.find((line) => line.startsWith('__Host-device='))).toMatch(/; Secure; SameSite=Strict$/);
  });

  test('with an http SITE_URL a proxy header saying https does not make the cookie Secure', async () => {
    const { admin } = await site();
    const answer = await admin.request('POST', '/admin/login', {
      body: { username: 'owner', password: 'owner pass phrase' },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.headers.getSetCookie().find((line) => line.startsWith('session='))).not.toMatch(/Secure/);
  });
});

describe('12. the data folder is private', () => {
  test('DATA_DIR and everything in it are readable by the server’s user only', async () => {
    const { server, admin } = await site();
    await postJson(admin.url('/addcontactdata'), enquiry);
    await admin.logIn('owner', 'owner pass phrase');
    const visit = (dir: string): string[] => [
      `${dir} ${(statSync(dir).mode & 0o777).toString(8)}`,
      ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? visit(path.join(dir, entry.name))
          : [`${path.join(dir, entry.name)} ${(statSync(path.join(dir, entry.name)).mode & 0o777).toString(8)}`],
      ),
    ];
    const modes = visit(server.dataDir);
    expect(modes.length).toBeGreaterThan(5);
    for (const line of modes) expect(line).toMatch(/ (700|600)$/);
  });
});

describe('13. smaller ones', () => {
  test('the webhook does not follow a redirect', async () => {
    const elsewhere = await startWebhookReceiver();
    const redirecting = createServer((_request, response) => response.writeHead(302, { Location: elsewhere.url }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const { server, admin } = await site({
      NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`,
      NOTIFY_POLL_SECONDS: '1',
    });
    await postJson(admin.url('/addcontactdata'), enquiry);
    await expect
      .poll(() => storedEnquiries(server.dataDir, 'contact')[0]?.notifications?.webhook?.lastError)
      .toMatch(/redirect \(302\), which is not followed/);
    expect(elsewhere.received).toEqual([]);
    await elsewhere.down();
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
  });

  test('dot-files of the build, such as .vite/manifest.json, are not served', async () => {
    const { admin } = await site();
    for (const pathname of ['/.vite/manifest.json', '/.build-stamp', '/assets/.hidden']) {
      const answer = await admin.get(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.text).not.toContain('"file"');
    }
  });

  test('the audit log answers failed sign-ins without the password that was tried', async () => {
    const { admin } = await site();
    await admin.post('/admin/login', { username: 'owner', password: 'my-secret-guess' });
    const { cookie } = await admin.logIn('owner', 'owner pass phrase');
    const audit = await admin.get<ListPage<AuditEntry>>('/admin/api/audit', cookie);
    expect(audit.text).not.toContain('my-secret-guess');
    expect(audit.json.items.map((entry) => entry.action)).toEqual(['sign-in', 'sign-in-failed']);
  });
});
