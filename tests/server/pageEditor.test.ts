import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { diskFolder } from '../../src/content/contentFolder';
import { adminClient } from '../helpers/adminClient';
import { deployedCopy, removeDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const run = promisify(execFile);
const OWNER = { username: 'owner', password: 'owner pass phrase' };
const CLCSS = readFileSync(path.join(ROOT, 'pages-data/clcss.yaml'), 'utf8');
const TITLE = 'title: Credit Linked Capital Subsidy Scheme (CLCSS)\n';
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;

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
const html = async (pathname: string) => {
  const response = await fetch(admin.url(pathname));
  return { status: response.status, text: await response.text() };
};

describe('the page editor on the real server and file store', () => {
  test('a saved draft survives kill -9; published, it is served as complete HTML at once, and the checkout’s pages-data is left as it was', async () => {
    // The server's default content folder is the checkout's pages-data/: it reads it, and never writes into it.
    const pagesDir = path.join(ROOT, 'pages-data');
    let cookie = await start(pagesDir);
    const changed = CLCSS.replace(TITLE, 'title: CLCSS — what it gave\n').replace(
      'title: Credit Linked Capital Subsidy Scheme (CLCSS)\n    lead:',
      'title: CLCSS, the scheme that ended in 2020\n    lead:',
    );
    const saved = await admin.request('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: changed, basedOn: '0' } });
    expect(saved.status).toBe(200);
    await server.kill();

    cookie = await start(pagesDir, server.dataDir);
    const opened = await admin.get<{ draft: { source: string; revision: string } }>(page('clcss.yaml'), cookie);
    expect(opened.json.draft).toEqual({ source: changed, revision: saved.json.revision, basedOn: '0' });
    expect((await html('/clcss')).text).toContain('<h1');
    expect((await html('/clcss')).text).not.toContain('the scheme that ended in 2020');

    const published = await admin.post(page('clcss.yaml', '/publish'), { basedOn: saved.json.revision, note: 'Title' }, cookie);
    expect(published.status).toBe(200);
    const live = await html('/clcss');
    expect(live.text).toContain('<title>CLCSS — what it gave');
    expect(live.text).toMatch(/<h1[^>]*>CLCSS, the scheme that ended in 2020<\/h1>/);
    expect((await run('git', ['status', '--porcelain', '--', 'pages-data'], { cwd: ROOT })).stdout).toBe('');
  });

  test('a new page goes live with its sitemap entry and untranslated addresses; removed, it is gone from both', async () => {
    const pagesDir = deployedCopy(folders);
    const cookie = await start(pagesDir);
    const started = await admin.post<{ draft: { revision: string } }>(
      '/admin/api/pages',
      { file: 'solar-rooftop.yaml', template: 'clcss.yaml' },
      cookie,
    );
    const source = CLCSS.replace(TITLE, 'title: Solar rooftop loans\n');
    const saved = await admin.request('PUT', page('solar-rooftop.yaml', '/draft'), {
      cookie,
      body: { source, basedOn: started.json.draft.revision },
    });
    expect((await admin.post(page('solar-rooftop.yaml', '/publish'), { basedOn: saved.json.revision }, cookie)).status).toBe(200);
    expect((await html('/solar-rooftop')).text).toContain('<title>Solar rooftop loans');
    expect((await html('/mr/solar-rooftop')).status).toBe(200);
    expect((await html('/sitemap.xml')).text).toContain('/solar-rooftop</loc>');
    const siteFile = await admin.get<{ published: { source: string } }>(page('_site.yaml'), cookie);
    expect(siteFile.json.published.source).toContain('untranslated:\n  mr: [/solar-rooftop]\n  hi: [/solar-rooftop]\n');

    expect((await admin.del(page('solar-rooftop.yaml'), cookie)).status).toBe(200);
    expect((await html('/solar-rooftop')).status).toBe(404);
    expect((await html('/mr/solar-rooftop')).status).toBe(404);
    expect((await html('/sitemap.xml')).text).not.toContain('/solar-rooftop</loc>');
    const siteAgain = await admin.get<{ published: { source: string } }>(page('_site.yaml'), cookie);
    expect(siteAgain.json.published.source).toBe(readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8'));
    // The deploy's folder is the deploy's: nothing the editors did is written into it.
    expect(
      diskFolder(pagesDir).files.every((file) => diskFolder(pagesDir).read(file) === diskFolder(path.join(ROOT, 'pages-data')).read(file)),
    ).toBe(true);
  });

  test('a deploy never discards a publish: an untouched file keeps the editor’s version, a changed one is flagged to reconcile', async () => {
    const first = deployedCopy(folders);
    let cookie = await start(first);
    const edited = `${CLCSS}# edited in the editor\n`;
    const saved = await admin.request('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: edited, basedOn: '0' } });
    await admin.post(page('clcss.yaml', '/publish'), { basedOn: saved.json.revision }, cookie);
    await server.stop();

    // A deploy that did not touch clcss.yaml puts the repository's version back on disk.
    const untouched = deployedCopy(folders);
    cookie = await start(untouched, server.dataDir);
    expect((await admin.get<{ published: { source: string } }>(page('clcss.yaml'), cookie)).json.published.source).toBe(edited);
    expect((await admin.get<{ items: { file: string; deployChanged: boolean }[] }>('/admin/api/pages', cookie)).json.items).toContainEqual(
      expect.objectContaining({ file: 'clcss.yaml', deployChanged: false }),
    );
    await server.stop();

    // A deploy that changed it too.
    const changed = deployedCopy(folders);
    writeFileSync(path.join(changed, 'clcss.yaml'), `${CLCSS}# changed by a developer\n`);
    cookie = await start(changed, server.dataDir);
    expect(server.output.some((line) => line.includes('reconciled') && line.includes('clcss.yaml'))).toBe(true);
    const opened = await admin.get<{ published: { source: string }; deployChanged: { deployed: string } }>(page('clcss.yaml'), cookie);
    expect(opened.json.published.source).toBe(edited);
    expect(opened.json.deployChanged).toEqual({ deployed: `${CLCSS}# changed by a developer\n` });
    await server.stop();

    const exported = mkdtempSync(path.join(os.tmpdir(), 'pages-export-'));
    folders.push(exported);
    const { stdout } = await run('npm', ['run', '-s', 'content:export', '--', exported], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, PAGES_DIR: changed },
    });
    expect(stdout).toContain('To reconcile');
    expect(readFileSync(path.join(exported, 'clcss.yaml'), 'utf8')).toBe(edited);
    expect(readFileSync(path.join(exported, 'mr/clcss.yaml'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'pages-data/mr/clcss.yaml'), 'utf8'),
    );
  });
});
