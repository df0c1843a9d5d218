import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { readArchive } from '../../api/backup/archive';
import { DUMP_PART } from '../../api/backup/pgBackup';
import { adminClient } from '../helpers/adminClient';
import { createDatabase, findPostgresBin } from '../helpers/postgres';
import { removeDir, ROOT, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { postJson } from '../helpers/storedData';

/**
 * Documents through a private link on PostgreSQL, through a real server process: what an
 * enquirer sends is sealed in the database's files and in a backup, and goes with the person's
 * erasure and with the retention sweep. (The file store's side: api/routes/documentRoutes.test.ts,
 * tests/browser/documents.test.ts and the stores' contract.)
 */
const run = promisify(execFile);
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const OWNER = { username: 'owner', password: 'documents on postgres' };
const BACKUP_KEY = randomBytes(32).toString('hex');

let server: RunningServer;
let databaseUrl: string;
let owner: string;
const admin = adminClient(() => server);
const dirs: string[] = [];

beforeAll(async () => {
  databaseUrl = await createDatabase(inject('postgresUrl'));
  server = await startServer({
    env: {
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      TRUST_PROXY: '127.0.0.1',
      // A sweep every 0.6 s, for the retention test; enquiries the other tests make are never closed.
      RETENTION_SWEEP_MINUTES: '0.01',
    },
  });
  owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDir(server.dataDir);
  dirs.forEach(removeDir);
});

/** A string no other test, run or database holds. */
const unique = (what: string) => `${what}-${randomBytes(6).toString('hex')}`;

/**
 * A PDF carrying `marker` on each of 300 lines: a file of some 12 KB, which PostgreSQL keeps out of
 * line in chunks of about 2 KB; were it stored in clear, many copies would lie whole inside one chunk.
 */
const pdfWith = (marker: string) =>
  Buffer.from(
    `%PDF-1.4\n${Array.from({ length: 300 }, (_, line) => `% ${marker} ${line}\n`).join('')}1 0 obj << /Title (${marker}) >> endobj\ntrailer << >>\n%%EOF\n`,
  );

async function query<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A Contact Us enquiry as a visitor sends it; its id, as the desk finds it by its reference. */
async function enquire(person: { name: string; phone: string; message?: string }): Promise<string> {
  const sent = await postJson(admin.url('/addcontactdata'), {
    name: person.name,
    number: person.phone,
    enquiry: 'other',
    message: person.message ?? '',
    consent: true,
  });
  expect(sent.status).toBe(200);
  const { reference } = sent.json as { reference: string };
  const found = await admin.get<{ items: { _id: string }[] }>(`/admin/api/enquiries?q=${reference}`, owner);
  expect(found.json.items).toHaveLength(1);
  return found.json.items[0]!._id;
}

/** The owner asks for one document; the enquirer sends `file` through the link, as the upload page does with JavaScript. */
async function sendThroughLink(enquiryId: string, file: { bytes: Buffer; name: string }) {
  const asked = await admin.post<{ link: string }>(
    `/admin/api/enquiries/${enquiryId}/document-requests`,
    { documents: ['PAN card'] },
    owner,
  );
  expect(asked.status).toBe(201);
  const link = new URL(new URL(asked.json.link).pathname, server.url).href;
  const form = new FormData();
  form.set('item', '0');
  form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: 'application/pdf' }));
  const sent = await fetch(link, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  expect(sent.status, await sent.clone().text()).toBe(201);
  return link;
}

/** What the desk lists for the enquiry, and each document downloaded as the owner gets it. */
async function downloads(enquiryId: string): Promise<{ name: string; bytes: Buffer }[]> {
  const listed = await admin.get<{ documents: { id: string; name: string }[] }>(`/admin/api/enquiries/${enquiryId}/documents`, owner);
  expect(listed.status).toBe(200);
  return Promise.all(
    listed.json.documents.map(async ({ id, name }) => {
      const answer = await fetch(admin.url(`/admin/api/enquiries/${enquiryId}/documents/${id}`), { headers: { Cookie: owner } });
      expect(answer.status).toBe(200);
      return { name, bytes: Buffer.from(await answer.arrayBuffer()) };
    }),
  );
}

