// The page routes' edges, apart from the editing they guard: odd names, files that are not YAML,
// alias bombs, the size limit and the cap on problems, all-or-nothing menu drafts, what a file says it is.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkContent, type Problem } from '../../src/content/checkContent';
import { diskFolder, withFile } from '../../src/content/contentFolder';
import { CLCSS, page, PAGES, SLOW, usePageApi } from '../../tests/helpers/pageApi';

const { signedIn } = usePageApi();

describe('names, kinds and limits', SLOW, () => {
  test('__proto__, constructor and toString are files like any other: absent, 404, never a 500', async () => {
    const { call, cookie } = await signedIn();
    for (const file of ['__proto__', 'constructor', 'toString', '__proto__.yaml', 'constructor.yaml']) {
      for (const rest of ['', '/revisions', '/revisions/1', '/english']) {
        expect((await call('GET', page(file, rest), { cookie })).status, `${file}${rest}`).toBe(404);
      }
      expect((await call('PUT', page(file, '/draft'), { cookie, body: { source: 'title: x\n', basedOn: '0' } })).status).toBe(404);
    }
  });

  test('only YAML is edited here: a picture (an SVG with a script in it, say) cannot be saved, published or removed through the page routes', async () => {
    const { call, cookie } = await signedIn();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const file of ['images/hotal-hotel.svg', 'images/new.svg', 'x.svg']) {
      expect((await call('PUT', page(file, '/draft'), { cookie, body: { source: svg, basedOn: '0' } })).status).toBe(404);
      expect((await call('GET', page(file), { cookie })).status).toBe(404);
      expect((await call('DELETE', page(file), { cookie })).status).toBe(404);
    }
    expect((await call('POST', '/admin/api/content/check', { cookie, body: { file: 'images/x.svg', source: svg } })).status).toBe(400);
  });

  test('an alias bomb is a problem at its line, not a 500, and the list of pages still loads', async () => {
    const { call, cookie } = await signedIn();
    const bomb = [
      CLCSS,
      'x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
      ...Array.from(
        { length: 30 },
        (_, i) => `x${i + 1}: &a${i + 1} [*a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}, *a${i}]`,
      ),
      '',
    ].join('\n');
    const saved = await call('PUT', page('clcss.yaml', '/draft'), { cookie, body: { source: bomb, basedOn: '0' } });
    expect(saved.status).toBe(200);
    expect(saved.json.problems).toContainEqual(
      expect.objectContaining({
        file: 'clcss.yaml',
        severity: 'error',
        message: 'uses more than 20 aliases (*name); write the text out in full instead',
      }),
    );
    const listed = await call('GET', PAGES, { cookie });
    expect(listed.status).toBe(200);
    expect((listed.json.items as { file: string; problems: number }[]).find((item) => item.file === 'clcss.yaml')).toMatchObject({
      problems: 1,
    });
  });

  test('a file past the size limit is a problem at its first line, and problems are capped per file', async () => {
    const { call, cookie } = await signedIn();
    const long = `${CLCSS}${'# a long comment\n'.repeat(12_000)}`;
    const checked = await call('POST', '/admin/api/content/check', {
      cookie,
      body: { file: 'clcss.yaml', source: long.slice(0, 200_000) },
    });
    expect(checked.status).toBe(200);
    const many = `${CLCSS}${Array.from({ length: 80 }, (_, i) => `unknown${i}: value`).join('\n')}\n`;
    const capped = await call('POST', '/admin/api/content/check', { cookie, body: { file: 'clcss.yaml', source: many } });
    const own = (capped.json.problems as Problem[]).filter((problem) => problem.file === 'clcss.yaml');
    expect(own).toHaveLength(51);
    expect(own.at(-1)).toMatchObject({ path: '(file)', message: 'has 30 more problems from here on; fix the ones above first' });
    const tooLong = checkContent(withFile(diskFolder('pages-data', 'pages-data'), 'clcss.yaml', `${CLCSS}${'#'.repeat(200_001)}`));
    expect(tooLong.problems).toContainEqual(
      expect.objectContaining({
        file: 'clcss.yaml',
        line: 1,
        col: 1,
        message: expect.stringContaining('a content file may have at most 2,00,000') as string,
      }),
    );
  });

  test('a menu change is saved in every language at once, or in none', async () => {
    const { call, cookie } = await signedIn();
    const mr = readFileSync('pages-data/mr/_site.yaml', 'utf8');
    const hi = readFileSync('pages-data/hi/_site.yaml', 'utf8');
    const first = await call('PUT', page('hi/_site.yaml', '/draft'), { cookie, body: { source: `${hi}# one\n`, basedOn: '0' } });
    const stale = await call('POST', '/admin/api/drafts', {
      cookie,
      body: {
        files: [
          { path: 'mr/_site.yaml', text: `${mr}# two\n`, basedOn: '0' },
          { path: 'hi/_site.yaml', text: `${hi}# two\n`, basedOn: '0' },
        ],
      },
    });
    expect(stale).toMatchObject({
      status: 409,
      json: {
        message: expect.stringMatching(/^hi\/_site\.yaml: Someone else changed it since you opened it\./) as string,
        current: { file: 'hi/_site.yaml', revision: first.json.revision },
      },
    });
    expect((await call('GET', page('mr/_site.yaml'), { cookie })).json.draft).toBeNull();
    const both = await call('POST', '/admin/api/drafts', {
      cookie,
      body: {
        files: [
          { path: 'mr/_site.yaml', text: `${mr}# two\n`, basedOn: '0' },
          { path: 'hi/_site.yaml', text: `${hi}# two\n`, basedOn: first.json.revision },
        ],
      },
    });
    expect(both.status).toBe(200);
    expect((both.json.drafts as { file: string }[]).map((draft) => draft.file)).toEqual(['mr/_site.yaml', 'hi/_site.yaml']);
    for (const body of [
      { files: [] },
      { files: [{ path: 'images/x.svg', text: 'x', basedOn: '0' }] },
      {
        files: [
          { path: 'mr/_site.yaml', text: 'a', basedOn: '0' },
          { path: 'mr/_site.yaml', text: 'b', basedOn: '0' },
        ],
      },
    ]) {
      expect((await call('POST', '/admin/api/drafts', { cookie, body })).status).toBe(400);
    }
  });

  test('the file says what it is: a page, a translation of an English file, or a site file', async () => {
    const { call, cookie } = await signedIn();
    expect((await call('GET', page('mr/clcss.yaml'), { cookie })).json).toMatchObject({ page: true, translates: 'clcss.yaml' });
    expect((await call('GET', page('_site.yaml'), { cookie })).json).toMatchObject({ page: false, translates: null });
    expect((await call('GET', page('mr/_site.yaml'), { cookie })).json).toMatchObject({ page: false, translates: '_site.yaml' });
    expect((await call('GET', page('mr/_forms.yaml'), { cookie })).json).toMatchObject({ page: false, translates: null });
  });
});
