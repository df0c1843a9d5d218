import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { deployedCopy, removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;
const folders: string[] = [];
afterAll(() => folders.forEach(removeDir));

let server: RunningServer | undefined;
afterAll(() => server?.stop());
const admin = adminClient(() => server!);
async function start(env: Record<string, string> = {}, dataDir?: string) {
  server = await startServer({
    ...(dataDir && { dataDir }),
    env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1', ...env },
  });
  return (await admin.logIn(OWNER.username, OWNER.password)).cookie;
}

/**
 * A request whose answer is read even if the server answers before the body is all sent (as
 * it does for one over the limit) and closes the connection on the rest, as fetch would not.
 */
function sendWhole(method: string, pathname: string, cookie: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(admin.url(pathname));
    const request = http.request(
      url,
      {
        method,
        headers: { 'Content-Type': 'application/json', Origin: url.origin, Cookie: cookie, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
      },
    );
    // Writing the rest fails once the server has closed the connection; the answer came first.
    request.on('error', (error) => setTimeout(() => reject(error), 1000));
    request.end(body);
  });
}

/** Asks for `/` every 50 ms while `work` runs (or `work` times, when a number), and gives the slowest answer's time. */
async function slowestHomePageWhile<T>(work: Promise<T> | number): Promise<{ result: T | undefined; slowest: number; asked: number }> {
  let done = false;
  let slowest = 0;
  let asked = 0;
  const asking = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await fetch(admin.url('/'))).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      asked += 1;
      if (asked === work) done = true;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = typeof work === 'number' ? undefined : await work.finally(() => (done = true));
  await asking;
  return { result, slowest, asked };
}

describe('nothing an editor sends stalls the server', () => {
  test('a catastrophic house-style pattern, a 19,000-line draft and a 2 MB draft each get a clear answer while / keeps answering, within a second of its time without them', async () => {
    const cookie = await start();
    const style = readFileSync(path.join(ROOT, 'pages-data/_housestyle.yaml'), 'utf8').replace(
      "find: '\\bINR\\s*\\d'",
      "find: '((\\w+\\s?)+)+#'",
    );
    expect(style).toContain('((\\w+\\s?)+)+#');
    const clcss = readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8');
    const long = `${clcss}${'# a line of notes\n'.repeat(19_000)}`.slice(0, 199_000);
    // Other test files run beside this one on a shared machine: what counts is the delay the drafts add
    // to / over how it answers meanwhile without them.
    const quiet = await slowestHomePageWhile(50);
    const drafts = Promise.all([
      admin.post('/admin/api/content/check', { file: '_housestyle.yaml', source: style }, cookie),
      admin.post('/admin/api/content/check', { file: 'clcss.yaml', source: long }, cookie),
      sendWhole('PUT', page('clcss.yaml', '/draft'), cookie, JSON.stringify({ source: 'x'.repeat(2_000_000), basedOn: '0' })),
    ]);
    const { result, slowest, asked } = await slowestHomePageWhile(drafts);
    const [pattern, lines, huge] = result!;
    expect(pattern.status).toBe(200);
    expect(lines.status).toBe(200);
    expect(huge).toEqual({ status: 413, text: JSON.stringify({ message: 'The request is too large; send at most 512 KB.' }) });
    expect(asked).toBeGreaterThan(0);
    expect(slowest, `the slowest / took ${Math.round(slowest)} ms, and ${Math.round(quiet.slowest)} ms without the drafts`).toBeLessThan(
      quiet.slowest + 1000,
    );
  }, 60_000);

  test('a check past its time limit answers so, the check starts again, and the site keeps answering', async () => {
    const cookie = await start({ CONTENT_CHECK_SECONDS: '0.001' });
    // A text the server has not checked before: the same text as the deployed file could be answered from
    // what the whole site's check (running since the start) learnt of it, without a check to time out.
    const source = `${readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8')}\n# ${Date.now()}\n`;
    const answer = await admin.post<{ problems: { message: string; severity: string }[] }>(
      '/admin/api/content/check',
      { file: 'clcss.yaml', source },
      cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.problems).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: 'This check took too long; the file is too large or a house-style pattern is too complex. Shorten it and try again.',
      }),
    );
    expect((await fetch(admin.url('/clcss'))).status).toBe(200);
    expect(server!.output.join('\n')).toContain('a content check ran past its time limit');
  }, 60_000);
});

