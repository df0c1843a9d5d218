import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { createDatabase } from '../helpers/postgres';
import { removeDir, startServer, type RunningServer } from '../helpers/server';
import { postJson } from '../helpers/storedData';

const OWNER = { username: 'owner', password: 'erasure pass phrase' };
/** The person to erase: each of these must leave no byte behind. */
const GONE = { name: 'Zubeda Qureshi', phone: '9822077777', email: 'zubeda.q@example.in' };
/** Someone else, who must stay: finding their bytes proves the scan can see what it looks for. */
const KEPT = { name: 'Kishor Wagh', phone: '9811166666', email: 'kishor.w@example.in' };
// Notifications that never succeed, so the erased enquiries still have deliveries pending.
const UNREACHABLE_WEBHOOK = { NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hook', NOTIFY_RETRY_SECONDS: '3600' };

let server: RunningServer | undefined;
let databaseUrl: string | undefined;
const admin = adminClient(() => server!);
afterEach(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  server = undefined;
});

type StoreKind = 'file store' | 'PostgreSQL';

async function start(kind: StoreKind, env: Record<string, string> = {}) {
  databaseUrl = kind === 'PostgreSQL' ? await createDatabase(inject('postgresUrl')) : undefined;
  server = await startServer({
    env: {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      TRUST_PROXY: '127.0.0.1',
      ...UNREACHABLE_WEBHOOK,
      ...env,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
  });
}

/** What one person sends: a Contact Us enquiry, an About-page message and a request about their data. */
async function sendEverything(person: typeof GONE) {
  const url = (pathname: string) => new URL(pathname, server!.url).href;
  const sent = [
    await postJson(url('/addcontactdata'), {
      name: person.name,
      number: `+91 ${person.phone}`,
      enquiry: 'other',
      email: person.email,
      message: `This is ${person.name}.`,
      consent: true,
    }),
    await postJson(url('/aboutform'), {
      name: person.name,
      address: 'Plot 7, Cidco',
      message: `Call ${person.phone}`,
      phoneno: person.phone,
      consent: true,
    }),
    await postJson(url('/privacyrequest'), { name: person.name, phone: person.phone, email: person.email, kind: 'access' }),
  ];
  expect(sent.map((answer) => answer.status)).toEqual([200, 200, 200]);
}

/** Every file under DATA_DIR, temporary and lock files included, as raw bytes. */
function filesUnder(dir: string): { file: string; bytes: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file).toString('latin1') }));
}

/** Every row of every table of the database, as text. */
async function rowsOfEveryTable(url: string): Promise<{ file: string; bytes: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['enquiries', 'enquiry_events', 'deliveries', 'privacy_requests', 'audit']),
    );
    const found = [];
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
      found.push({ file: `table ${name}`, bytes: rows.map((row) => row.row).join('\n') });
    }
    return found;
  } finally {
    await client.end();
  }
}

/** Every index file of the database, as PostgreSQL wrote it to the disk after a CHECKPOINT. */
async function indexFiles(url: string): Promise<{ file: string; bytes: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
    const { rows } = await client.query<{ name: string; file: string }>(
      "SELECT relname AS name, pg_relation_filepath(oid) AS file FROM pg_class WHERE relkind = 'i' AND pg_relation_filepath(oid) IS NOT NULL",
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['enquiries_by_phone', 'enquiries_by_email', 'privacy_requests_by_phone']),
    );
    const dataDir = inject('postgresDataDir');
    return rows.flatMap(({ name, file }) => {
      const full = path.join(dataDir, file);
      // Segments past the first are named file.1, file.2, …; an index this small has one.
      return existsSync(full) ? [{ file: `index ${name}`, bytes: readFileSync(full).toString('latin1') }] : [];
    });
  } finally {
    await client.end();
  }
}

/** Where the erased person still appears in the table files (TOAST included) after VACUUM and a CHECKPOINT. */
async function tableFilesAfterVacuum(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('VACUUM');
  await client.query('CHECKPOINT');
  const { rows } = await client.query<{ name: string; file: string }>(
    "SELECT relname AS name, pg_relation_filepath(oid) AS file FROM pg_class WHERE relkind IN ('r', 't') AND relnamespace = 'public'::regnamespace OR relname LIKE 'pg_toast_%'",
  );
  await client.end();
  const dataDir = inject('postgresDataDir');
  return traces(
    rows
      .filter(({ file }) => file && existsSync(path.join(dataDir, file)))
      .map(({ name, file }) => ({ file: name, bytes: readFileSync(path.join(dataDir, file)).toString('latin1') })),
    GONE,
  );
}

