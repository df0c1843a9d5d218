import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { useOwnerSites } from '../helpers/ownerSite';
import { ROOT } from '../helpers/server';

const site = useOwnerSites();
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;

/** A page's draft of about `length` characters, nearly all of them keys of one section: what the yaml library's own check of keys took seconds over. */
function keysDraft(length: number): string {
  const lines = ['title: A draft of many keys', 'keys:'];
  let size = lines.join('\n').length;
  for (let key = 0; size < length - 20; key += 1) {
    const line = `  key${key}: a value`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe('1. no editor’s draft can stall the server', () => {
  test('three large drafts stored: a public page asked for after Pages, Pictures and a translation’s check is answered before them', async () => {
    // The check's own time limit is not what is tested: on a busy machine a draft's check may take longer than the 10 s it has.
    const { admin } = await site({ CONTENT_CHECK_SECONDS: '120' });
    const cookie = (await admin.logIn('owner', 'owner pass phrase')).cookie;
    const drafts = [
      { file: 'many-keys.yaml', source: keysDraft(120_000) },
      { file: 'more-keys.yaml', source: keysDraft(199_000) },
      // The English companion a translation's check stamps the translation against.
      { file: 'clcss.yaml', source: keysDraft(120_000) },
    ];
    const revisions = new Map<string, string>();
    for (const { file, source } of drafts) {
      const basedOn =
        file === 'clcss.yaml'
          ? '0'
          : (await admin.post<{ draft: { revision: string } }>('/admin/api/pages', { file, template: 'clcss.yaml' }, cookie)).json.draft
              .revision;
      const saved = await admin.request<{ revision: string; problems: { line: number; message: string }[] }>('PUT', page(file, '/draft'), {
        cookie,
        body: { source, basedOn },
      });
      expect(saved.status).toBe(200);
      revisions.set(file, saved.json.revision);
      // Its check (in the check's thread) names the section past the limit of keys.
      expect(saved.json.problems).toContainEqual(
        expect.objectContaining({ line: 2003, message: expect.stringContaining('2,000 keys') as string }),
      );
    }
    const marathi = readFileSync(path.join(ROOT, 'pages-data/mr/clcss.yaml'), 'utf8');
    // Drawn once already, as a page visitors ask for is: what is measured is the wait, not the drawing.
    expect((await fetch(admin.url('/fees'))).status).toBe(200);

    const began = performance.now();
    const answered: string[] = [];
    const timed = async (name: string, asked: Promise<{ status: number }>) => {
      const { status } = await asked;
      answered.push(name);
      return { name, status, ms: Math.round(performance.now() - began) };
    };
    const slow = [
      timed('Pages', admin.get('/admin/api/pages', cookie)),
      timed('Pictures', admin.get('/admin/api/pictures', cookie)),
      timed(
        'translation check',
        admin.post('/admin/api/content/check', { file: 'mr/clcss.yaml', source: marathi, companions: ['clcss.yaml'] }, cookie),
      ),
    ];
    // The three are on their way before the visitor asks.
    await delay(100);
    const visitor = await timed('public page', fetch(admin.url('/fees')));
    const times = [visitor, ...(await Promise.all(slow))];
    console.log(`draft stall: ${times.map(({ name, status, ms }) => `${name} ${status} at ${ms} ms`).join(', ')}`);
    expect(times.map(({ status }) => status)).toEqual([200, 200, 200, 200]);
    expect(answered[0]).toBe('public page');

    // Each can be thrown away; the new pages leave the list, and clcss.yaml is its live self again.
    for (const [file, basedOn] of revisions)
      expect((await admin.request('DELETE', page(file, '/draft'), { cookie, body: { basedOn } })).status).toBe(200);
    const listed = await admin.get<{ items: { file: string; draft: boolean }[] }>('/admin/api/pages', cookie);
    expect(listed.json.items.filter((item) => item.draft)).toEqual([]);
    expect(listed.json.items.map((item) => item.file)).not.toContain('many-keys.yaml');
  }, 240_000);
});
