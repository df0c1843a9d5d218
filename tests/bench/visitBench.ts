import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SiteContent } from '../../api/site/siteContent';
import { FileStore } from '../../api/store/file/FileStore';
import { readConfig } from '../../api/config';
import { startVisitCounter } from '../../api/visits/visitCounter';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Store } from '../../api/store/Store';
import type { VisitCount } from '../../api/store/VisitStore';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { manualClock } from '../helpers/manualClock';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { BENCH_BODY, machineLine, table, writeSection } from './benchTools';

/**
 * `npm run bench` (visits): POST /api/visit offered at 5,000 a second for 10 s on the file store,
 * with enquiries at 100 a second alongside, against the enquiries alone; the most beacons the
 * server answers when flooded (50 connections, no rate), counted and past one client's limit;
 * the dashboard's 90-day view (median of 20) with a year of counts for 100 pages and 50
 * campaigns, and with every one of 90 days at the caps, on both stores; and ten attacker-days at
 * the caps: the visits folder's size, the slowest flush, the server's memory, a public GET's
 * latency while flushes run. Loopback only; figures, not assertions.
 */
const OWNER = { username: 'owner', password: 'bench owner pass' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const env = { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ENQUIRY_RATE_LIMIT: '0' };
const CAPS = readConfig({}).visitCaps;

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
    await store.visits.add(counts);
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

const ATTACK_DAYS = 10;
const ORIGINS_A_DAY = 1000;
const DAY_MS = 86_400_000;
/** As long as the server keeps: utm values of 100 characters, a referring host of 253. */
const longest = (prefix: string, length: number) => prefix.padEnd(length, 'x');

/**
 * Every one of the last 90 days at the caps, with the longest values the server keeps: in each
 * pool (expected and not) as many new origins and rows as a day holds, each of the 99 pages
 * viewed and landed on, and its "(other)" rows.
 */
async function seedCaps(store: Store, paths: string[]) {
  const today = indiaDate();
  await store.visits.addExpectedCampaign('google');
  for (let back = 0; back < 90; back++) {
    const day = addDays(today, -back);
    const counts: VisitCount[] = [];
    const blank = { source: '', medium: '', campaign: '', referrer: '' };
    for (const page of paths) {
      counts.push({ day, path: page, landing: false, ...blank, count: 40 }, { day, path: page, landing: true, ...blank, count: 9 });
      counts.push({ day, path: page, landing: true, ...blank, source: '(other)', count: 30 });
      counts.push({ day, path: page, landing: true, ...blank, source: '(other)', referrer: '(other)', count: 5 });
    }
    for (const pool of ['google', 'spam']) {
      for (let row = 0; row < CAPS.rowsPerDay; row++) {
        const origin = row % CAPS.originsPerDay;
        counts.push({
          day,
          path: paths[row % paths.length]!,
          landing: true,
          source: pool === 'google' ? 'google' : longest(`spam-${back}-${origin}-`, 100),
          medium: longest('cpc-', 100),
          campaign: longest(`campaign-${back}-${origin}-`, 100),
          referrer: longest(`r${back}-${origin}.`, 253),
          count: 1 + (row % 7),
        });
      }
    }
    await store.visits.add(counts);
  }
}

/** Bytes of every file under a folder. */
const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) => sum + (entry.isDirectory() ? folderBytes(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
    0,
  );
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

/**
 * The review's attacker, for ten days ending today: each day, every page of the site paired with
 * 1,000 made-up sources, long mediums, campaigns and referring sites (a landing each), counted by the
 * server's own counter into the file store, a flush every 50,000 beacons. Returns the slowest flush.
 */
async function attack(dataDir: string, paths: string[]): Promise<number> {
  const clock = manualClock(Date.now() - (ATTACK_DAYS - 1) * DAY_MS);
  const store = await FileStore.open(dataDir, clock);
  const counter = startVisitCounter({ store, clock, flushMs: 3_600_000, caps: CAPS, log: () => {} });
  let slowest = 0;
  for (let day = 0; day < ATTACK_DAYS; day++) {
    let sent = 0;
    for (let origin = 0; origin < ORIGINS_A_DAY; origin++)
      for (const page of paths) {
        counter.count({
          day: indiaDate(clock.now()),
          path: page,
          landing: true,
          source: `spam${day}-${origin}`,
          medium: 'a-long-medium-that-fills-its-field-to-the-brim-as-an-attacker-would',
          campaign: `campaign-${origin}-made-up-to-fill-the-store`,
          referrer: `spam${origin}.example.com`,
        });
        if (++sent % 50_000 === 0) {
          const started = performance.now();
          await counter.flush();
          slowest = Math.max(slowest, performance.now() - started);
        }
      }
    const started = performance.now();
    await counter.flush();
    slowest = Math.max(slowest, performance.now() - started);
    await clock.advance(DAY_MS);
  }
  await counter.stop();
  await store.close();
  return Math.round(slowest);
}

/** GET /robots.txt at 20 connections for 10 s while beacons of new origins arrive (each flush, every second, has something to write). */
async function getsDuringFlushes(server: RunningServer): Promise<autocannon.Result> {
  let beaconsSent = 0;
  const stop = AbortSignal.timeout(10_000);
  const sending = (async () => {
    while (!stop.aborted) {
      await fetch(`${server.url}/api/visit`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': `198.51.100.${beaconsSent % 250}` },
        body: JSON.stringify({ p: '/', l: 'en', n: 1, s: `late-${beaconsSent}`, m: 'cpc', c: 'live' }),
      }).catch(() => undefined);
      beaconsSent += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await autocannon({ url: `${server.url}/robots.txt`, connections: 20, duration: 10 });
  await sending;
  return result;
}

const row = (label: string, result: autocannon.Result) => [
  label,
  Math.round(result.requests.average),
  result.latency.p50,
  result.latency.p99,
  result.latency.max,
  result.non2xx + result.errors,
];

/** The 90-day dashboard with a year of counts and with every day at the caps, on the file store and on PostgreSQL. */
async function dashboards(work: string, postgresUrl: string, paths: string[]) {
  const dataDir = path.join(work, 'year');
  const fileStore = await FileStore.open(dataDir);
  await seedYear(fileStore);
  await fileStore.close();
  const fileServer = await startServer({ dataDir, env });
  const fileDashboard = await dashboard(fileServer);
  await fileServer.stop();

  const databaseUrl = await createDatabase(postgresUrl);
  const pgStore = await PgStore.open(databaseUrl, 2);
  await seedYear(pgStore);
  await pgStore.close();
  const pgServer = await startServer({ env: { ...env, DATABASE_URL: databaseUrl } });
  const pgDashboard = await dashboard(pgServer);
  await pgServer.stop();

  const cappedDir = path.join(work, 'capped');
  const cappedFiles = await FileStore.open(cappedDir);
  await seedCaps(cappedFiles, paths);
  await cappedFiles.close();
  const cappedBytes = folderBytes(path.join(cappedDir, 'visits'));
  const cappedFileServer = await startServer({ dataDir: cappedDir, env });
  const cappedFileDashboard = await dashboard(cappedFileServer);
  await cappedFileServer.stop();
  const cappedUrl = await createDatabase(postgresUrl);
  const cappedPg = await PgStore.open(cappedUrl, 2);
  await seedCaps(cappedPg, paths);
  await cappedPg.close();
  const cappedPgServer = await startServer({ env: { ...env, DATABASE_URL: cappedUrl } });
  const cappedPgDashboard = await dashboard(cappedPgServer);
  await cappedPgServer.stop();
  const cappedRows = 90 * (paths.length * 4 + 2 * CAPS.rowsPerDay);

  const description = `Dashboard: \`GET /admin/api/stats/visits?days=90\`, median of 20, with a year of counts for 100 pages and 50 campaigns (${(365 * 350).toLocaleString('en-IN')} rows), and with each of the last 90 days at the caps for the site's ${paths.length} pages, every value as long as the server keeps (${cappedRows.toLocaleString('en-IN')} rows; visits/ ${(cappedBytes / 1e6).toFixed(1)} MB on the file store).`;
  const figures = `| Store | Dashboard, 90 days, a year of counts (ms) | Dashboard, 90 days at the caps (ms) |
|---|---|---|
| file store | ${fileDashboard} | ${cappedFileDashboard} |
| PostgreSQL | ${pgDashboard} | ${cappedPgDashboard} |`;
  return { description, figures };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-visits-'));
const postgres = await startPostgres();
try {
  const content = SiteContent.of(checkContent(diskFolder(path.resolve(import.meta.dirname, '../../pages-data'))));
  const paths = [...content.routes.keys()];
  // `tsx tests/bench/visitBench.ts dashboard`: the dashboard's figures alone, printed and not written to BENCHMARKS.md.
  if (process.argv[2] === 'dashboard') {
    const { description, figures } = await dashboards(work, postgres.url, paths);
    console.log(`Measured ${machineLine()}. ${description}\n\n${figures}`);
  } else {
    const attacked = path.join(work, 'attacked');
    const slowestFlush = await attack(attacked, paths);
    const attackBytes = folderBytes(path.join(attacked, 'visits'));
    const attackedServer = await startServer({ dataDir: attacked, env: { ...env, VISIT_FLUSH_SECONDS: '1', TRUST_PROXY: '127.0.0.1' } });
    const startRss = rssMb(attackedServer.process.pid!);
    const attackedDashboard = await dashboard(attackedServer);
    const duringFlushes = await getsDuringFlushes(attackedServer);
    const endRss = rssMb(attackedServer.process.pid!);
    await attackedServer.stop();
    const attackLine = `Attacker: ${ATTACK_DAYS} days ending today, each day ${paths.length} pages × ${ORIGINS_A_DAY.toLocaleString('en-IN')} made-up origins (${(paths.length * ORIGINS_A_DAY).toLocaleString('en-IN')} landings a day with long values, from as many addresses as it takes), counted by the server's counter into the file store at the caps (${CAPS.originsPerDay} new origins and ${CAPS.rowsPerDay.toLocaleString('en-IN')} rows a day in each pool). visits/ on disk: ${(attackBytes / 1e6).toFixed(1)} MB; the slowest flush: ${slowestFlush} ms; the server started on it at ${startRss} MB RSS (${endRss} MB after the GETs below); dashboard, 90 days: ${attackedDashboard} ms; GET /robots.txt at 20 connections for 10 s while beacons of new origins were flushed every second: p50 ${duringFlushes.latency.p50} ms, p99 ${duringFlushes.latency.p99} ms, slowest ${duringFlushes.latency.max} ms, ${duringFlushes.non2xx + duringFlushes.errors} failed.`;
    console.log(attackLine);

    // Counting costs most with every beacon counted: the per-client limit is off for the load, then on for a flood from one address.
    const server = await startServer({ dataDir: path.join(work, 'load'), env: { ...env, VISIT_RATE_LIMIT: '0' } });
    const alone = await enquiries(server.url, 10);
    const [visits, alongside] = await Promise.all([beacons(server.url, 5_000, 10), enquiries(server.url, 10)]);
    const flood = await beacons(server.url, 0, 10);
    await server.stop();
    const limited = await startServer({ dataDir: path.join(work, 'limited'), env });
    const oneClient = await beacons(limited.url, 0, 10);
    await limited.stop();

    const dashboardFigures = await dashboards(work, postgres.url, paths);

    const body = `Measured ${machineLine()}; \`npm run bench\`. Beacons: page views (a third of them landings with a campaign) offered at 5,000 a second over 50 connections for 10 s on the file store (from a process of their own, with the per-client limit off, VISIT_RATE_LIMIT=0, so that every one is counted), with enquiries at 100 a second alongside (10 connections); the enquiries were measured alone first; then beacons alone with no rate set (the most the server answers), counted, and from one client past its limit of ${readConfig({}).visitRateLimit} a minute (answered, not counted). ${dashboardFigures.description}

${table(
  ['Load', 'Requests per second', 'p50 ms', 'p99 ms', 'Slowest ms', 'Failed'],
  [
    row('Beacons offered at 5,000/s (POST /api/visit)', visits),
    row('Enquiries alone, 100/s', alone),
    row('Enquiries, 100/s, beside the beacons', alongside),
    row('Beacons flooded (no rate)', flood),
    row('Beacons flooded from one client (past its limit)', oneClient),
  ],
)}

${dashboardFigures.figures}

${attackLine}`;
    console.log(body);
    writeSection('bench:visits', body);
  }
} finally {
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