async function storedBytes(kind: StoreKind) {
  return kind === 'PostgreSQL' ? rowsOfEveryTable(databaseUrl!) : filesUnder(server!.dataDir);
}

/** Where each of a person's details still appears (the name, the ten digits of the phone, the e-mail), without regard to case. */
function traces(stored: { file: string; bytes: string }[], person: typeof GONE): string[] {
  return stored.flatMap(({ file, bytes }) =>
    Object.values(person)
      .filter((needle) => bytes.toLowerCase().includes(needle.toLowerCase()))
      .map((needle) => `${needle} in ${file}`),
  );
}

describe.each(['file store', 'PostgreSQL'] as const)('%s', (kind) => {
  test('after an owner erases a person, no byte of their name, phone or e-mail is left; others are untouched', async () => {
    await start(kind);
    await sendEverything(GONE);
    await sendEverything(KEPT);
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    const list = await admin.get<{ items: { _id: string; name: string }[] }>('/admin/api/enquiries?q=zubeda', cookie);
    for (const { _id } of list.json.items) {
      expect(
        (await admin.post(`/admin/api/enquiries/${_id}/notes`, { text: `Spoke to ${GONE.name} on ${GONE.phone}` }, cookie)).status,
      ).toBe(201);
    }
    expect(traces(await storedBytes(kind), GONE).length).toBeGreaterThan(0);

    const erased = await admin.post('/admin/api/erasure', { phone: GONE.phone }, cookie);
    expect(erased.json).toMatchObject({ enquiries: 2, requests: 1 });
    expect(traces(await storedBytes(kind), GONE)).toEqual([]);
    expect(traces(await storedBytes(kind), KEPT).length).toBeGreaterThan(0);

    // Nothing comes back when the server writes its files on the way out, nor when it starts again.
    await server!.stop();
    expect(traces(await storedBytes(kind), GONE)).toEqual([]);
    server = await startServer({
      dataDir: server!.dataDir,
      env: { ...UNREACHABLE_WEBHOOK, ...(databaseUrl && { DATABASE_URL: databaseUrl }) },
    });
    const again = await admin.logIn(OWNER.username, OWNER.password);
    expect((await admin.get<{ total: number }>('/admin/api/enquiries?q=zubeda', again.cookie)).json.total).toBe(0);
    expect(server.output.join('\n')).not.toMatch(/zubeda|9822077777/i);
  }, 60_000);

  test.runIf(kind === 'PostgreSQL')(
    'after an erasure and a CHECKPOINT, no index file of the database holds the phone or e-mail',
    async () => {
      await start(kind);
      await sendEverything(GONE);
      await sendEverything(KEPT);
      const inIndexes = async () => traces(await indexFiles(databaseUrl!), { phone: GONE.phone, email: GONE.email } as typeof GONE);
      expect(await inIndexes()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^9822077777 in /), expect.stringMatching(/^zubeda\.q@example\.in in /)]),
      );
      const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
      expect((await admin.post('/admin/api/erasure', { phone: GONE.phone }, cookie)).json).toMatchObject({ enquiries: 2, requests: 1 });
      expect(await inIndexes()).toEqual([]);
      expect(traces(await indexFiles(databaseUrl!), KEPT).length).toBeGreaterThan(0);
      // The table files keep a deleted row's bytes until VACUUM reclaims its page; after it (and a CHECKPOINT), measured here, none.
      expect(await tableFilesAfterVacuum(databaseUrl!)).toEqual([]);
    },
    60_000,
  );

  test('the retention sweep erases what passed the retention period the same way, logging only how many', async () => {
    // 0.000001 days is under a tenth of a second: what is sent is past it by the next sweep, which runs every 0.6 s.
    await start(kind, { RETENTION_DAYS: '0.000001', RETENTION_SWEEP_MINUTES: '0.01' });
    await sendEverything(GONE);
    // A sweep logs once it has finished, indexes rebuilt and all: wait for the counts, then look.
    const erasedSoFar = () => {
      const sweeps = server!.output
        .filter((line) => line.includes('"msg":"retention sweep"'))
        .map((line) => JSON.parse(line) as Record<string, number>);
      const total = (key: string) => sweeps.reduce((sum, sweep) => sum + (sweep[key] ?? 0), 0);
      return [total('erasedEnquiries'), total('erasedRequests')];
    };
    await expect.poll(erasedSoFar, { timeout: 20_000 }).toEqual([2, 1]);
    expect(traces(await storedBytes(kind), GONE)).toEqual([]);
    expect(server!.output.join('\n')).not.toMatch(/zubeda|9822077777/i);
  }, 60_000);
});