/** How many document requests and documents of the enquiry the database holds. */
async function rowsOf(enquiryId: string) {
  const [counts] = await query<{ requests: number; documents: number }>(
    `SELECT (SELECT count(*)::int FROM document_requests WHERE enquiry_id = $1) AS requests,
            (SELECT count(*)::int FROM documents WHERE enquiry_id = $1) AS documents`,
    [enquiryId],
  );
  return counts!;
}

const holds = (bytes: Buffer, needles: (string | Buffer)[]) => needles.some((needle) => bytes.includes(needle));
/** The names of the files that hold any of `needles`. */
const holding = (files: { name: string; bytes: Buffer }[], needles: (string | Buffer)[]) =>
  files.filter((file) => holds(file.bytes, needles)).map((file) => file.name);

/**
 * The files of the cluster's data folder, as PostgreSQL wrote them after a CHECKPOINT, that hold any of
 * `needles`: this database's tables, TOAST and indexes, the shared catalogs and the write-ahead log;
 * other tests' databases aside. One file read at a time: the log of a whole suite's run is large.
 */
async function databaseFilesHolding(needles: (string | Buffer)[]): Promise<string[]> {
  const [database] = await query<{ oid: number }>('SELECT oid FROM pg_database WHERE datname = current_database()');
  await query('CHECKPOINT');
  const dataDir = inject('postgresDataDir');
  const base = path.join(dataDir, 'base') + path.sep;
  const ours = path.join(base, String(database!.oid)) + path.sep;
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(base) || file.startsWith(ours))
    .filter((file) => {
      try {
        return holds(readFileSync(file), needles);
      } catch (error) {
        // PostgreSQL removes temporary and recycled files while the folder is read.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    })
    .map((file) => path.relative(dataDir, file));
}

/**
 * `npm run backup` against the database, and what the archive holds: each part as it is, and the
 * database dump read back by pg_restore as SQL (its tables' data is compressed in the dump itself).
 */
async function backUp(encrypted: boolean): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = tempDataDir('documents-backups-');
  dirs.push(dir);
  const env = { ...process.env, DATABASE_URL: databaseUrl, BACKUP_DIR: dir, BACKUP_KEY: encrypted ? BACKUP_KEY : '' };
  const { stdout } = await run(TSX, [path.join(ROOT, 'api/cli/backup.ts'), ...(encrypted ? [] : ['--unencrypted'])], { cwd: ROOT, env });
  expect(stdout).toContain(encrypted ? '(encrypted)' : '(NOT encrypted');
  const [archive] = readdirSync(dir).filter((name) => name.endsWith('.vfbackup'));
  const bytes = readFileSync(path.join(dir, archive!));
  const { parts } = await readArchive(bytes, encrypted ? Buffer.from(BACKUP_KEY, 'hex') : undefined);
  const dump = parts.find((part) => part.name === DUMP_PART)!;
  const restored = spawnSync(path.join(findPostgresBin(), 'pg_restore'), ['--file=-'], { input: dump.data, maxBuffer: 1024 ** 3 });
  expect(restored.status, restored.stderr.toString()).toBe(0);
  return [
    { name: archive!, bytes },
    ...parts.map((part) => ({ name: part.name, bytes: part.data })),
    { name: `${DUMP_PART} as SQL`, bytes: restored.stdout },
  ];
}

describe('documents through a private link, on PostgreSQL', () => {
  test("a PDF's marker is in no database file and no backup, encrypted or not, and the owner downloads the same bytes", async () => {
    const marker = unique('PAN-ABCPK1234Q');
    const fileName = `${unique('pan-card-of-sunita')}.pdf`;
    // Written in the enquiry in clear: each scan must find it, or it is not looking where the data is.
    const inClear = unique('call-after-six');
    const pdf = pdfWith(marker);
    const enquiryId = await enquire({ name: 'Sunita Patil', phone: '9822055667', message: inClear });
    await sendThroughLink(enquiryId, { bytes: pdf, name: fileName });

    expect(await downloads(enquiryId)).toEqual([{ name: fileName, bytes: pdf }]);

    // In clear, a PDF's bytes as they are; in a dump's SQL, bytea is written in hex.
    const traces = [marker, fileName, Buffer.from(marker).toString('hex')];
    expect((await databaseFilesHolding([inClear])).length).toBeGreaterThan(0);
    expect(await databaseFilesHolding(traces)).toEqual([]);

    for (const encrypted of [true, false]) {
      const backup = await backUp(encrypted);
      expect(holding(backup, [inClear])).toContain(`${DUMP_PART} as SQL`);
      expect(holding(backup, traces)).toEqual([]);
    }
  }, 120_000);

  test("a person's erasure takes their documents and requests out of the database, and their link stops working", async () => {
    const gone = await enquire({ name: 'Zubeda Qureshi', phone: '9822077777' });
    const kept = await enquire({ name: 'Kishor Wagh', phone: '9811166666' });
    const goneLink = await sendThroughLink(gone, { bytes: pdfWith(unique('gone')), name: 'pan.pdf' });
    const keptPdf = pdfWith(unique('kept'));
    await sendThroughLink(kept, { bytes: keptPdf, name: 'pan.pdf' });
    expect(await rowsOf(gone)).toEqual({ requests: 1, documents: 1 });

    const erased = await admin.post('/admin/api/erasure', { phone: '9822077777' }, owner);
    expect(erased.json).toMatchObject({ enquiries: 1, requests: 0 });
    expect(await rowsOf(gone)).toEqual({ requests: 0, documents: 0 });
    expect((await fetch(goneLink, { headers: { Accept: 'application/json' } })).status).toBe(404);
    // Someone else's stay, readable.
    expect(await rowsOf(kept)).toEqual({ requests: 1, documents: 1 });
    expect(await downloads(kept)).toEqual([{ name: 'pan.pdf', bytes: keptPdf }]);
  });

  test("the retention sweep erases the documents of an enquiry closed more than documentsDays (90) ago, and keeps the enquiry and everyone else's", async () => {
    const people = {
      closedLongAgo: await enquire({ name: 'Closed Long Ago', phone: '9822011111' }),
      closedRecently: await enquire({ name: 'Closed Recently', phone: '9822022222' }),
      stillOpen: await enquire({ name: 'Still Open', phone: '9822033333' }),
    };
    for (const id of Object.values(people)) await sendThroughLink(id, { bytes: pdfWith(unique('retained')), name: 'pan.pdf' });
    for (const id of [people.closedLongAgo, people.closedRecently]) {
      expect((await admin.patch(`/admin/api/enquiries/${id}`, { status: 'closed', closedReason: 'not-interested' }, owner)).status).toBe(
        200,
      );
    }
    // Time moves as the database would have it: the last change to each enquiry (its closing), days ago.
    const lastActivity = { closedLongAgo: 91, closedRecently: 89, stillOpen: 91 };
    for (const [who, days] of Object.entries(lastActivity)) {
      await query(`UPDATE enquiries SET last_activity_at = now() - make_interval(days => $2) WHERE id = $1`, [
        people[who as keyof typeof people],
        days,
      ]);
    }

    const erasedBySweeps = () =>
      server.output
        .filter((line) => line.includes('"msg":"retention sweep"'))
        .reduce((sum, line) => sum + ((JSON.parse(line) as { erasedDocuments?: number }).erasedDocuments ?? 0), 0);
    await expect.poll(erasedBySweeps, { timeout: 20_000 }).toBe(1);
    expect(await rowsOf(people.closedLongAgo)).toEqual({ requests: 0, documents: 0 });
    expect((await admin.get(`/admin/api/enquiries/${people.closedLongAgo}`, owner)).status).toBe(200);
    expect(await rowsOf(people.closedRecently)).toEqual({ requests: 1, documents: 1 });
    expect(await rowsOf(people.stillOpen)).toEqual({ requests: 1, documents: 1 });
    const audit = await admin.get<{ items: { action: string; detail: string }[] }>('/admin/api/audit?limit=50', owner);
    expect(audit.json.items.filter((entry) => entry.action === 'retention').map((entry) => entry.detail)).toEqual([
      '1 document and 1 request for them erased, their enquiries closed 90 days ago',
    ]);
  }, 60_000);
});
