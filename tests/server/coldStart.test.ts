import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CONTENT_CHECK_CACHE } from '../../api/site/contentChecks';
import { adminClient } from '../helpers/adminClient';
import { deployedCopy, removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

// The server listens before it has checked the whole site: each page is checked on its own when
// first asked for, while the whole site is checked in its thread. These tests hold it to the order
// of what happens (its log, its status), never to timings (tests/bench/editorBench.ts measures those).

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const PAGES = 1000;
const LANGUAGES = ['', 'mr', 'hi'];
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;
const AGRO = readFileSync(path.join(ROOT, 'pages-data/agroprocessing.yaml'), 'utf8');
const JAGGERY = '      - title: Jaggery Powder and Sugar\n';
/** agroprocessing.yaml with a card linking to an address no page has. */
const BROKEN_LINK = AGRO.replace(JAGGERY, `${JAGGERY}        link: { to: /nowhere-at-all, label: Nowhere }\n`);
const CHECKED = '"msg":"the whole content is checked"';

const folders: string[] = [];
afterAll(() => folders.forEach(removeDir));
let server: RunningServer;
afterAll(() => server?.stop());
const admin = adminClient(() => server);
const start = async (pagesDir: string, dataDir?: string) => {
  server = await startServer({
    ...(dataDir && { dataDir }),
    env: { PAGES_DIR: pagesDir, ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' },
  });
  return (await admin.logIn(OWNER.username, OWNER.password)).cookie;
};
type Status = { checking: boolean; problem: { servedAsIs: boolean; problems: { file: string; message: string }[] } | null };
const status = async (cookie: string) => (await admin.get<Status>('/admin/api/content/status', cookie)).json;
/** Where in the server's log a line first has all of `parts` (-1 when none has). */
const lineOf = (...parts: string[]) => server.output.findIndex((line) => parts.every((part) => line.includes(part)));
/** The log line of the request for `pathname`, as the server logged it once it answered. */
const requestLine = (method: string, pathname: string) => lineOf(`"method":"${method}"`, `"path":"${pathname}"`);

describe('a server started on a large site with nothing learnt', () => {
  test('answers pages before its check of the whole site has finished; publishing meanwhile waits for that check, and is checked', async () => {
    // Two drafts, saved on the real content: a page linking to an address no page has, and a new title for /clcss.
    const pagesDir = deployedCopy(folders);
    let cookie = await start(pagesDir);
    const drafts = {
      'agroprocessing.yaml': BROKEN_LINK,
      'clcss.yaml': readFileSync(path.join(pagesDir, 'clcss.yaml'), 'utf8').replace(
        'title: Credit Linked Capital Subsidy Scheme (CLCSS)\n',
        'title: CLCSS, published while the site was checked\n',
      ),
    };
    const revisions: Record<string, string> = {};
    for (const [file, source] of Object.entries(drafts)) {
      const saved = await admin.request<{ revision: string }>('PUT', page(file, '/draft'), { cookie, body: { source, basedOn: '0' } });
      expect(saved.status).toBe(200);
      revisions[file] = saved.json.revision;
    }
    const { dataDir } = server;
    await server.stop();

    // The next deploy brings 1,000 pages in three languages (copies of clcss.yaml), to a server that has learnt nothing.
    const real = readdirSync(pagesDir).filter((file) => /^[a-z0-9].*\.yaml$/.test(file)).length;
    for (let index = 1; index <= PAGES - real; index++)
      for (const language of LANGUAGES)
        writeFileSync(path.join(pagesDir, language, `generated-${index}.yaml`), readFileSync(path.join(pagesDir, language, 'clcss.yaml')));
    const cache = path.join(dataDir, CONTENT_CHECK_CACHE);
    expect(existsSync(cache)).toBe(true);
    rmSync(cache);
    cookie = await start(pagesDir, dataDir);

    // Pages answer, each checked on its own; an address no file claims is the 404 page.
    const home = await fetch(admin.url('/'));
    expect(home.status).toBe(200);
    expect(await (await fetch(admin.url('/generated-7'))).text()).toContain('<title>Credit Linked Capital Subsidy Scheme (CLCSS)');
    expect((await fetch(admin.url('/mr/generated-7'))).status).toBe(200);
    expect((await fetch(admin.url('/generated-99999'))).status).toBe(404);
    expect((await status(cookie)).checking).toBe(true);

    // While the check runs: the sitemap (which lists each page's dates) and two publishes are asked for.
    const sitemap = fetch(admin.url('/sitemap.xml')).then((response) => response.text());
    const publishes = Object.entries(revisions).map(([file, basedOn]) =>
      admin.post<{ problems?: { file: string; message: string }[] }>(page(file, '/publish'), { basedOn }, cookie),
    );
    const [broken, renamed] = await Promise.all(publishes);
    expect(broken!.status).toBe(400);
    expect(broken!.json.problems).toContainEqual(
      expect.objectContaining({ file: 'agroprocessing.yaml', message: expect.stringContaining('links to /nowhere-at-all') as string }),
    );
    expect(renamed!.status).toBe(200);
    expect(await (await fetch(admin.url('/clcss'))).text()).toContain('<title>CLCSS, published while the site was checked');
    const listed = await sitemap;
    expect(listed).toContain('/generated-7</loc>');
    expect(listed).toContain('/mr/generated-7</loc>');

    // In the log: the pages answered before the check was done; the publishes and the sitemap after it.
    const checked = lineOf(CHECKED);
    expect(checked).toBeGreaterThan(-1);
    expect(server.output[checked]).toContain('"errors":0');
    for (const pathname of ['/', '/generated-7', '/mr/generated-7']) expect(requestLine('GET', pathname)).toBeLessThan(checked);
    for (const file of Object.keys(revisions)) expect(requestLine('POST', page(file, '/publish'))).toBeGreaterThan(checked);
    expect(requestLine('GET', '/sitemap.xml')).toBeGreaterThan(checked);
    expect(await status(cookie)).toEqual({ checking: false, problem: null });
    // What the check learnt is kept for the next start.
    expect(existsSync(cache)).toBe(true);
    await server.stop();
  }, 300_000);
});

describe('a deploy that fails the check itself', () => {
  test('starts and serves, and once the whole site is checked names the problem in the log and on the status', async () => {
    const pagesDir = deployedCopy(folders);
    writeFileSync(path.join(pagesDir, 'agroprocessing.yaml'), BROKEN_LINK);
    const cookie = await start(pagesDir);
    expect((await fetch(admin.url('/'))).status).toBe(200);
    await expect.poll(async () => (await status(cookie)).checking, { timeout: 120_000 }).toBe(false);
    const { problem } = await status(cookie);
    expect(problem?.servedAsIs).toBe(true);
    expect(problem?.problems).toContainEqual(
      expect.objectContaining({ file: 'agroprocessing.yaml', message: expect.stringContaining('links to /nowhere-at-all') as string }),
    );
    expect(server.output.join('\n')).toContain('no earlier content here did; it is served as it is until the problems are fixed');
    const served = await fetch(admin.url('/agroprocessing'));
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Nowhere');
  }, 180_000);
});
