import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../helpers/chromium';
import { ROOT, startServer, type RunningServer } from '../helpers/server';
import { machineLine, table, writeSection } from './benchTools';

/**
 * `npm run bench` (third part): the page editor on the file store. The check of a typical page
 * with the whole site's cross-file checks (median of 20), a publish until the new HTML is served
 * (median of 5), a change to _site.yaml until every page in every language shows it, and the
 * JavaScript the editor's first load downloads (gzip) against what a public page downloads.
 * Loopback only; figures, not assertions.
 */
const OWNER = { username: 'owner', password: 'bench owner pass' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

async function api(server: RunningServer, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.url },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Saves `source` as the file's draft and publishes it; resolves once `ready` holds for what the server serves. */
async function publish(server: RunningServer, cookie: string, file: string, source: string, ready: () => Promise<boolean>) {
  const page = `/admin/api/pages/${encodeURIComponent(file)}`;
  const { head } = (await api(server, cookie, 'GET', page)) as { head: string };
  const { revision } = (await api(server, cookie, 'PUT', `${page}/draft`, { source, basedOn: head })) as { revision: string };
  const started = performance.now();
  await api(server, cookie, 'POST', `${page}/publish`, { basedOn: revision });
  while (!(await ready())) await new Promise((resolve) => setTimeout(resolve, 20));
  return performance.now() - started;
}

/** The gzip size of every script a page downloads in Chromium. */
async function scriptBytes(server: RunningServer, pathname: string, cookie?: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([
        { name: name!, value: value!, url: server.url },
        { name: 'adminUsername', value: OWNER.username, url: server.url },
      ]);
    }
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
    return [...new Set(scripts)].reduce((sum, script) => sum + gzipSync(readFileSync(path.join(ROOT, 'dist/client', script))).length, 0);
  } finally {
    await browser.close();
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'editor-bench-'));
cpSync(path.join(ROOT, 'pages-data'), path.join(work, 'pages'), { recursive: true });
const server = await startServer({
  env: { PAGES_DIR: path.join(work, 'pages'), ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password },
});
let body: string;
try {
  const login = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(OWNER),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const clcss = readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8');

  const checks = [];
  for (let run = 0; run < 21; run++) {
    const started = performance.now();
    await api(server, cookie, 'POST', '/admin/api/content/check', { file: 'clcss.yaml', source: `${clcss}# run ${run}\n` });
    checks.push(performance.now() - started);
  }
  checks.shift();

  const publishes = [];
  for (let run = 0; run < 5; run++) {
    const title = `CLCSS, bench run ${run}`;
    const source = clcss.replace('title: Credit Linked Capital Subsidy Scheme (CLCSS)\n', `title: ${title}\n`);
    publishes.push(
      await publish(server, cookie, 'clcss.yaml', source, async () =>
        (await (await fetch(`${server.url}/clcss`)).text()).includes(`<title>${title}`),
      ),
    );
  }

  const siteFile = readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8');
  const tagline = /^tagline: (.*)$/m.exec(siteFile)![1]!;
  const changedSite = siteFile.replace(`tagline: ${tagline}`, 'tagline: Loans, subsidies and certificates, arranged for you');
  const sitePaths = ['/', '/clcss', '/contactus', '/pmegp', '/homeloan'];
  const siteWide = await publish(server, cookie, '_site.yaml', changedSite, async () => {
    const pages = await Promise.all(sitePaths.map(async (pathname) => (await fetch(`${server.url}${pathname}`)).text()));
    return pages.every((html) => html.includes('Loans, subsidies and certificates, arranged for you'));
  });

  const editorScripts = await scriptBytes(server, '/admin/pages/clcss.yaml', cookie);
  const publicScripts = await scriptBytes(server, '/clcss');

  body = `Measured ${machineLine()}; \`npm run bench\` (the file store, the real content).

${table(
  ['What', 'Figure', 'Goal'],
  [
    ['POST /admin/api/content/check on /clcss, with the whole site’s cross-file checks (median of 20)', ms(median(checks)), 'under 300 ms'],
    ['Publish of /clcss until its new HTML is served (median of 5)', ms(median(publishes)), 'at most 5 s, aim under 1 s'],
    [
      'Publish of a tagline change in _site.yaml until the pages show it (every page, every language, rebuilt)',
      ms(siteWide),
      'at most 30 s',
    ],
    ['JavaScript of the editor’s first load, /admin/pages/clcss.yaml (gzip)', `${(editorScripts / 1024).toFixed(1)} KB`, 'at most 400 KB'],
    ['JavaScript of the public page /clcss (gzip), for comparison', `${(publicScripts / 1024).toFixed(1)} KB`, 'unchanged by the editor'],
  ],
)}`;
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`\n${body}`);
writeSection('bench:editor', body);
