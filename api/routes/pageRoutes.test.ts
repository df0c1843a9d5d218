import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { checkContent, type Problem } from '../../src/content/checkContent';
import { diskFolder, withFile, withFiles } from '../../src/content/contentFolder';
import { planPublish } from '../../src/content/planChange';
import { changesOf } from '../../src/shared/changeSet';
import { formatProblem } from '../../src/content/formatProblems';
import { CLCSS, page, PAGES, SLOW, usePageApi } from '../../tests/helpers/pageApi';

const { apiApp, signedIn } = usePageApi();
/** The content check's broken fixtures, each one fault whose report the fixture's first line gives. */
const BROKEN = new URL('../../tests/content/broken', import.meta.url).pathname;
const BROKEN_FIXTURES = readdirSync(BROKEN).filter((name) => name.endsWith('.yaml'));

describe('who may use the page editor', SLOW, () => {
  test('staff are refused the pages, editors the enquiries, and owners have both', async () => {
    const app = await apiApp();
    for (const role of ['owner', 'staff', 'editor'] as const) await app.account(role, role);
    const owner = await app.logIn('owner');
    const staff = await app.logIn('staff');
    const editor = await app.logIn('editor');
    expect(await app.call('GET', PAGES, { cookie: staff })).toMatchObject({
      status: 403,
      json: { message: 'Only owners and editors can change the pages. Ask an owner if you need an editor account.' },
    });
    expect((await app.call('PUT', page('clcss.yaml', '/draft'), { cookie: staff, body: { source: 'x', basedOn: '0' } })).status).toBe(403);
    for (const path of ['/admin/api/enquiries', '/admin/api/stats', '/admin/api/privacy-requests', '/fetchcontactusdata']) {
      expect(await app.call('GET', path, { cookie: editor })).toMatchObject({
        status: 403,
        json: { message: 'An editor account works on the pages only; enquiries and privacy requests are for owners and staff.' },
      });
    }
    expect((await app.call('GET', '/admin/api/accounts', { cookie: editor })).status).toBe(403);
    expect((await app.call('GET', PAGES, { cookie: owner })).status).toBe(200);
    expect((await app.call('GET', '/admin/api/enquiries', { cookie: owner })).status).toBe(200);
    expect(
      (
        await app.call('POST', '/admin/api/accounts', {
          cookie: owner,
          body: { username: 'lekha', password: 'lekha first pass', role: 'editor' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('the list of content files', SLOW, () => {
  test('every page in every language and every site file, with its address, title and language', async () => {
    const { call, cookie } = await signedIn();
    const { items } = (await call('GET', PAGES, { cookie })).json as { items: Record<string, unknown>[] };
    const byFile = new Map(items.map((item) => [String(item['file']), item]));
    expect(byFile.get('clcss.yaml')).toEqual({
      file: 'clcss.yaml',
      route: '/clcss',
      language: 'en',
      title: 'Credit Linked Capital Subsidy Scheme (CLCSS)',
      draft: false,
      problems: 0,
      stale: false,
      untranslated: false,
      deployChanged: false,
      sourcesDue: false,
      updatedAt: null,
      updatedBy: null,
    });
    expect(byFile.get('mr/clcss.yaml')).toMatchObject({ route: '/mr/clcss', language: 'mr' });
    expect(byFile.get('index.yaml')).toMatchObject({ route: '/' });
    expect(byFile.get('hi/index.yaml')).toMatchObject({ route: '/hi' });
    expect(byFile.get('_site.yaml')).toMatchObject({ route: null, title: 'Firm details, menu and footer' });
    expect(byFile.has('hi/_ui.yaml')).toBe(true);
    expect([...byFile.keys()].some((file) => file.startsWith('images/'))).toBe(false);
  });
});

describe('drafts, checks and publishing', SLOW, () => {
  test('a draft names its line and column as the content check does, publishing waits for a clean check, then the page is live', async () => {
    const { call, cookie, site, store } = await signedIn();
    const opened = await call('GET', page('clcss.yaml'), { cookie });
    expect(opened.json).toEqual({
      file: 'clcss.yaml',
      published: { source: CLCSS, revision: '0' },
      draft: null,
      head: '0',
      page: true,
      translates: null,
      deployChanged: null,
      companions: [],
      review: { owners: null, submission: null },
    });

    const broken = CLCSS.replace(/^updated: .*\n/m, (line) => `${line}colour: blue\n`);
    const saved = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: broken, basedOn: '0' } });
    expect(saved.status).toBe(200);
    const expected = checkContent(withFile(diskFolder('pages-data', 'pages-data'), 'clcss.yaml', broken)).problems;
    // (An English page that exists already: publishing it changes nothing else, so the plan is the file alone.)
    expect(saved.json.problems).toEqual(expected);
    expect(saved.json.problems).toContainEqual(expect.objectContaining({ file: 'clcss.yaml', line: 5, col: 1, severity: 'error' }));
    const revision = saved.json.revision as string;

    const refused = await call('POST', page('clcss.yaml', '/publish'), { cookie, body: { basedOn: revision } });
    expect(refused.status).toBe(400);
    expect(refused.json.problems).toContainEqual(expect.objectContaining({ file: 'clcss.yaml', line: 5, col: 1 }));

    const fixed = CLCSS.replace('title: Credit Linked Capital Subsidy Scheme (CLCSS)\n', 'title: CLCSS, for the record\n');
    const again = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: fixed, basedOn: revision } });
    const live = await call('POST', page('clcss.yaml', '/publish'), {
      cookie,
      body: { basedOn: again.json.revision, note: 'Shorter title' },
    });
    expect(live.status).toBe(200);
    expect((await site.content.payload('/clcss')).payload.page.title).toBe('CLCSS, for the record');

    const history = await call('GET', page('clcss.yaml', '/revisions'), { cookie });
    expect(history.json.items).toEqual([
      { revision: live.json.revision, at: expect.any(String) as string, by: 'editor', note: 'Shorter title', removed: false },
      { revision: '0', at: null, by: null, note: 'As deployed', removed: false },
    ]);
    expect((await call('GET', page('clcss.yaml', '/revisions/0'), { cookie })).json).toEqual({ source: CLCSS });
    // The server never writes into the deploy's folder: the deploy's version stays revision 0.
    expect(readFileSync('pages-data/clcss.yaml', 'utf8')).toBe(CLCSS);
    const audit = (await store.audit.list({ limit: 10 })).items.filter((entry) => entry.action.startsWith('page-'));
    expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([
      ['page-publish', `clcss.yaml commit ${live.json.commit as string} revision ${live.json.revision as string}`],
      ['page-save', `clcss.yaml revision ${again.json.revision as string}`],
      ['page-save', `clcss.yaml revision ${revision}`],
    ]);
  });

  test('two editors saving from the same revision: the second is told what the first saved, and nothing is overwritten', async () => {
    const { call, cookie } = await signedIn();
    const first = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: `${CLCSS}# one\n`, basedOn: '0' } });
    const second = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: `${CLCSS}# two\n`, basedOn: '0' } });
    expect(second.status).toBe(409);
    expect(second.json.current).toEqual({ file: 'clcss.yaml', source: `${CLCSS}# one\n`, revision: first.json.revision, draft: true });
    expect((await call('GET', page('clcss.yaml'), { cookie })).json.draft).toMatchObject({ source: `${CLCSS}# one\n` });
    expect((await call('POST', page('clcss.yaml', '/publish'), { cookie, body: { basedOn: '0' } })).status).toBe(409);
  });

  test('a rollback publishes the old bytes again as a new revision', async () => {
    const { call, cookie, site } = await signedIn();
    const changed = CLCSS.replace('title: Credit Linked Capital Subsidy Scheme (CLCSS)\n', 'title: Changed for a moment\n');
    const draft = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: changed, basedOn: '0' } });
    const one = await call('POST', page('clcss.yaml', '/publish'), { cookie, body: { basedOn: draft.json.revision } });
    const back = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: CLCSS, basedOn: one.json.revision } });
    const two = await call('POST', page('clcss.yaml', '/publish'), { cookie, body: { basedOn: back.json.revision } });
    const rollback = await call('POST', page('clcss.yaml', '/rollback'), { cookie, body: { revision: one.json.revision } });
    expect(rollback.status).toBe(200);
    expect(Number(rollback.json.revision)).toBeGreaterThan(Number(two.json.revision));
    expect((await call('GET', page('clcss.yaml', `/revisions/${rollback.json.revision as string}`), { cookie })).json).toEqual({
      source: changed,
    });
    expect((await site.content.payload('/clcss')).payload.page.title).toBe('Changed for a moment');
    expect((await call('POST', page('clcss.yaml', '/rollback'), { cookie, body: { revision: '999999' } })).status).toBe(404);
  });

  test('a menu entry reaches every language at once: the site file is published together with its translations', async () => {
    const { call, cookie, site } = await signedIn();
    const read = (file: string) => readFileSync(path.join('pages-data', file), 'utf8');
    const entry = (label: string) => `  - label: ${label}\n    to: /privacy\n`;
    const withEntry = (file: string, after: string, label: string) => read(file).replace(after, `${after}${entry(label)}`);
    const english = withEntry('_site.yaml', '    to: /contactus\n', 'Privacy');
    const drafts = new Map<string, string>();
    for (const [file, text] of [
      ['_site.yaml', english],
      ['mr/_site.yaml', withEntry('mr/_site.yaml', '    to: /contactus\n', 'गोपनीयता')],
      ['hi/_site.yaml', withEntry('hi/_site.yaml', '    to: /contactus\n', 'गोपनीयता')],
    ] as const) {
      const saved = await call('PUT', page(file, '/draft'), { cookie, body: { source: text, basedOn: '0' } });
      drafts.set(file, saved.json.revision as string);
    }

    const opened = await call('GET', page('_site.yaml'), { cookie });
    expect(opened.json.companions).toEqual(
      ['hi/_site.yaml', 'mr/_site.yaml'].map((file) => ({
        file,
        revision: drafts.get(file),
        at: expect.any(String) as string,
        by: 'editor',
      })),
    );
    // Alone, the English menu no longer matches the translations' menus.
    const alone = await call('POST', '/admin/api/content/check', { cookie, body: { file: '_site.yaml', source: english } });
    expect(alone.json.problems).toContainEqual(expect.objectContaining({ file: 'mr/_site.yaml', severity: 'error' }));
    const refused = await call('POST', page('_site.yaml', '/publish'), { cookie, body: { basedOn: drafts.get('_site.yaml') } });
    expect(refused.status).toBe(400);

    const companions = ['mr/_site.yaml', 'hi/_site.yaml'];
    const checked = await call('POST', '/admin/api/content/check', {
      cookie,
      body: { file: '_site.yaml', source: english, companions },
    });
    expect(checked.json.problems).not.toContainEqual(expect.objectContaining({ severity: 'error' }));
    expect(
      (
        await call('POST', '/admin/api/content/check', {
          cookie,
          body: { file: '_site.yaml', source: english, companions: ['mr/clcss.yaml'] },
        })
      ).json,
    ).toEqual({
      message: 'mr/clcss.yaml has no draft to publish with _site.yaml: only a draft of the same file in another language can go with it.',
    });
    const stale = await call('POST', page('_site.yaml', '/publish'), {
      cookie,
      body: { basedOn: drafts.get('_site.yaml'), companions: [{ file: 'mr/_site.yaml', basedOn: '0' }] },
    });
    expect(stale).toMatchObject({
      status: 409,
      json: { message: 'mr/_site.yaml has been changed since you opened this file: reload to see its newest draft, then publish again.' },
    });

    const live = await call('POST', page('_site.yaml', '/publish'), {
      cookie,
      body: { basedOn: drafts.get('_site.yaml'), companions: companions.map((file) => ({ file, basedOn: drafts.get(file) })) },
    });
    expect(live.status).toBe(200);
    expect(live.json.files).toEqual(['_site.yaml', ...companions]);
    const { content } = site.content;
    expect(content.site?.nav.at(-1)).toEqual({ label: 'Privacy', to: '/privacy' });
    for (const file of companions) {
      expect((await call('GET', page(file), { cookie })).json).toMatchObject({
        draft: null,
        published: { source: content.folder.read(file) },
      });
      expect(content.folder.read(file)).toContain(entry('गोपनीयता'));
    }
  });

  test('publishing a translation stamps it as made from the English now live: no longer stale, and only its source line differs', async () => {
    const { call, cookie } = await signedIn();
    const listed = async (file: string) =>
      ((await call('GET', PAGES, { cookie })).json.items as { file: string; stale: boolean }[]).find((item) => item.file === file);
    const english = CLCSS.replace(/^title: .*$/m, 'title: Credit Linked Capital Subsidy, explained');
    const draft = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: english, basedOn: '0' } });
    expect((await call('POST', page('clcss.yaml', '/publish'), { cookie, body: { basedOn: draft.json.revision } })).status).toBe(200);
    expect(await listed('mr/clcss.yaml')).toMatchObject({ stale: true });

    // The English the translation was made from is found by its stamp, beside the English now.
    expect((await call('GET', page('mr/clcss.yaml', '/english'), { cookie })).json).toEqual({
      english: 'clcss.yaml',
      now: english,
      then: CLCSS,
    });
    expect((await call('GET', page('_site.yaml', '/english'), { cookie })).status).toBe(404);

    const marathi = readFileSync('pages-data/mr/clcss.yaml', 'utf8');
    const saved = await call('PUT', page('mr/clcss.yaml', '/draft'), { cookie, body: { source: marathi, basedOn: '0' } });
    expect((await call('POST', page('mr/clcss.yaml', '/publish'), { cookie, body: { basedOn: saved.json.revision } })).status).toBe(200);
    expect(await listed('mr/clcss.yaml')).toMatchObject({ stale: false });
    const live = (await call('GET', page('mr/clcss.yaml'), { cookie })).json.published as { source: string };
    const changed = live.source.split('\n').filter((line, index) => line !== marathi.split('\n')[index]);
    expect(changed).toEqual([expect.stringMatching(/^source: \S+$/)]);
    expect((await call('GET', page('mr/clcss.yaml', '/english'), { cookie })).json).toMatchObject({ now: english, then: english });
  });

  test('POST content/check answers as the content check does for the site with that file in place', async () => {
    const { call, cookie } = await signedIn();
    const source = 'title: x\n';
    const answer = await call('POST', '/admin/api/content/check', { cookie, body: { file: 'mr/clcss.yaml', source } });
    expect(answer.json.problems).toEqual(checkContent(withFile(diskFolder('pages-data', 'pages-data'), 'mr/clcss.yaml', source)).problems);
    expect((await call('POST', '/admin/api/content/check', { cookie, body: { file: '../etc/passwd', source } })).status).toBe(400);
  });

  test('a translation checked with an English draft that does not parse: 200, and the English file’s problems', async () => {
    const { call, cookie } = await signedIn();
    const saved = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: 'title: [unclosed\n', basedOn: '0' } });
    expect(saved.status).toBe(200);
    const source = readFileSync('pages-data/mr/clcss.yaml', 'utf8');
    const answer = await call('POST', '/admin/api/content/check', {
      cookie,
      body: { file: 'mr/clcss.yaml', source, companions: ['clcss.yaml'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.problems).toContainEqual(expect.objectContaining({ file: 'clcss.yaml', path: 'YAML syntax', severity: 'error' }));
  });

  test.each(BROKEN_FIXTURES)('POST content/check reports %s as npm run check:content does, at its line and column', async (name) => {
    const { call, cookie } = await signedIn();
    const source = readFileSync(path.join(BROKEN, name), 'utf8');
    const answer = await call('POST', '/admin/api/content/check', { cookie, body: { file: name, source } });
    // The site as publishing the file would make it: a new page is listed as not yet translated.
    const live = diskFolder('pages-data', 'pages-data');
    const planned = planPublish({ live, stored: () => undefined }, { path: name, text: source, basedOn: '0' });
    const report = checkContent(withFiles(live, changesOf(planned)));
    expect(answer.json.problems).toEqual(
      report.problems.map(({ file, line, col, path, message, severity }) => ({ file, line, col, path, message, severity })),
    );
    // The line the fixture promises (file:line:col  place  message), rebuilt from the API's own answer.
    const lines = (answer.json.problems as Problem[]).map((problem) => formatProblem(problem, 'pages-data'));
    expect(lines).toContain(/^# expect: (.+)$/m.exec(source)?.[1]);
  });
});

