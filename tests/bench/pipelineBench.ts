import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgStore } from '../../api/store/pg/PgStore';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { launchChromium } from '../helpers/chromium';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { machineLine, table, writeSection } from './benchTools';
import { BENCH_OWNER, pipelineSeed, seedPipelineFiles, seedPipelinePostgres, type PipelineSeed } from './pipelineSeed';

/**
 * `npm run bench` (last part): the desk's board and the owners' pipeline report with 100 enquiries
 * (30 applications) and with 1,00,000 (30,000 applications) over a year, on the file store and on
 * PostgreSQL: the report of the whole year and of the last 30 days, and the board's first page of
 * everyone's and of Mine, through the API (median of 20 each, after one that warms the process up);
 * the board on screen in Chromium; and whether both stores give the same figures. Loopback only;
 * figures, not assertions.
 */
const SIZES = [100, 100_000];
const RUNS = 20;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;

async function session(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(BENCH_OWNER),
  });
  if (!response.ok) throw new Error(`Signing in answered ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The median time of `RUNS` answers from `url`, and the last answer. */
async function timed(url: string, cookie: string): Promise<{ ms: number; body: string }> {
  const times = [];
  let body = '';
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body}`);
    if (run > 0) times.push(performance.now() - started);
  }
  return { ms: median(times), body };
}

/** From pressing Board on the desk to the first card of the first column on screen, in Chromium (median of 5). */
async function boardOnScreen(server: RunningServer): Promise<number> {
  const browser = await launchChromium();
  const times = [];
  try {
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/adminLogin`);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await page.getByLabel('Username').fill(BENCH_OWNER.username);
      await page.getByLabel('Password').fill(BENCH_OWNER.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText(/^Logged in as /).waitFor();
      const started = performance.now();
      await page.getByRole('link', { name: 'Board', exact: true }).click();
      await page.locator('.desk-board__card').first().waitFor();
      times.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return median(times);
}

async function measure(server: RunningServer, seed: PipelineSeed) {
  const cookie = await session(server);
  const today = indiaDate();
  const report = `${server.url}/admin/api/stats/pipeline`;
  const year = await timed(`${report}?from=${seed.firstDay}&to=${today}`, cookie);
  const month = await timed(`${report}?from=${addDays(today, -29)}&to=${today}`, cookie);
  const board = await timed(`${server.url}/admin/api/board`, cookie);
  const mine = await timed(`${server.url}/admin/api/board?assignedTo=me`, cookie);
  return { year: year.ms, month: month.ms, figures: year.body, board: board.ms, mine: mine.ms, screen: await boardOnScreen(server) };
}

const end = Date.now();
const postgres = await startPostgres();
const results: { store: string; enquiries: number; applications: number; figures: Awaited<ReturnType<typeof measure>> }[] = [];
try {
  for (const size of SIZES) {
    const seed = pipelineSeed(size, end);
    const work = mkdtempSync(path.join(os.tmpdir(), `pipeline-bench-${size}-`));
    const row = (store: string, figures: Awaited<ReturnType<typeof measure>>) => ({
      store,
      enquiries: seed.enquiries.length,
      applications: seed.applications.length,
      figures,
    });
    try {
      await seedPipelineFiles(path.join(work, 'data'), seed);
      const files = await startServer({ dataDir: path.join(work, 'data') });
      results.push(row('file store', await measure(files, seed)));
      await files.stop();

      const databaseUrl = await createDatabase(postgres.url);
      await (await PgStore.open(databaseUrl, 1)).close();
      await seedPipelinePostgres(databaseUrl, seed);
      const database = await startServer({ env: { DATABASE_URL: databaseUrl } });
      results.push(row('PostgreSQL', await measure(database, seed)));
      await database.stop();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    console.log(`measured the pipeline with ${size} enquiries`);
  }
} finally {
  postgres.stop();
}

const same = (enquiries: number) => {
  const [files, database] = results.filter((result) => result.enquiries === enquiries);
  return files!.figures.figures === database!.figures.figures ? 'yes' : 'NO';
};
const ratio = (store: string, key: 'board' | 'mine' | 'screen') => {
  const [small, large] = results.filter((result) => result.store === store).map((result) => result.figures[key]);
  return `${(large! / small!).toFixed(2)}×`;
};
const body = `Measured ${machineLine()}, load average ${os
  .loadavg()
  .map((load) => load.toFixed(1))
  .join(', ')} at the end; \`npm run bench\`.

${table(
  ['Store', 'Enquiries', 'Applications', 'Report, the whole year', 'Report, the last 30 days', 'Same figures on both stores'],
  results.map(({ store, enquiries, applications, figures }) => [
    store,
    enquiries.toLocaleString('en-IN'),
    applications.toLocaleString('en-IN'),
    ms(figures.year),
    ms(figures.month),
    same(enquiries),
  ]),
)}

${table(
  ['Store', 'Enquiries', 'Board API, everyone’s', 'Board API, Mine', 'Board → first card on screen (median of 5)'],
  results.map(({ store, enquiries, figures }) => [
    store,
    enquiries.toLocaleString('en-IN'),
    ms(figures.board),
    ms(figures.mine),
    ms(figures.screen),
  ]),
)}

API times are medians of 20. From 100 to 1,00,000 enquiries the board's API answer took ${ratio('file store', 'board')} as long on the file store (Mine ${ratio('file store', 'mine')}) and ${ratio('PostgreSQL', 'board')} on PostgreSQL (Mine ${ratio('PostgreSQL', 'mine')}); on screen ${ratio('file store', 'screen')} and ${ratio('PostgreSQL', 'screen')}. The goals are the board under 1.5× its time at 100 enquiries, and the report under 500 ms at 1,00,000.`;
console.log(`\n${body}`);
writeSection('bench:pipeline', body);
