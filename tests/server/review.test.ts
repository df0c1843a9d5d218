import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { adminClient } from '../helpers/adminClient';
import { createDatabase } from '../helpers/postgres';
import { ROOT, startServer, type RunningServer } from '../helpers/server';

const OWNER = { username: 'owner', password: 'owner pass phrase' };
const EDITOR = { username: 'lekha', password: 'lekha own phrase' };
const SITE = readFileSync(path.join(ROOT, 'pages-data/_site.yaml'), 'utf8');
const CHANGED = SITE.replace('phone: +91 90110 22334', 'phone: +91 66666 66666').replace(
  'whatsapp: "919011022334"',
  'whatsapp: "916666666666"',
);
const page = (file: string, rest = '') => `/admin/api/pages/${encodeURIComponent(file)}${rest}`;

const running: RunningServer[] = [];
afterAll(() => Promise.all(running.map((server) => server.stop())));
async function start(env: Record<string, string>, dataDir?: string) {
  const server = await startServer({
    ...(dataDir && { dataDir }),
    env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1', ...env },
  });
  running.push(server);
  return server;
}

/** The owner adds the editor account, whose holder sets a password of their own; both cookies. */
async function team(server: RunningServer) {
  const admin = adminClient(() => server);
  const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
  return { owner, editor: await admin.addAccount(owner, EDITOR, 'editor') };
}

/** The editor writes the new phone and WhatsApp number into _site.yaml and presses Publish. */
async function editorPublishesNewPhone(server: RunningServer, editor: string) {
  const admin = adminClient(() => server);
  const saved = await admin.request('PUT', page('_site.yaml', '/draft'), { cookie: editor, body: { source: CHANGED, basedOn: '0' } });
  expect(saved.status).toBe(200);
  return admin.post<{ submission: string; message: string }>(page('_site.yaml', '/publish'), { basedOn: saved.json.revision }, editor);
}

/** What a visitor's phone reads on /contactus: the number and the WhatsApp link. */
async function contactPage(server: RunningServer) {
  const text = await (await fetch(new URL('/contactus', server.url))).text();
  return {
    oldPhone: text.includes('90110 22334'),
    newPhone: text.includes('66666 66666'),
    newWhatsApp: text.includes('wa.me/916666666666'),
  };
}
const LIVE_AS_BEFORE = { oldPhone: true, newPhone: false, newWhatsApp: false };
const LIVE_AS_APPROVED = { oldPhone: false, newPhone: true, newWhatsApp: true };

describe('owners approve what speaks for the firm, on the real server', () => {
  test('an editor’s change to the firm’s phone is held for review, not served (even after kill -9), until an owner publishes it', async () => {
    let server = await start({});
    const { owner, editor } = await team(server);
    const held = await editorPublishesNewPhone(server, editor);
    expect(held.status).toBe(202);
    expect(held.json.message).toContain('Sent to an owner for review');
    expect(await contactPage(server)).toEqual(LIVE_AS_BEFORE);

    // A crash loses nothing: the change still waits, and is still not served.
    await server.kill();
    server = await start({}, server.dataDir);
    expect(await contactPage(server)).toEqual(LIVE_AS_BEFORE);
    const admin = adminClient(() => server);
    const ownerAgain = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
    const editorAgain = (await admin.logIn(EDITOR.username, EDITOR.password)).cookie;
    expect(owner).not.toBe(ownerAgain);
    const listed = await admin.get<{ items: { id: string }[] }>('/admin/api/submissions', ownerAgain);
    expect(listed.json.items.map((item) => item.id)).toEqual([held.json.submission]);
    expect((await admin.get(`/admin/api/submissions/${held.json.submission}`, ownerAgain)).json).toMatchObject({
      owners: [{ file: '_site.yaml', keys: ['phone', 'whatsapp'] }],
    });
    expect((await admin.post(`/admin/api/submissions/${held.json.submission}/publish`, {}, editorAgain)).status).toBe(403);
    expect(await contactPage(server)).toEqual(LIVE_AS_BEFORE);
    expect((await admin.get<{ published: { source: string } }>(page('_site.yaml'), editorAgain)).json.published.source).toBe(SITE);

    const published = await admin.post(`/admin/api/submissions/${held.json.submission}/publish`, {}, ownerAgain);
    expect(published.status).toBe(200);
    // A change to every page is served as each page is drawn again (the last version meanwhile).
    await expect.poll(() => contactPage(server)).toEqual(LIVE_AS_APPROVED);
    // The published file is the editor's text byte for byte.
    expect((await admin.get<{ published: { source: string } }>(page('_site.yaml'), editorAgain)).json.published.source).toBe(CHANGED);
  }, 120_000);

  test('on PostgreSQL, a change sent on one instance is published by an owner on another, and both serve it', async () => {
    // The two instances share the database's secrets key, as a deployment's do.
    const env = {
      DATABASE_URL: await createDatabase(inject('postgresUrl')),
      PAGES_POLL_SECONDS: '1',
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    const [a, b] = await Promise.all([start(env), start(env)]);
    const { editor } = await team(a);
    const held = await editorPublishesNewPhone(a, editor);
    expect(held.status).toBe(202);
    const onB = adminClient(() => b);
    const owner = (await onB.logIn(OWNER.username, OWNER.password)).cookie;
    const opened = await onB.get<{ changes: { file: string; moved: boolean; submitted: string }[] }>(
      `/admin/api/submissions/${held.json.submission}`,
      owner,
    );
    expect(opened.json.changes).toEqual([expect.objectContaining({ file: '_site.yaml', moved: false, submitted: CHANGED })]);
    expect(await contactPage(a)).toEqual(LIVE_AS_BEFORE);
    expect((await onB.post(`/admin/api/submissions/${held.json.submission}/publish`, {}, owner)).status).toBe(200);
    await expect.poll(() => contactPage(b)).toEqual(LIVE_AS_APPROVED);
    await expect.poll(() => contactPage(a)).toEqual(LIVE_AS_APPROVED);
  }, 120_000);
});
