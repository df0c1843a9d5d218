import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SEGMENT_SIZE } from '../../api/store/file/segmentedRecords';
import type { EnquiryRecord } from '../../api/store/Store';
import { REFERENCE_ALPHABET } from '../../src/shared/enquiryReference';
import { breakLongLines } from '../../src/build/markdownLines';

export interface Measurement {
  target: string;
  stored: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The slowest answer: the longest a visitor waited. */
  max: number;
  non2xx: number;
  errors: number;
}

export const BENCH_BODY = {
  name: 'Benchmark Visitor',
  number: '98765 43210',
  enquiry: 'General Enquiry',
  email: 'visitor@example.in',
  message: 'I would like to know about working capital for my unit in Waluj MIDC.',
};

/**
 * Seeded enquiries arrive a minute apart from 200 days ago: well inside the retention
 * period, so the server's sweep at start keeps them all (1,00,000 minutes is 70 days).
 */
const SEEDED_FROM_DAYS_AGO = 200;
const seedStart = () => Date.now() - SEEDED_FROM_DAYS_AGO * 86_400_000;

/** A reference of the stored form, distinct for each index (the server draws them at random). */
const benchReference = (index: number) => {
  const code = [...Array(8).keys()].map((place) => REFERENCE_ALPHABET[Math.floor(index / 32 ** (7 - place)) % 32]).join('');
  return `VF-${code.slice(0, 4)}-${code.slice(4)}`;
};

/** A stored enquiry as the server would have written it; every 50th is from one repeat caller. */
export function fakeRecord(index: number, start = seedStart()): EnquiryRecord {
  const createdAt = new Date(start + index * 60_000).toISOString();
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    reference: benchReference(index),
    form: 'contact',
    createdAt,
    fields: {
      ...BENCH_BODY,
      name: `Visitor ${index}`,
      number: index % 50 === 0 ? '+919822012345' : `+9198${String(index).padStart(8, '0')}`,
    },
    sourcePage: '/homeloan',
    status: 'new',
    followUpOn: null,
    lastActivityAt: createdAt,
    consent: null,
    history: [],
  };
}

/** Writes `count` contact enquiries into DATA_DIR in the file store's own layout. */
export function seedFileStore(dataDir: string, count: number) {
  const dir = path.join(dataDir, 'enquiries', 'contact');
  const from = seedStart();
  mkdirSync(dir, { recursive: true });
  for (let start = 0, segment = 1; start < count; start += SEGMENT_SIZE, segment++) {
    const records = Array.from({ length: Math.min(SEGMENT_SIZE, count - start) }, (_, offset) => fakeRecord(start + offset, from));
    writeFileSync(path.join(dir, `${String(segment).padStart(6, '0')}.json`), JSON.stringify({ records }));
  }
}

/** POSTs the same enquiry at `connections` connections for `seconds`; with several URLs, connections take turns between them. */
export async function measure(
  target: string,
  stored: number,
  urls: string | string[],
  options = { connections: 20, seconds: 10 },
): Promise<Measurement> {
  const result = await autocannon({
    // autocannon spreads connections round-robin over an array of URLs; its types only know one.
    url: urls as string,
    connections: options.connections,
    duration: options.seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_BODY, consent: true }),
  });
  return {
    target,
    stored,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Writes `count` contact enquiries straight into a PostgreSQL store's table, in one statement. */
export async function seedPostgres(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The same records as fakeRecord, made by the database itself so 1,00,000 take a second.
  await client.query(
    `INSERT INTO enquiries (id, form, created_at, last_activity_at, fields, source_page, phone, search)
     SELECT '00000000-0000-4000-8000-' || lpad(i::text, 12, '0'), 'contact', t, t,
            $1::jsonb || jsonb_build_object('name', 'Visitor ' || i, 'number', '+91' || p), '/homeloan', p, lower('Visitor ' || i || E'\n' || ($1::jsonb->>'email'))
     FROM generate_series(0, $2::int - 1) AS i,
          LATERAL (SELECT now() - interval '${SEEDED_FROM_DAYS_AGO} days' + i * interval '1 minute' AS t,
                          CASE WHEN i % 50 = 0 THEN '9822012345' ELSE '98' || lpad(i::text, 8, '0') END AS p) AS made`,
    [JSON.stringify(BENCH_BODY), count],
  );
  // A database that grew to this size over months has had its statistics gathered by autovacuum.
  await client.query('ANALYZE enquiries');
  await client.end();
}

/** Waits until something answers HTTP on `url`. */
export async function waitForHttp(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`Nothing answered on ${url} within ${timeoutMs} ms`);
}

/** json-server 0.17.4, the well-known lowdb-backed REST server, with `count` contact records in its db.json. */
export async function startJsonServer(workDir: string, count: number, port: number): Promise<{ url: string; child: ChildProcess }> {
  const db = path.join(workDir, 'db.json');
  // json-server gives each new record the next numeric id, so its seed records need one.
  writeFileSync(
    db,
    JSON.stringify({ addcontactdata: Array.from({ length: count }, (_, index) => ({ id: index + 1, ...fakeRecord(index) })) }),
  );
  const bin = path.resolve(import.meta.dirname, '../../node_modules/json-server/lib/cli/bin.js');
  const child = spawn(process.execPath, [bin, db, '--port', String(port), '--host', '127.0.0.1', '--quiet'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/db`);
  return { url, child };
}

export function machineLine(): string {
  return `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
}

/**
 * Replaces the text between <!-- name --> and <!-- /name --> in BENCHMARKS.md (or another file of
 * the project), its long lines of prose broken as every Markdown file's are.
 */
export function writeSection(name: string, body: string, fileName = 'BENCHMARKS.md') {
  const file = path.resolve(import.meta.dirname, '../..', fileName);
  const text = readFileSync(file, 'utf8');
  const pattern = new RegExp(`<!-- ${name} -->[\\s\\S]*?<!-- /${name} -->`);
  if (!pattern.test(text)) throw new Error(`${fileName} has no <!-- ${name} --> section`);
  writeFileSync(file, text.replace(pattern, `<!-- ${name} -->\n${breakLongLines(body.trim())}\n<!-- /${name} -->`));
}

export function table(headers: string[], rows: (string | number)[][]): string {
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}
