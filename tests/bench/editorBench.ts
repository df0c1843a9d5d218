import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../helpers/chromium';
import { ROOT, SERVER_ENTRY } from '../helpers/server';
import { machineLine, table, writeSection } from './benchTools';

/**
 * `npm run bench` (third part): publishing at the size the site will reach. For the real
 * content and for sites of 1,000 and 3,000 pages in three languages (copies of clcss.yaml):
 * the server's start until the first page answers (with no cache, and again with what its
 * first start learnt), one page published until its new HTML is served, a tagline change in
 * _site.yaml until the first page and then every page shows it, the server's memory after
 * every page has been served once, and a public page's p99 while nothing is published and
 * while that change is drawn again. Then the JavaScript of the editor's first load. Loopback
 * only; figures, not assertions.
 *
 * `tsx tests/bench/editorBench.ts --sizes 3000 --start-only` measures only the starts at the
 * sizes named (0 is the real content) and prints them, writing nothing to BENCHMARKS.md.
 */
const OWNER = { username: 'owner', password: 'bench owner pass' };
const { values: args } = parseArgs({ options: { sizes: { type: 'string' }, 'start-only': { type: 'boolean' } } });
const SIZES = args.sizes ? args.sizes.split(',').map(Number) : [0, 1000, 3000];
const LANGUAGES = ['', 'mr', 'hi'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-IN')} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

interface Server {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The built server on a content folder and a data folder; resolves once `/` answers, with the
 * time that took from the spawn, and `checkedMs`, the time until its check of the whole site
 * (which runs while it answers) said it was done.
 */
async function start(pagesDir: string, dataDir: string): Promise<{ server: Server; firstPageMs: number; checkedMs: Promise<number> }> {
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      PAGES_DIR: pagesDir,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_MFA: 'optional',
      // Serving every page of the largest site once can take longer than a session's 30 idle minutes on a busy machine.
      ADMIN_IDLE_MINUTES: '600',
      ENQUIRY_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const checkedMs = new Promise<number>((resolve) =>
    lines.on('line', (line) => line.includes('"msg":"the whole content is checked"') && resolve(performance.now() - started)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 10 minutes')), 600_000);
    lines.on('line', (line) => {
      const match = /"msg":"listening","url":"([^"]+)"/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  for (;;) {
    const answer = await fetch(`${url}/`).catch(() => undefined);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const firstPageMs = performance.now() - started;
  return {
    server: {
      url,
      child,
      stop: async () => {
        child.kill('SIGTERM');
        await exited;
      },
    },
    firstPageMs,
    checkedMs,
  };
}

async function api(server: Server, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.url },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function logIn(server: Server): Promise<string> {
  const login = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(OWNER),
  });
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Saves `source` as the file's draft and publishes it; the clock starts at the publish. */
async function publish(server: Server, cookie: string, file: string, source: string): Promise<number> {
  const page = `/admin/api/pages/${encodeURIComponent(file)}`;
  const { head } = (await api(server, cookie, 'GET', page)) as { head: string };
  const { revision } = (await api(server, cookie, 'PUT', `${page}/draft`, { source, basedOn: head })) as { revision: string };
  const started = performance.now();
  await api(server, cookie, 'POST', `${page}/publish`, { basedOn: revision });
  return started;
}

/** Asks for every path (16 at a time) until each has answered with `wanted` in it; resolves with when the last one did. */
async function untilEvery(server: Server, paths: string[], wanted: string): Promise<number> {
  let left = paths;
  while (left.length > 0) {
    const still: string[] = [];
    for (let index = 0; index < left.length; index += 16) {
      const batch = left.slice(index, index + 16);
      const answers = await Promise.all(
        batch.map(async (pathname) => (await (await fetch(`${server.url}${pathname}`)).text()).includes(wanted)),
      );
      batch.forEach((pathname, at) => answers[at] || still.push(pathname));
    }
    left = still;
  }
  return performance.now();
}

/** The latency of public GETs, 8 at a time over a sample of pages, for `forMs`. */
async function latencies(server: Server, paths: string[], forMs: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + forMs;
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let index = worker; performance.now() < until; index += 8) {
        const started = performance.now();
        await (await fetch(`${server.url}${paths[index % paths.length]}`)).arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** The content folder with `size` pages, each in the three languages: the real pages, then copies of clcss.yaml. */
function contentOf(size: number, work: string): { dir: string; pages: number } {
  const dir = path.join(work, `pages-${size || 'real'}`);
  cpSync(path.join(ROOT, 'pages-data'), dir, { recursive: true });
  const real = readdirSync(dir).filter((file) => /^[a-z0-9].*\.yaml$/.test(file)).length;
  for (let index = 1; index <= size - real; index++) {
    for (const language of LANGUAGES)
      writeFileSync(
        path.join(dir, language, `generated-${index}.yaml`),
        readFileSync(path.join(ROOT, 'pages-data', language, 'clcss.yaml'), 'utf8'),
      );
  }
  return { dir, pages: Math.max(size, real) };
}

async function measureSize(size: number, work: string): Promise<(string | number)[]> {
  const { dir, pages } = contentOf(size, work);
  const dataDir = path.join(work, `data-${size}`);
  // The first start's check is let finish, so the second starts with what it learnt.
  const cold = await start(dir, dataDir);
  const coldChecked = await cold.checkedMs;
  await cold.server.stop();
  const { server, firstPageMs, checkedMs } = await start(dir, dataDir);
  const content = `${pages.toLocaleString('en-IN')} pages × 3 languages`;
  const starts = [`${seconds(cold.firstPageMs)} / ${seconds(firstPageMs)}`, `${seconds(coldChecked)} / ${seconds(await checkedMs)}`];
  if (args['start-only']) {
    await server.stop();
    return [content, ...starts];
  }
  try {
    const cookie = await logIn(server);
    const paths = ((await api(server, cookie, 'GET', '/admin/api/pages')) as { items: { route: string | null }[] }).items.flatMap((item) =>
      item.route ? [item.route] : [],
    );
    for (let index = 0; index < paths.length; index += 16)
      await Promise.all(paths.slice(index, index + 16).map(async (pathname) => (await fetch(`${server.url}${pathname}`)).arrayBuffer()));
    const rss = rssOf(server.child.pid!);
    // What it holds once it has been idle long enough to give a burst's heap back (api/idleCollection.ts: two rounds, looking every 2 s).
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const settledRss = rssOf(server.child.pid!);
    const sample = paths.filter((_, index) => index % Math.max(1, Math.floor(paths.length / 200)) === 0);
    const quiet = percentile(await latencies(server, sample, 5000), 99);

    const clcss = readFileSync(path.join(dir, 'clcss.yaml'), 'utf8');
    const publishes = [];
    for (let run = 0; run < 5; run++) {
      const title = `CLCSS, bench run ${run}`;
      const started = await publish(
        server,
        cookie,
        'clcss.yaml',
        clcss.replace('title: Credit Linked Capital Subsidy Scheme (CLCSS)\n', `title: ${title}\n`),
      );
      await untilEvery(server, ['/clcss'], `<title>${title}`);
      publishes.push(performance.now() - started);
    }

    const siteFile = readFileSync(path.join(dir, '_site.yaml'), 'utf8');
    const tagline = /^tagline: (.*)$/m.exec(siteFile)![1]!;
    const words = 'Loans, subsidies and certificates, arranged for you';
    const started = await publish(server, cookie, '_site.yaml', siteFile.replace(`tagline: ${tagline}`, `tagline: ${words}`));
    const [busy, first] = await Promise.all([latencies(server, sample, 3000), untilEvery(server, ['/'], words)]);
    const every = await untilEvery(
      server,
      paths.filter((pathname) => !pathname.startsWith('/mr') && !pathname.startsWith('/hi')),
      words,
    );
    return [
      `${content} (${paths.length.toLocaleString('en-IN')} addresses)`,
      ...starts,
      ms(median(publishes)),
      ms(first - started),
      seconds(every - started),
      `${Math.round(rss / 1024 / 1024)} MB / ${Math.round(settledRss / 1024 / 1024)} MB`,
      `${ms(quiet)} / ${ms(percentile(busy, 99))}`,
    ];
  } finally {
    await server.stop();
  }
}

/** The gzip size of every script a page downloads in Chromium. */
async function scriptBytes(url: string, pathname: string, cookie?: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([
        { name: name!, value: value!, url },
        { name: 'adminUsername', value: OWNER.username, url },
      ]);
    }
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${url}${pathname}`, { waitUntil: 'networkidle' });
    return [...new Set(scripts)].reduce((sum, script) => sum + gzipSync(readFileSync(path.join(ROOT, 'dist/client', script))).length, 0);
  } finally {
    await browser.close();
  }
}

/** The JavaScript of the editor's first load, and the section of BENCHMARKS.md with every figure. */
async function editorFigures(rows: (string | number)[][], loads: string[]): Promise<string> {
  const { dir } = contentOf(0, path.join(work, 'js'));
  const { server } = await start(dir, path.join(work, 'data-js'));
  let scripts: number[];
  try {
    const cookie = await logIn(server);
    scripts = [await scriptBytes(server.url, '/admin/pages/clcss.yaml', cookie), await scriptBytes(server.url, '/clcss')];
  } finally {
    await server.stop();
  }
  return `Measured ${machineLine()}; \`npm run bench\`, or this part alone: \`npm run build && npx tsx tests/bench/editorBench.ts\` (the file store). The machine's cores are shared with other work, so the figures are noisy; its load averages over 1, 5 and 15 minutes (as \`uptime\` prints them) were ${loads.join('; ')}. Each size is started twice on the same data folder: first with nothing learnt (a new build, or a new machine), then with what the first start's check kept (any later restart of the same build). The server answers while it checks the whole site in its own thread, each page checked on its own when first asked for; publishing waits for that check.

${table(
  [
    'Content',
    'Start until / answers: first / again',
    'Start until the whole site is checked: first / again',
    'One page published until its new HTML is served (median of 5)',
    '_site.yaml change until / shows it',
    'Until every English page shows it',
    'Server memory (RSS) after every page served once: at once / 15 s later',
    'Public GET p99: quiet / while that change is drawn again',
  ],
  rows,
)}

Goals: a publish served within 1 s at 3,000 pages; a \`_site.yaml\` change on the first page within 2 s and on every page within 10 s; the first page within 5 s of the start at 3,000 pages; at most 400 MB after serving every page (read twice: the instant the last page is served, when the burst's garbage is still in the heap, and 15 s later, once the server has been idle long enough to collect it); public GETs as fast while a publish runs.

| What | Figure | Goal |
|---|---|---|
| JavaScript of the editor’s first load, /admin/pages/clcss.yaml (gzip) | ${(scripts[0]! / 1024).toFixed(1)} KB | at most 400 KB |
| JavaScript of the public page /clcss (gzip), for comparison | ${(scripts[1]! / 1024).toFixed(1)} KB | unchanged by the editor |`;
}

/** The machine's load averages over 1, 5 and 15 minutes, as `uptime` prints them: the machine is shared, and the figures move with it. */
const loadLine = () =>
  `load ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'editor-bench-'));
let body = '';
try {
  const rows = [];
  const loads = [`at the start ${loadLine()}`];
  for (const size of SIZES) {
    rows.push(await measureSize(size, work));
    loads.push(`after ${size || 'the real content'} ${loadLine()}`);
    console.log(rows.at(-1)!.join('  '), ` (${loads.at(-1)})`);
  }
  if (!args['start-only']) body = await editorFigures(rows, loads);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (body) {
  console.log(`\n${body}`);
  writeSection('bench:editor', body);
}