describe('published content that a deploy no longer agrees with', () => {
  test('does not stop the server: the last content that passes is served, and the log and the owners are told why', async () => {
    const first = deployedCopy(folders);
    let cookie = await start({ PAGES_DIR: first });
    const agro = readFileSync(path.join(first, 'agroprocessing.yaml'), 'utf8');
    const linking = agro.replace(
      '      - title: Jaggery Powder and Sugar\n',
      '      - title: Jaggery Powder and Sugar\n        link: { to: /women, label: Women entrepreneurs }\n',
    );
    const saved = await admin.request<{ revision: string }>('PUT', page('agroprocessing.yaml', '/draft'), {
      cookie,
      body: { source: linking, basedOn: '0' },
    });
    expect((await admin.post(page('agroprocessing.yaml', '/publish'), { basedOn: saved.json.revision }, cookie)).status).toBe(200);
    expect(await (await fetch(admin.url('/agroprocessing'))).text()).toContain('Women entrepreneurs');
    const dataDir = server!.dataDir;
    await server!.stop();

    // The next deploy removes /women: its page, its translations and its menu entries.
    const second = deployedCopy(folders);
    for (const file of ['women.yaml', 'mr/women.yaml', 'hi/women.yaml']) rmSync(path.join(second, file));
    for (const file of ['_site.yaml', 'mr/_site.yaml', 'hi/_site.yaml']) {
      const text = readFileSync(path.join(second, file), 'utf8');
      writeFileSync(path.join(second, file), text.replace(/\n +- label: [^\n]+\n +to: \/women(?=\n)/, ''));
    }
    cookie = await start({ PAGES_DIR: second }, dataDir);
    // Before the whole site is checked, the page is checked on its own: the editor's version links to a page the deploy removed, so the deploy's is served.
    const served = await (await fetch(admin.url('/agroprocessing'))).text();
    expect(served).not.toContain('Women entrepreneurs');
    expect(served).toContain('Jaggery Powder and Sugar');
    type Status = { checking: boolean; problem: { servedAsIs: boolean; problems: { file: string; message: string }[] } | null };
    await expect.poll(async () => (await admin.get<Status>('/admin/api/content/status', cookie)).json.checking).toBe(false);
    expect(server!.output.join('\n')).toContain('the latest published content does not pass the check on this server');
    const status = await admin.get<Status>('/admin/api/content/status', cookie);
    expect(status.json.problem?.servedAsIs).toBe(false);
    expect(status.json.problem?.problems).toContainEqual(
      expect.objectContaining({ file: 'agroprocessing.yaml', message: expect.stringContaining('links to /women') as string }),
    );
    expect(await (await fetch(admin.url('/agroprocessing'))).text()).not.toContain('Women entrepreneurs');

    // Fixed by publishing the page without the link: the site serves the store's content again, and the problem is gone.
    const opened = await admin.get<{ head: string }>(page('agroprocessing.yaml'), cookie);
    const fixed = await admin.request<{ revision: string }>('PUT', page('agroprocessing.yaml', '/draft'), {
      cookie,
      body: { source: `${agro}# fixed\n`, basedOn: opened.json.head },
    });
    expect((await admin.post(page('agroprocessing.yaml', '/publish'), { basedOn: fixed.json.revision }, cookie)).status).toBe(200);
    expect((await admin.get<{ problem: unknown }>('/admin/api/content/status', cookie)).json.problem).toBeNull();
  }, 120_000);
});
