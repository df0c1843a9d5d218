import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';

const apiApp = useApiApp({}, undefined);
const read = (file: string) => readFileSync(new URL(`../../pages-data/${file}`, import.meta.url), 'utf8');
const SITE = read('_site.yaml');
const DESK = read('_desk.yaml');
const PHONE = 'phone: +91 90110 22334';
const NEW_PHONE = 'phone: +91 90110 22999';
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;
const REVIEW = '/admin/api/submissions';
// Each publish checks the whole real site; on a busy machine that is seconds.
const SLOW = { timeout: 60_000 };

/** An owner and an editor, each signed in. */
async function team() {
  const app = await apiApp();
  await app.account('asha', 'owner');
  await app.account('lekha', 'editor');
  return { ...app, owner: await app.logIn('asha'), editor: await app.logIn('lekha') };
}

type Team = Awaited<ReturnType<typeof team>>;

/** Saves `text` as the file's draft and publishes it, as `cookie`. */
async function publish({ call }: Team, cookie: string, file: string, text: string, note?: string) {
  const head = (await call('GET', page(file), { cookie })).json.head as string;
  const saved = await call('PUT', page(file, '/draft'), { cookie, body: { source: text, basedOn: head } });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return call('POST', page(file, '/publish'), { cookie, body: { basedOn: saved.json.revision, ...(note && { note }) } });
}

const servedPhone = ({ site }: Team) => site.content.siteData('en').site.phone;