describe('new pages and removal', SLOW, () => {
  test('a new page starts from a template, goes live in English and is listed untranslated in the other languages', async () => {
    const { call, cookie, site } = await signedIn('owner');
    for (const [file, status] of [
      ['Solar.yaml', 400],
      ['admin.yaml', 400],
      ['clcss.yaml', 409],
    ] as const) {
      expect((await call('POST', PAGES, { cookie, body: { file, template: 'clcss.yaml' } })).status).toBe(status);
    }
    const started = await call('POST', PAGES, { cookie, body: { file: 'solar-rooftop.yaml', template: 'clcss.yaml' } });
    expect(started.status).toBe(201);
    expect(started.json.draft).toMatchObject({ source: CLCSS, basedOn: '0' });
    const live = await call('POST', page('solar-rooftop.yaml', '/publish'), {
      cookie,
      body: { basedOn: (started.json.draft as { revision: string }).revision },
    });
    expect(live.json.files).toEqual(['solar-rooftop.yaml', '_site.yaml']);
    expect(site.content.routes.get('/solar-rooftop')).toMatchObject({ untranslated: false });
    expect(site.content.routes.get('/mr/solar-rooftop')).toMatchObject({ untranslated: true });
    const siteFile = (await call('GET', page('_site.yaml'), { cookie })).json.published as { source: string };
    expect((parse(siteFile.source) as { untranslated: unknown }).untranslated).toEqual({ mr: ['/solar-rooftop'], hi: ['/solar-rooftop'] });

    const removed = await call('DELETE', page('solar-rooftop.yaml'), { cookie });
    expect(removed.status).toBe(200);
    expect(site.content.routes.has('/solar-rooftop')).toBe(false);
    expect(site.content.routes.has('/mr/solar-rooftop')).toBe(false);
    expect((await call('GET', page('_site.yaml'), { cookie })).json.published).toEqual({
      source: readFileSync('pages-data/_site.yaml', 'utf8'),
      revision: expect.any(String) as string,
    });
  });

  test('an untranslated page is listed in each language, and its translation starts from the English in one step', async () => {
    const { call, cookie, site } = await signedIn();
    const started = await call('POST', PAGES, { cookie, body: { file: 'solar-rooftop.yaml', template: 'clcss.yaml' } });
    const basedOn = (started.json.draft as { revision: string }).revision;
    expect((await call('POST', page('solar-rooftop.yaml', '/publish'), { cookie, body: { basedOn } })).status).toBe(200);
    const listed = async () =>
      new Map(((await call('GET', PAGES, { cookie })).json.items as { file: string }[]).map((item) => [item.file, item]));
    expect((await listed()).get('mr/solar-rooftop.yaml')).toEqual({
      file: 'mr/solar-rooftop.yaml',
      route: '/mr/solar-rooftop',
      language: 'mr',
      title: 'Credit Linked Capital Subsidy Scheme (CLCSS)',
      draft: false,
      problems: 0,
      stale: false,
      untranslated: true,
      deployChanged: false,
      sourcesDue: false,
      updatedAt: null,
      updatedBy: null,
    });

    const translation = await call('POST', PAGES, { cookie, body: { file: 'mr/solar-rooftop.yaml', template: 'solar-rooftop.yaml' } });
    expect(translation.status).toBe(201);
    const revision = (translation.json.draft as { revision: string }).revision;
    const live = await call('POST', page('mr/solar-rooftop.yaml', '/publish'), { cookie, body: { basedOn: revision } });
    expect(live.json.files).toEqual(['mr/solar-rooftop.yaml', '_site.yaml']);
    expect((await listed()).get('mr/solar-rooftop.yaml')).toMatchObject({ untranslated: false, stale: false });
    expect(site.content.routes.get('/mr/solar-rooftop')).toMatchObject({ untranslated: false });
    const siteFile = (await call('GET', page('_site.yaml'), { cookie })).json.published as { source: string };
    expect((parse(siteFile.source) as { untranslated: unknown }).untranslated).toEqual({ hi: ['/solar-rooftop'] });
  });

  test('a draft is discarded after its own revision only: a page never published leaves the list, a live one is live text again', async () => {
    const { call, cookie, store } = await signedIn();
    const listed = async () => (await call('GET', PAGES, { cookie })).json.items as { file: string; draft: boolean }[];
    const started = await call('POST', PAGES, { cookie, body: { file: 'slip-test.yaml', template: 'clcss.yaml' } });
    const revision = (started.json.draft as { revision: string }).revision;
    expect((await call('DELETE', page('slip-test.yaml', '/draft'), { cookie, body: { basedOn: '0' } })).status).toBe(409);
    const gone = await call('DELETE', page('slip-test.yaml', '/draft'), { cookie, body: { basedOn: revision } });
    expect(gone.json).toEqual({ head: '0', published: null });
    expect((await listed()).some((item) => item.file === 'slip-test.yaml')).toBe(false);
    expect((await call('GET', page('slip-test.yaml'), { cookie })).status).toBe(404);

    const saved = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: `${CLCSS}# mine\n`, basedOn: '0' } });
    const draft = String(saved.json.revision);
    expect((await listed()).find((item) => item.file === 'clcss.yaml')?.draft).toBe(true);
    expect((await call('DELETE', page('clcss.yaml', '/draft'), { cookie, body: { basedOn: draft } })).json).toEqual({
      head: '0',
      published: { source: CLCSS, revision: '0' },
    });
    expect((await listed()).find((item) => item.file === 'clcss.yaml')?.draft).toBe(false);
    expect(await call('DELETE', page('clcss.yaml', '/draft'), { cookie, body: { basedOn: '0' } })).toMatchObject({ status: 404 });
    expect((await store.audit.list({ limit: 5 })).items.map((entry) => [entry.action, entry.detail])).toContainEqual([
      'page-discard',
      'clcss.yaml back to revision 0',
    ]);
  });

  test('a page the menu links to is not removed: the answer names where', async () => {
    const { call, cookie, site } = await signedIn();
    const refused = await call('DELETE', page('clcss.yaml'), { cookie });
    expect(refused.status).toBe(400);
    expect(refused.json.problems).toContainEqual(expect.objectContaining({ file: '_site.yaml', severity: 'error' }));
    expect(site.content.routes.has('/clcss')).toBe(true);
    expect((await call('DELETE', page('_site.yaml'), { cookie })).status).toBe(400);
  });
});
