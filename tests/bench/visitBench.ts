import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Store } from '../../api/store/Store';
import type { VisitCount } from '../../api/store/VisitStore';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { BENCH_BODY, machineLine, table, writeSection } from './benchTools';

/**
 * `npm run bench` (visits): POST /api/visit offered at 5,000 a second for 10 s on the file store,
 * with enquiries at 100 a second alongside, against the enquiries alone; the most beacons the
 * server answers when flooded (50 connections, no rate); then the dashboard's
 * 90-day view (median of 20) with a year of counts for 100 pages and 50 campaigns, on both
 * stores. Loopback only; figures, not assertions.
 */
const OWNER = { username: 'owner', password: 'bench owner pass' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const env = { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ENQUIRY_RATE_LIMIT: '0' };

/** Beacons offered at `rate` a second (a real site's load arrives at a rate; it does not wait for answers), from a process of their own. */
async function beacons(url: string, rate: number, seconds: number): Promise<autocannon.Result> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'beaconLoad.ts'), url, String(rate), String(seconds)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return JSON.parse(output) as autocannon.Result;
}

/** Enquiries at 100 a second, far more than the firm will ever get, so their latency shows any queueing. */
const enquiries = (url: string, seconds: number) =>
  autocannon({
    url: `${url}/addcontactdata`,
    connections: 10,
    overallRate: 100,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...BENCH_BODY, consent: true }),
  });

/** A year of counts: each day, 100 pages viewed, and landings from 50 campaigns on 5 pages each. */
async function seedYear(store: Store) {
  const today = indiaDate();
  for (let month = 0; month < 12; month++) {
    const counts: VisitCount[] = [];
    for (let day = month * 31; day < Math.min(365, (month + 1) * 31); day++) {
      const date = addDays(today, -day);
      const blank = { source: '', medium: '', campaign: '', referrer: '' };
      for (let page = 0; page < 100; page++) counts.push({ day: date, path: `/page-${page}`, landing: false, ...blank, count: 40 + page });
      for (let campaign = 0; campaign < 50; campaign++)
        for (let page = 0; page < 5; page++)
          counts.push({
            day: date,
            path: `/page-${(campaign + page) % 100}`,
            landing: true,
            source: 'google',
            medium: 'cpc',
            campaign: `campaign-${campaign}`,
            referrer: 'www.google.com',
            count: 3,
          });
    }
    await store.addVisitCounts(counts);
  }
}

async function dashboard(server: RunningServer): Promise<number> {
  const login = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(OWNER),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const times: number[] = [];
  for (let run = 0; run < 21; run++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/admin/api/stats/visits?days=90`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`the dashboard answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return Math.round(median(times.slice(1)) * 10) / 10;
}

const row = (label: string, result: autocannon.Result) => [
  label,
  Math.round(result.requests.average),
  result.latency.p50,
  result.latency.p99,
  result.latency.max,
  result.non2xx + result.errors,
];

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-visits-'));
const postgres = await startPostgres();
try {
  const server = await startServer({ dataDir: path.join(work, 'load'), env });
  const alone = await enquiries(server.url, 10);
  const [visits, alongside] = await Promise.all([beacons(server.url, 5_000, 10), enquiries(server.url, 10)]);
  const flood = await beacons(server.url, 0, 10);
  await server.stop();

  const dataDir = path.join(work, 'year');
  const fileStore = await FileStore.open(dataDir);
  await seedYear(fileStore);
  await fileStore.close();
  const fileServer = await startServer({ dataDir, env });
  const fileDashboard = await dashboard(fileServer);
  await fileServer.stop();

  const databaseUrl = await createDatabase(postgres.url);
  const pgStore = await PgStore.open(databaseUrl, 2);
  await seedYear(pgStore);
  await pgStore.close();
  const pgServer = await startServer({ env: { ...env, DATABASE_URL: databaseUrl } });
  const pgDashboard = await dashboard(pgServer);
  await pgServer.stop();

  const body = `Measured ${machineLine()}; \`npm run bench\`. Beacons: page views (a third of them landings with a campaign) offered at 5,000 a second over 50 connections for 10 s on the file store (from a process of their own), with enquiries at 100 a second alongside (10 connections); the enquiries were measured alone first; then beacons alone with no rate set (the most the server answers). Dashboard: \`GET /admin/api/stats/visits?days=90\`, median of 20, with a year of counts for 100 pages and 50 campaigns (${(365 * 350).toLocaleString('en-IN')} rows).

${table(
  ['Load', 'Requests per second', 'p50 ms', 'p99 ms', 'Slowest ms', 'Failed'],
  [
    row('Beacons offered at 5,000/s (POST /api/visit)', visits),
    row('Enquiries alone, 100/s', alone),
    row('Enquiries, 100/s, beside the beacons', alongside),
    row('Beacons flooded (no rate)', flood),
  ],
)}

| Store | Dashboard, 90 days (ms) |
|---|---|
| file store | ${fileDashboard} |
| PostgreSQL | ${pgDashboard} |`;
  console.log(body);
  writeSection('bench:visits', body);
} finally {
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