describe('an editor’s change to what speaks for the firm waits for an owner', SLOW, () => {
  test('an editor’s change to the firm’s phone is held for review, not served, until an owner publishes it', async () => {
    const app = await team();
    const { call, owner, editor, store } = app;
    const text = SITE.replace(PHONE, NEW_PHONE);
    const held = await publish(app, editor, '_site.yaml', text, 'New office line');
    expect(held.status).toBe(202);
    expect(held.json).toEqual({
      message:
        'Sent to an owner for review, because it changes what speaks for the firm: phone in _site.yaml. Visitors see the change once an owner publishes it.',
      submission: expect.any(String) as string,
      files: ['_site.yaml'],
      owners: [{ file: '_site.yaml', keys: ['phone'] }],
    });
    expect(servedPhone(app)).toBe('+91 90110 22334');
    const opened = (await call('GET', page('_site.yaml'), { cookie: editor })).json;
    expect(opened.published).toEqual({ source: SITE, revision: '0' });
    expect(opened.draft).toMatchObject({ source: text });
    expect(opened.review).toEqual({
      owners: 'details',
      submission: { id: held.json.submission, status: 'waiting', at: expect.any(String) as string, by: 'lekha', returned: null },
    });

    // An editor cannot see or decide on the list.
    const id = held.json.submission as string;
    for (const [method, path] of [
      ['GET', REVIEW],
      ['GET', `${REVIEW}/${id}`],
      ['POST', `${REVIEW}/${id}/publish`],
      ['POST', `${REVIEW}/${id}/return`],
    ] as const)
      expect(await call(method, path, { cookie: editor, body: { note: 'mine' } }), `${method} ${path}`).toMatchObject({
        status: 403,
        json: { message: 'Only an owner can publish or send back an editor’s change. Ask an owner of this account if it needs doing.' },
      });
    expect(servedPhone(app)).toBe('+91 90110 22334');

    // The owner sees it waiting, the live text beside the one submitted, and publishes it as it was sent.
    const list = await call('GET', REVIEW, { cookie: owner });
    expect(list.json.items).toEqual([
      {
        id,
        file: '_site.yaml',
        files: ['_site.yaml'],
        note: 'New office line',
        at: expect.any(String) as string,
        by: 'lekha',
      },
    ]);
    expect((await call('GET', `${REVIEW}/${id}`, { cookie: owner })).json).toMatchObject({
      owners: [{ file: '_site.yaml', keys: ['phone'] }],
      status: 'waiting',
      changes: [{ file: '_site.yaml', live: SITE, submitted: text, moved: false }],
      decided: null,
    });
    const published = await call('POST', `${REVIEW}/${id}/publish`, { cookie: owner, body: {} });
    expect(published.status).toBe(200);
    expect(published.json.files).toEqual(['_site.yaml']);
    expect(servedPhone(app)).toBe('+91 90110 22999');
    const after = (await call('GET', page('_site.yaml'), { cookie: editor })).json;
    expect(after.published).toEqual({ source: text, revision: published.json.revision });
    expect(after.draft).toBeNull();
    expect(after.review).toEqual({ owners: 'details', submission: null });
    expect((await call('GET', REVIEW, { cookie: owner })).json.items).toEqual([]);
    expect((await call('GET', `${REVIEW}/${id}`, { cookie: owner })).json).toMatchObject({ status: 'published', changes: null });
    expect((await call('POST', `${REVIEW}/${id}/publish`, { cookie: owner, body: {} })).status).toBe(409);

    // Both steps are audited by file, never by text.
    const audit = (await store.audit.list({ limit: 20 })).items.filter((entry) => entry.action.startsWith('page-'));
    expect(audit.slice(0, 2).map((entry) => [entry.account, entry.action, entry.detail])).toEqual([
      [
        'asha',
        'page-review-publish',
        `submission ${id} by lekha: _site.yaml commit ${published.json.commit as string} revision ${published.json.revision as string}`,
      ],
      ['lekha', 'page-submit', `_site.yaml submission ${id}`],
    ]);
    expect(JSON.stringify(audit)).not.toContain('22999');
  });

  test('the menu stays the editor’s to publish, and an owner publishes the firm’s details directly', async () => {
    const app = await team();
    const menu = SITE.replace('  - label: Career\n', '  - label: Jobs\n');
    expect((await publish(app, app.editor, '_site.yaml', menu)).status).toBe(200);
    const direct = await publish(app, app.owner, '_site.yaml', menu.replace(PHONE, NEW_PHONE));
    expect(direct.status).toBe(200);
    expect(servedPhone(app)).toBe('+91 90110 22999');
    expect((await app.call('GET', REVIEW, { cookie: app.owner })).json.items).toEqual([]);
  });

  test('sent back with a note, the editor sees it on the file; publishing again sends the new version, which replaces nothing else', async () => {
    const app = await team();
    const { call, owner, editor } = app;
    const scam = DESK.replace('label: Sanctioned', 'label: Pay the processing fee to UPI scam@upi');
    const held = await publish(app, editor, '_desk.yaml', scam);
    expect(held.json.owners).toEqual([{ file: '_desk.yaml', keys: ['statuses'] }]);
    const id = held.json.submission as string;
    const returnTo = `${REVIEW}/${id}/return`;
    expect(await call('POST', returnTo, { cookie: owner, body: { note: '   ' } })).toMatchObject({
      status: 400,
      json: { errors: { note: 'Write a note for the editor' } },
    });
    expect((await call('POST', returnTo, { cookie: owner, body: { note: 'x', more: 1 } })).status).toBe(400);
    expect((await call('POST', returnTo, { cookie: owner, body: { note: 'x'.repeat(501) } })).json.errors).toEqual({
      note: 'A note must be 500 characters or fewer',
    });
    expect((await call('POST', returnTo, { cookie: owner, body: { note: 'x'.repeat(20_000) } })).status).toBe(413);
    expect(
      (await call('POST', returnTo, { cookie: owner, body: { note: 'x' }, headers: { Origin: 'https://elsewhere.example' } })).status,
    ).toBe(403);
    expect((await call('POST', `${REVIEW}/999/return`, { cookie: owner, body: { note: 'x' } })).status).toBe(404);
    expect((await call('GET', `${REVIEW}/not-a-number`, { cookie: owner })).status).toBe(404);
    const returned = await call('POST', returnTo, { cookie: owner, body: { note: 'We never ask for fees on WhatsApp.' } });
    expect(returned).toMatchObject({ status: 200, json: { status: 'returned' } });
    expect((await call('POST', returnTo, { cookie: owner, body: { note: 'again' } })).status).toBe(409);
    expect((await call('POST', `${REVIEW}/${id}/publish`, { cookie: owner, body: {} })).status).toBe(409);

    const opened = (await call('GET', page('_desk.yaml'), { cookie: editor })).json;
    expect(opened.draft).toMatchObject({ source: scam });
    expect(opened.review).toEqual({
      owners: 'file',
      submission: {
        id,
        status: 'returned',
        at: expect.any(String) as string,
        by: 'lekha',
        returned: { at: expect.any(String) as string, by: 'asha', note: 'We never ask for fees on WhatsApp.' },
      },
    });
    expect(app.site.content.adminData().desk.statuses.map((status) => status.label)).toContain('Sanctioned');

    const fixed = await publish(app, editor, '_desk.yaml', DESK.replace('label: Sanctioned', 'label: Loan sanctioned'));
    expect(fixed.status).toBe(202);
    const ui = await publish(app, editor, '_ui.yaml', read('_ui.yaml').replace('menu: Menu', 'menu: Open the menu'));
    expect(ui.status).toBe(202);
    expect(((await call('GET', REVIEW, { cookie: owner })).json.items as { id: string }[]).map((item) => item.id)).toEqual([
      fixed.json.submission,
      ui.json.submission,
    ]);
    expect((await call('GET', page('_desk.yaml'), { cookie: editor })).json.review).toMatchObject({
      submission: { id: fixed.json.submission, status: 'waiting', returned: null },
    });
  });

  test('a file that moved on after it was submitted: the owner is told, nothing is published, and the change keeps waiting', async () => {
    const app = await team();
    const { call, owner, editor } = app;
    const held = await publish(app, editor, '_ui.yaml', read('_ui.yaml').replace('menu: Menu', 'menu: Open the menu'));
    const id = held.json.submission as string;
    // Someone edits the draft further without publishing it.
    const head = (await call('GET', page('_ui.yaml'), { cookie: owner })).json.head as string;
    const draft = read('_ui.yaml').replace('menu: Menu', 'menu: The menu');
    expect((await call('PUT', page('_ui.yaml', '/draft'), { cookie: owner, body: { source: draft, basedOn: head } })).status).toBe(200);
    expect((await call('GET', `${REVIEW}/${id}`, { cookie: owner })).json.changes).toEqual([
      expect.objectContaining({ file: '_ui.yaml', moved: true }),
    ]);
    expect(await call('POST', `${REVIEW}/${id}/publish`, { cookie: owner, body: {} })).toMatchObject({
      status: 409,
      json: {
        message:
          '_ui.yaml has changed since this was submitted, so it cannot be published as it is. Send it back, so the editor brings it up to date and publishes it again.',
        moved: '_ui.yaml',
      },
    });
    expect(app.site.content.siteData('en').words.ui.shell.menu).toBe('Menu');
    expect((await call('GET', REVIEW, { cookie: owner })).json.items).toHaveLength(1);
  });

  test('an owner who publishes the file directly replaces the change waiting, which the editor no longer sees as waiting', async () => {
    const app = await team();
    const { call, owner, editor } = app;
    const held = await publish(app, editor, '_site.yaml', SITE.replace(PHONE, NEW_PHONE));
    expect(held.status).toBe(202);
    // The owner opens _site.yaml, sees the editor's draft, and publishes it from the editor.
    const opened = (await call('GET', page('_site.yaml'), { cookie: owner })).json as { head: string };
    expect((await call('POST', page('_site.yaml', '/publish'), { cookie: owner, body: { basedOn: opened.head } })).status).toBe(200);
    expect(servedPhone(app)).toBe('+91 90110 22999');
    expect((await call('GET', REVIEW, { cookie: owner })).json.items).toEqual([]);
    expect((await call('GET', `${REVIEW}/${held.json.submission as string}`, { cookie: owner })).json).toMatchObject({
      status: 'replaced',
    });
    expect((await call('GET', page('_site.yaml'), { cookie: editor })).json.review).toEqual({ owners: 'details', submission: null });
  });

  test('an editor’s rollback of the firm’s details waits for an owner too', async () => {
    const app = await team();
    expect((await publish(app, app.owner, '_site.yaml', SITE.replace(PHONE, NEW_PHONE))).status).toBe(200);
    const rollback = await app.call('POST', page('_site.yaml', '/rollback'), { cookie: app.editor, body: { revision: '0' } });
    expect(rollback.status).toBe(202);
    expect(servedPhone(app)).toBe('+91 90110 22999');
    const published = await app.call('POST', `${REVIEW}/${rollback.json.submission as string}/publish`, { cookie: app.owner, body: {} });
    expect(published.status).toBe(200);
    expect(servedPhone(app)).toBe('+91 90110 22334');
  });
});
