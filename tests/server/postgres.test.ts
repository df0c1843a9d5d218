import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { seedFileStore } from '../bench/benchTools';
import { nulAndCursorRequests } from '../hostile/nulCorpus';
import { streamEnquiries } from '../helpers/crash';
import { createDatabase } from '../helpers/postgres';
import { removeDir, ROOT, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const run = promisify(execFile);
const ADMIN = { username: 'owner', password: 'shared-db-pass' };
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

/** Two server processes on different ports sharing one fresh database, started at the same moment. */
async function twoInstances(env: Record<string, string> = {}) {
  const databaseUrl = await createDatabase(inject('postgresUrl'));
  // Instances on one database share one secrets key (each would otherwise make its own, and the second be refused).
  const common = {
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    ...env,
  };
  const [a, b] = await Promise.all([startServer({ env: common }), startServer({ env: common })]);
  running.push(a, b);
  return { a: a, b: b, databaseUrl, secretsKey: common.SECRETS_KEY };
}

const enquiry = (message: string) => ({ name: 'Two Instances', number: '9876543210', enquiry: 'other', message, consent: true });
const origin = (server: RunningServer) => ({ Origin: new URL(server.url).origin });

async function logIn(server: RunningServer, password = ADMIN.password) {
  const response = await postJson(`${server.url}/admin/login`, { username: ADMIN.username, password }, origin(server));
  return {
    status: response.status,
    cookie:
      response.headers
        .getSetCookie()
        .find((line) => line.startsWith('session='))
        ?.split(';')[0] ?? '',
  };
}

const list = async (server: RunningServer, cookie: string) =>
  (
    (await (await fetch(`${server.url}/fetchcontactusdata`, { headers: { Cookie: cookie } })).json()) as {
      Data: { _id: string; message: string }[];
    }
  ).Data;

describe('two server processes on one PostgreSQL database behave as one server', () => {
  test('an enquiry posted to one is listed and deletable on the other', async () => {
    const { a, b } = await twoInstances();
    expect((await postJson(`${a.url}/addcontactdata`, enquiry('posted to A'))).status).toBe(200);
    const session = await logIn(b);
    const [record] = await list(b, session.cookie);
    expect(record!.message).toBe('posted to A');
    expect((await postJson(`${b.url}/deletecontact`, { cid: record!._id }, { ...origin(b), Cookie: session.cookie })).json.message).toBe(
      'CONTACT DELETED SUCESSFULLY',
    );
    expect(await list(a, (await logIn(a)).cookie)).toEqual([]);
  });

  test('a login on one is valid on the other, and a logout on either ends it', async () => {
    const { a, b } = await twoInstances();
    const { cookie } = await logIn(a);
    expect((await fetch(`${b.url}/admin/session`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await postJson(`${b.url}/admin/logout`, {}, { ...origin(b), Cookie: cookie })).status).toBe(200);
    expect((await fetch(`${a.url}/admin/session`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test('the per-IP enquiry limit counts across both', async () => {
    const { a, b } = await twoInstances({ ENQUIRY_RATE_LIMIT: '3' });
    expect((await postJson(`${a.url}/addcontactdata`, enquiry('1'))).status).toBe(200);
    expect((await postJson(`${b.url}/addcontactdata`, enquiry('2'))).status).toBe(200);
    expect((await postJson(`${a.url}/addcontactdata`, enquiry('3'))).status).toBe(200);
    expect((await postJson(`${b.url}/addcontactdata`, enquiry('4'))).status).toBe(429);
  });

  test('the login lockout counts across both', async () => {
    const { a, b } = await twoInstances();
    for (let attempt = 0; attempt < 5; attempt++) expect((await logIn(attempt % 2 ? a : b, `wrong ${attempt}`)).status).toBe(401);
    expect((await logIn(a)).status).toBe(429);
    expect((await logIn(b)).status).toBe(429);
  }, 60_000);

  test('kill -9 of one instance mid-stream loses no acknowledged enquiry', async () => {
    const { a, b, databaseUrl } = await twoInstances();
    const stream = streamEnquiries(a.url, 8);
    await stream.acknowledgedAtLeast(10);
    await a.kill();
    await stream.stop();
    expect(stream.acknowledged.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // A statement the killed instance had already sent still runs to its end (and may commit) in its server
    // backend; count only once no backend but ours is busy, or the count races that last insert.
    const busy =
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'";
    for (let tries = 0; (await client.query<{ n: number }>(busy)).rows[0]!.n > 0 && tries < 100; tries++) await delay(50);
    const { rows } = await client.query<{ message: string }>("SELECT fields->>'message' AS message FROM enquiries");
    await client.end();
    const stored = new Set(rows.map((row) => row.message));
    expect(stream.acknowledged.filter((tag) => !stored.has(tag))).toEqual([]);
    expect((await list(b, (await logIn(b)).cookie)).length).toBe(stored.size);
  });
});

describe('the page editor on two instances', () => {
  test('a page published on one instance is served by the other within 10 seconds, without a restart', async () => {
    const { a, b } = await twoInstances({ PAGES_POLL_SECONDS: '1' });
    const { cookie } = await logIn(a);
    const headers = { ...origin(a), Cookie: cookie, 'Content-Type': 'application/json' };
    const source = readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8').replace(
      'title: Credit Linked Capital Subsidy Scheme (CLCSS)\n',
      'title: CLCSS, published on instance A\n',
    );
    const saved = (await (
      await fetch(`${a.url}/admin/api/pages/clcss.yaml/draft`, { method: 'PUT', headers, body: JSON.stringify({ source, basedOn: '0' }) })
    ).json()) as { revision: string };
    const published = await fetch(`${a.url}/admin/api/pages/clcss.yaml/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ basedOn: saved.revision }),
    });
    expect(published.status).toBe(200);
    await expect
      .poll(async () => (await (await fetch(`${b.url}/clcss`)).text()).includes('<title>CLCSS, published on instance A'), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  test('a removal on one instance and a publish linking to the removed page on the other: exactly one commits, and both start again cleanly', async () => {
    // A long poll: neither instance learns of the other's commit but under the publishing lock.
    const { a, b, databaseUrl, secretsKey } = await twoInstances({ PAGES_POLL_SECONDS: '600' });
    const [onA, onB] = [await logIn(a), await logIn(b)];
    const call = (server: RunningServer, cookie: string, method: string, pathname: string, body?: unknown) =>
      fetch(`${server.url}${pathname}`, {
        method,
        headers: { ...origin(server), Cookie: cookie, 'Content-Type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    // B's draft links the card on /agroprocessing to /women, which A is about to remove.
    const linking = readFileSync(path.join(ROOT, 'pages-data/agroprocessing.yaml'), 'utf8').replace(
      '      - title: Jaggery Powder and Sugar\n',
      '      - title: Jaggery Powder and Sugar\n        link: { to: /women, label: Women entrepreneurs }\n',
    );
    expect(linking).toContain('to: /women');
    const saved = (await (
      await call(b, onB.cookie, 'PUT', '/admin/api/pages/agroprocessing.yaml/draft', { source: linking, basedOn: '0' })
    ).json()) as {
      revision: string;
    };
    // /women is in the menu: A takes it out first, in every language, so only B's link stands in the way.
    for (const file of ['_site.yaml', 'mr/_site.yaml', 'hi/_site.yaml']) {
      const opened = (await (await call(a, onA.cookie, 'GET', `/admin/api/pages/${encodeURIComponent(file)}`)).json()) as {
        head: string;
        published: { source: string };
      };
      const without = opened.published.source.replace(/\n +- label: [^\n]+\n +to: \/women(?=\n)/, '');
      await call(a, onA.cookie, 'PUT', `/admin/api/pages/${encodeURIComponent(file)}/draft`, { source: without, basedOn: opened.head });
    }
    const site = (await (await call(a, onA.cookie, 'GET', '/admin/api/pages/_site.yaml')).json()) as {
      head: string;
      companions: { file: string; revision: string }[];
    };
    const menu = await call(a, onA.cookie, 'POST', '/admin/api/pages/_site.yaml/publish', {
      basedOn: site.head,
      companions: site.companions.map((companion) => ({ file: companion.file, basedOn: companion.revision })),
    });
    expect(menu.status, await menu.clone().text()).toBe(200);

    const [removed, published] = await Promise.all([
      call(a, onA.cookie, 'DELETE', '/admin/api/pages/women.yaml'),
      call(b, onB.cookie, 'POST', '/admin/api/pages/agroprocessing.yaml/publish', { basedOn: saved.revision }),
    ]);
    const answers = [
      { status: removed.status, json: (await removed.json()) as { problems?: { file: string; message: string }[] } },
      { status: published.status, json: (await published.json()) as { problems?: { file: string; message: string }[] } },
    ];
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expect(refused.json.problems).toContainEqual(
      expect.objectContaining({
        file: 'agroprocessing.yaml',
        message: expect.stringContaining('links to /women, but no page has that address') as string,
      }),
    );

    // Both stop, and both start again on the content the store holds: it passes the check.
    await Promise.all([a.stop(), b.stop()]);
    const common = { DATABASE_URL: databaseUrl, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SECRETS_KEY: secretsKey };
    const again = await Promise.all([startServer({ env: common }), startServer({ env: common })]);
    running.push(...again);
    for (const server of again) {
      expect((await fetch(`${server.url}/agroprocessing`)).status).toBe(200);
      // The whole site's check runs after the server listens: its verdict is in the log once it is done.
      const checked = () => server.output.find((line) => line.includes('"msg":"the whole content is checked"'));
      // Two servers check the whole site at once on a shared machine: that can take a minute.
      await expect.poll(checked, { timeout: 90_000, interval: 250 }).toBeDefined();
      expect(checked()).toContain('"errors":0');
      expect(server.output.join('\n')).not.toContain('does not pass the check');
    }
  }, 240_000);

  test('a picture uploaded on one instance can be placed and published on the other, and both serve it', async () => {
    const { a, b } = await twoInstances({ PAGES_POLL_SECONDS: '1' });
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#406080' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'dairy.jpg'));
    form.set('alt', 'A dairy unit');
    const onA = await logIn(a);
    const uploaded = await fetch(`${a.url}/admin/api/pictures`, {
      method: 'POST',
      headers: { ...origin(a), Cookie: onA.cookie, 'X-Requested-With': 'fetch' },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    const onB = await logIn(b);
    const headers = { ...origin(b), Cookie: onB.cookie, 'Content-Type': 'application/json' };
    await expect
      .poll(async () => (await fetch(`${b.url}/admin/api/pictures/dairy.jpg`, { headers })).status, { timeout: 10_000 })
      .toBe(200);
    const source = readFileSync(path.join(ROOT, 'pages-data/agroprocessing.yaml'), 'utf8').replace(
      'images/agroprocessing-dairy.svg',
      'images/dairy.jpg',
    );
    const saved = (await (
      await fetch(`${b.url}/admin/api/pages/agroprocessing.yaml/draft`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ source, basedOn: '0' }),
      })
    ).json()) as { revision: string };
    const published = await fetch(`${b.url}/admin/api/pages/agroprocessing.yaml/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ basedOn: saved.revision }),
    });
    expect(published.status).toBe(200);
    for (const server of [b, a]) {
      let address = '';
      await expect
        .poll(
          async () => {
            address =
              /src="(\/images\/dairy-[0-9a-f]{10}\.jpg)"/.exec(await (await fetch(`${server.url}/agroprocessing`)).text())?.[1] ?? '';
            return address;
          },
          { timeout: 10_000 },
        )
        .not.toBe('');
      expect((await fetch(`${server.url}${address}`)).status).toBe(200);
    }
  });
});

describe('hostile input on PostgreSQL', () => {
  test('a NUL in a form field, an id, a search or a cursor, and a cursor out of range, are each a 400 with a message, never a 500', async () => {
    const { a, databaseUrl } = await twoInstances();
    const { cookie } = await logIn(a);
    const answers = [];
    for (const request of nulAndCursorRequests()) {
      const response = await fetch(new URL(request.path, a.url), {
        method: request.method,
        headers: { ...origin(a), ...request.headers, ...(request.credential === 'valid' && { Cookie: cookie }) },
        ...(typeof request.body === 'string' && { body: request.body }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      answers.push(`${request.name}: ${response.status}${body.message ? '' : ' without a message'}`);
    }
    expect(answers).toEqual(nulAndCursorRequests().map((request) => `${request.name}: 400`));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM enquiries')).rows[0]).toEqual({ n: 0 });
    await client.end();
  });
});

describe('npm run migrate-from-lowdb', () => {
  test('copies 1,000 records with their ids, times, source pages and statuses, and a second run adds none', async () => {
    const dataDir = tempDataDir();
    seedFileStore(dataDir, 1000);
    const firstSeeded = storedEnquiries(dataDir, 'contact')[0]!;
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const migrate = (...flags: string[]) =>
      run('npm', ['run', '-s', 'migrate-from-lowdb', '--', ...flags], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      });

    const first = (await migrate()).stdout;
    expect(first).toContain('Enquiries: 1000 copied, 0 already in the database.');
    expect(first).toContain('Verified: all 1000 enquiries and 0 privacy requests read back from the database as they were.');
    expect(first).toContain('still hold every enquiry');
    expect(storedEnquiries(dataDir, 'contact')).not.toHaveLength(0);
    // Asked to, a second (verified) run erases the old files: no enquiry stays behind in DATA_DIR.
    const second = (await migrate('--erase-old')).stdout;
    expect(second).toContain('Enquiries: 0 copied, 1000 already in the database.');
    expect(second).toContain(`The old files in ${dataDir} have been erased.`);
    expect(readdirSync(dataDir)).toEqual([]);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{
      id: string;
      created_at: Date;
      fields: Record<string, string>;
      source_page: string;
      status: string;
      phone: string;
    }>("SELECT id, created_at, fields, source_page, status, phone FROM enquiries WHERE form = 'contact' ORDER BY created_at");
    await client.end();
    expect(rows).toHaveLength(1000);
    expect(rows[0]!.id).toBe('00000000-0000-4000-8000-000000000000');
    expect(rows[0]!.created_at.toISOString()).toBe(firstSeeded.createdAt);
    expect(rows[999]).toMatchObject({ fields: { name: 'Visitor 999' }, source_page: '/homeloan', status: 'new', phone: '9800000999' });
    expect(rows.filter((row) => row.phone === '9822012345')).toHaveLength(20);
    removeDir(dataDir);
  }, 120_000);
});

describe('upgrading a database from before the lead desk', () => {
  test('enquiries keep their data and get a status, a phone key and their source page; the admin becomes the first owner and keeps its sessions', async () => {
    const { migrate } = await import('../../api/store/pg/migrate');
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    const pool = new pg.Pool({ connectionString: databaseUrl });
    await migrate(pool, 2);
    await pool.query(
      `INSERT INTO enquiries (id, kind, created_at, fields) VALUES
         ('old-1', 'contact', '2025-01-01T00:00:00Z', '{"name":"Old One","number":"+919822012345","enquiry":"other","sourcePage":"/homeloan"}'),
         ('old-2', 'about', '2025-01-02T00:00:00Z', '{"name":"Old Two","address":"Here","message":"Hi","phoneno":"+919822012345"}')`,
    );
    await pool.query("INSERT INTO admin (username, password_hash) VALUES ('boss', 'scrypt$hash')");
    await pool.query("INSERT INTO sessions (token_hash, username, expires_at) VALUES ('live', 'boss', now() + interval '1 hour')");
    expect(await migrate(pool, 3)).toEqual([3]);
    const { rows } = await pool.query<{ id: string; fields: Record<string, string> }>(
      'SELECT id, fields, source_page, status, phone FROM enquiries ORDER BY id',
    );
    expect(rows).toMatchObject([
      {
        id: 'old-1',
        fields: { name: 'Old One', number: '+919822012345', enquiry: 'other' },
        source_page: '/homeloan',
        status: 'new',
        phone: '9822012345',
      },
      { id: 'old-2', source_page: null, status: 'new', phone: '9822012345' },
    ]);
    expect(rows[0]!.fields).not.toHaveProperty('sourcePage');
    const accounts = await pool.query<{ id: string }>('SELECT id, username, role, password_hash FROM accounts');
    expect(accounts.rows).toEqual([expect.objectContaining({ username: 'boss', role: 'owner', password_hash: 'scrypt$hash' })]);
    const sessions = await pool.query('SELECT account_id FROM sessions');
    expect(sessions.rows).toEqual([{ account_id: accounts.rows[0]!.id }]);
    await pool.end();
  });

  test('enquiries stored before references each get one, unique, of the same form the server draws', async () => {
    const { migrate } = await import('../../api/store/pg/migrate');
    const pool = new pg.Pool({ connectionString: await createDatabase(inject('postgresUrl')) });
    await migrate(pool, 12);
    await pool.query(
      `INSERT INTO enquiries (id, kind, created_at, last_activity_at, fields, status)
       SELECT 'old-' || i, 'contact', now(), now(), '{}', 'new' FROM generate_series(1, 2000) AS i`,
    );
    expect(await migrate(pool)).toContain(14);
    const { rows } = await pool.query<{ reference: string }>('SELECT reference FROM enquiries');
    expect(rows).toHaveLength(2000);
    for (const { reference } of rows) expect(reference).toMatch(/^VF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(2000);
    // Every character turns up in every place: drawn from the whole alphabet.
    const places = Array.from({ length: 8 }, (_, place) => new Set(rows.map((row) => row.reference.replace(/-/g, '').slice(2)[place])));
    for (const place of places) expect(place.size).toBe(32);
    await expect(
      pool.query("UPDATE enquiries SET reference = (SELECT reference FROM enquiries WHERE id = 'old-1') WHERE id = 'old-2'"),
    ).rejects.toThrow(/enquiries_by_reference/);
    await pool.end();
  });
});
