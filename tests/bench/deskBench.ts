import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgStore } from '../../api/store/pg/PgStore';
import { launchChromium } from '../helpers/chromium';
import { createDatabase, startPostgres } from '../helpers/postgres';
import { startServer, type RunningServer } from '../helpers/server';
import { machineLine, seedFileStore, seedPostgres, table, writeSection } from './benchTools';

/**
 * `npm run bench` (second part): the lead desk with 100 and 1,00,000 stored enquiries, on
 * the file store and on PostgreSQL. For each: the time from pressing Log in to the first
 * page of /table on screen in Chromium (median of 5), the first page's API answer (median
 * of 20) and its size, the rows on the page, and a search (median of 20 different ones).
 * Loopback only; figures, not assertions.
 */
const SIZES = [100, 100_000];
const OWNER = { username: 'owner', password: 'bench owner pass' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => Math.round(value * 10) / 10;

async function session(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(OWNER),
  });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, br' } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

async function measure(server: RunningServer, stored: number) {
  const cookie = await session(server);
  const api = [];
  for (let run = 0; run < 21; run++) api.push(await timed(`${server.url}/admin/api/enquiries?limit=50`, cookie));
  api.shift(); // the first warms the process up
  const searches = [];
  for (let run = 0; run < 20; run++) {
    const index = Math.floor(((run + 1) * stored) / 21);
    const q = [`Visitor ${index}`, `98 ${String(index).padStart(8, '0').slice(0, 4)}`, 'visitor@example', `+91 98220 12345`][run % 4]!;
    searches.push((await timed(`${server.url}/admin/api/enquiries?limit=50&q=${encodeURIComponent(q)}`, cookie)).ms);
  }
  const browser = await launchChromium();
  const screen = [];
  let rows = 0;
  try {
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/adminLogin`);
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
      await page.getByLabel('Username').fill(OWNER.username);
      await page.getByLabel('Password').fill(OWNER.password);
      const started = performance.now();
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('region', { name: 'All enquiries, table' }).getByRole('row').nth(1).waitFor();
      screen.push(performance.now() - started);
      rows = await page.locator('tbody tr').count();
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    stored,
    screen: median(screen),
    api: median(api.map((entry) => entry.ms)),
    bytes: api[0]!.bytes,
    rows,
    search: median(searches),
  };
}

const postgres = await startPostgres();
const results: { store: string; figures: Awaited<ReturnType<typeof measure>> }[] = [];
try {
  for (const stored of SIZES) {
    const work = mkdtempSync(path.join(os.tmpdir(), `desk-bench-${stored}-`));
    try {
      seedFileStore(path.join(work, 'data'), stored);
      const files = await startServer({
        dataDir: path.join(work, 'data'),
        env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password },
      });
      results.push({ store: 'file store', figures: await measure(files, stored) });
      await files.stop();

      const databaseUrl = await createDatabase(postgres.url);
      await (await PgStore.open(databaseUrl, 1)).close();
      await seedPostgres(databaseUrl, stored);
      const database = await startServer({
        env: { DATABASE_URL: databaseUrl, ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password },
      });
      results.push({ store: 'PostgreSQL', figures: await measure(database, stored) });
      await database.stop();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    console.log(`measured the desk with ${stored} stored`);
  }
} finally {
  postgres.stop();
}

const rowsOf = (store: string) => results.filter((result) => result.store === store).map((result) => result.figures);
const ratio = (store: string, key: 'screen' | 'api') => {
  const [small, large] = rowsOf(store);
  return `${(large![key] / small![key]).toFixed(2)}×`;
};
const body = `Measured ${machineLine()}; \`npm run bench\`.

${table(
  [
    'Store',
    'Stored enquiries',
    'Log in → first page on screen (median of 5)',
    'First page API (median of 20)',
    'First page download',
    'Rows on the page',
    'Search (median of 20)',
  ],
  results.map(({ store, figures }) => [
    store,
    figures.stored.toLocaleString('en-IN'),
    `${ms(figures.screen)} ms`,
    `${ms(figures.api)} ms`,
    `${(figures.bytes / 1024).toFixed(1)} KB`,
    figures.rows,
    `${ms(figures.search)} ms`,
  ]),
)}

From 100 to 1,00,000 stored: on the file store the first page on screen took ${ratio('file store', 'screen')} as long and its API answer ${ratio('file store', 'api')}; on PostgreSQL ${ratio('PostgreSQL', 'screen')} and ${ratio('PostgreSQL', 'api')}. The goals are at most 1.5× on screen, 2× for the API, under 100 KB, at most 500 rows, and searches under 150 ms.`;
console.log(`\n${body}`);
writeSection('bench:desk', body);
