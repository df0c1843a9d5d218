import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import { manualClock } from '../../tests/helpers/manualClock';

const clock = manualClock();
const apiApp = useApiApp({}, clock);
const DAY = 24 * 60 * 60 * 1000;
const MARKER = 'MARKER-7Q4Z-PAN-OF-SUNITA';
const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${MARKER}) >> endobj\ntrailer << >>\n%%EOF\n`);
/** What the Node server gives every request: a socket with the client's address. */
const ENV = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const contact = { form: 'contact' as const, fields: { name: 'Sunita Patil', number: '+919822012345', enquiry: 'other' }, language: 'mr' };

/** A multipart POST of one file to a link, as the upload page sends it (JSON asked for, as with JavaScript). */
function upload(
  app: Awaited<ReturnType<typeof apiApp>>['app'],
  link: string,
  file: { bytes: Buffer; name: string; type?: string },
  item = 0,
) {
  const form = new FormData();
  form.set('item', String(item));
  form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }));
  return app.request(link, { method: 'POST', body: form, headers: { Accept: 'application/json' } }, ENV);
}

/** Every byte under a folder, file by file. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)));

describe('documents through a private link', () => {
  test('an advisor asks, the enquirer sends a PDF through the link, and the owner downloads the same bytes, sealed at rest', async () => {
    const { app, call, account, logIn, store, dir } = await apiApp();
    await account('owner');
    const cookie = await logIn('owner');
    const enquiry = await store.enquiries.add(contact);
    const asked = await call('POST', `/admin/api/enquiries/${enquiry._id}/document-requests`, {
      cookie,
      body: { documents: ['PAN कार्ड', 'Bank statement of the last 6 months'] },
    });
    expect(asked.status).toBe(201);
    const { link, expiresAt } = asked.json as { link: string; expiresAt: string };
    expect(link).toMatch(/^http:\/\/site\.test\/mr\/documents\/[\w-]{43}$/);
    expect(expiresAt).toBe(new Date(clock.now() + 14 * DAY).toISOString());
    const token = link.split('/').pop()!;
    // Only the token's hash is kept.
    for (const bytes of filesUnder(dir)) expect(bytes.includes(token)).toBe(false);

    const sent = await upload(app, link, { bytes: pdf, name: 'पॅन.pdf', type: 'application/pdf' });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      message: 'धन्यवाद. PAN कार्ड साठी तुमची फाइल आम्हाला मिळाली आहे.',
      view: { state: 'open', items: [{ label: 'PAN कार्ड', received: 1 }, { received: 0 }] },
    });
    for (const bytes of filesUnder(dir)) expect(bytes.includes(MARKER)).toBe(false);

    const listed = await call('GET', `/admin/api/enquiries/${enquiry._id}/documents`, { cookie });
    expect(listed.json).toMatchObject({
      canDownload: true,
      requests: [{ items: ['PAN कार्ड', 'Bank statement of the last 6 months'], state: 'open', createdBy: 'owner', language: 'mr' }],
      documents: [{ item: 'PAN कार्ड', name: 'पॅन.pdf', type: 'application/pdf', bytes: pdf.length }],
    });
    const [document] = listed.json.documents as { id: string }[];
    const download = await app.request(
      `/admin/api/enquiries/${enquiry._id}/documents/${document!.id}`,
      { headers: { Cookie: cookie } },
      ENV,
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('पॅन.pdf')}`,
    );
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
    // The status page tells the enquirer, in their language, what was asked for and what arrived, and who their advisor is.
    const owner = (await store.accounts.find('owner'))!;
    await account('asha.patil', 'staff');
    const advisor = (await store.accounts.find('asha.patil'))!;
    await store.enquiries.update(
      enquiry._id,
      { assignment: { to: { id: advisor.id, username: advisor.username } } },
      { id: owner.id, username: 'owner' },
    );
    const status = await call('POST', '/api/status', { body: { reference: enquiry.reference, phone: '9822012345', lang: 'mr' } });
    expect(status.json).toMatchObject({
      stage: 'documents',
      documents: [
        { label: 'PAN कार्ड', received: true },
        { label: 'Bank statement of the last 6 months', received: false },
      ],
    });
    // The advisor has no name for enquirers set, so none is shown: never the username.
    expect(status.json).not.toHaveProperty('advisor');
    const actions = (await store.audit.list({ limit: 20 })).items.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['document-request', 'document-upload', 'document-download']));
  });

  test('a web page named .pdf, a drawing, an 11 MB file and no file are refused with their messages, and nothing is stored', async () => {
    const { app, call, account, logIn, store } = await apiApp();
    await account('owner');
    const cookie = await logIn('owner');
    const enquiry = await store.enquiries.add({ ...contact, language: 'en' });
    const { link } = (
      await call('POST', `/admin/api/enquiries/${enquiry._id}/document-requests`, { cookie, body: { documents: ['PAN card'] } })
    ).json as { link: string };
    const refusals = [
      [{ bytes: Buffer.from('<!DOCTYPE html><html><body>PAN</body></html>'), name: 'pan.pdf' }, 415, 'pan.pdf is a web page or a drawing'],
      [
        { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'pan.svg' },
        415,
        'pan.svg is a web page',
      ],
      [{ bytes: Buffer.from('PK\x03\x04 a zip'), name: 'pan.zip' }, 415, 'pan.zip is not a PDF, JPEG, PNG or WebP file'],
      [
        { bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024)]), name: 'big.pdf' },
        413,
        'This file is larger than 10 MB',
      ],
      [{ bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]), name: 'cut.jpg' }, 422, 'cut.jpg is damaged or incomplete'],
    ] as const;
    for (const [file, status, message] of refusals) {
      const answer = await upload(app, link, file);
      expect(answer.status, file.name).toBe(status);
      expect(((await answer.json()) as { message: string }).message, file.name).toContain(message);
    }
    const empty = await app.request(link, { method: 'POST', body: new FormData(), headers: { Accept: 'application/json' } }, ENV);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe('Choose one file first, then press Send.');
    expect(await store.documents.documentsOf(enquiry._id)).toEqual([]);
    expect((await store.audit.list({ limit: 50 })).items.some((entry) => entry.action === 'document-upload')).toBe(false);
  });

  test('an expired or revoked link answers 410, an unknown one 404, before the file is read', async () => {
    const { app, call, account, logIn, store } = await apiApp();
    await account('owner');
    const cookie = await logIn('owner');
    const enquiry = await store.enquiries.add({ ...contact, language: 'en' });
    const ask = async () =>
      (await call('POST', `/admin/api/enquiries/${enquiry._id}/document-requests`, { cookie, body: { documents: ['PAN card'] } })).json as {
        id: string;
        link: string;
      };
    const kept = await ask();
    const revoked = await ask();
    expect((await call('DELETE', `/admin/api/enquiries/${enquiry._id}/document-requests/${revoked.id}`, { cookie })).json).toMatchObject({
      state: 'revoked',
      revokedBy: 'owner',
    });
    const refused = await upload(app, revoked.link, { bytes: pdf, name: 'pan.pdf' });
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^This link has been stopped/);
    expect((await app.request(revoked.link, {}, ENV)).status).toBe(410);

    await clock.advance(14 * DAY);
    const expired = await upload(app, kept.link, { bytes: pdf, name: 'pan.pdf' });
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toMatch(/^This link has expired/);
    const unknown = await upload(app, `${kept.link.slice(0, -4)}AAAA`, { bytes: pdf, name: 'pan.pdf' });
    expect(unknown.status).toBe(404);
    expect(await store.documents.documentsOf(enquiry._id)).toEqual([]);
  });

  test('an editor gets 403 on every document route; staff not assigned see the list without the download, the assigned advisor downloads', async () => {
    const { app, call, account, logIn, store } = await apiApp();
    await account('owner');
    await account('pages', 'editor');
    await account('asha', 'staff');
    await account('ravi', 'staff');
    const owner = await logIn('owner');
    const enquiry = await store.enquiries.add({ ...contact, language: 'en' });
    const { link, id } = (
      await call('POST', `/admin/api/enquiries/${enquiry._id}/document-requests`, { cookie: owner, body: { documents: ['PAN card'] } })
    ).json as { link: string; id: string };
    await upload(app, link, { bytes: pdf, name: 'pan.pdf' });
    const [document] = await store.documents.documentsOf(enquiry._id);
    const base = `/admin/api/enquiries/${enquiry._id}`;

    const editor = await logIn('pages');
    for (const [method, route] of [
      ['POST', `${base}/document-requests`],
      ['DELETE', `${base}/document-requests/${id}`],
      ['POST', `${base}/document-requests/${id}/email`],
      ['GET', `${base}/documents`],
      ['GET', `${base}/documents/${document!.id}`],
    ] as const) {
      const answer = await call(method, route, { cookie: editor, body: { documents: ['x'] } });
      expect(answer.status, `${method} ${route}`).toBe(403);
      expect(answer.text).not.toContain('%PDF');
    }

    const asha = await logIn('asha');
    expect((await call('GET', `${base}/documents`, { cookie: asha })).json).toMatchObject({
      canDownload: false,
      documents: [{ name: 'pan.pdf' }],
    });
    const refused = await call('GET', `${base}/documents/${document!.id}`, { cookie: asha });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Only an owner or the advisor this enquiry is assigned to can download its documents.');

    const ashaAccount = (await store.accounts.find('asha'))!;
    await store.enquiries.update(
      enquiry._id,
      { assignment: { to: { id: ashaAccount.id, username: 'asha' } } },
      { id: 'x', username: 'owner' },
    );
    expect((await call('GET', `${base}/documents`, { cookie: asha })).json).toMatchObject({ canDownload: true });
    const downloaded = await call('GET', `${base}/documents/${document!.id}`, { cookie: asha });
    expect(downloaded.status).toBe(200);
    expect(downloaded.text).toBe(pdf.toString());
    const ravi = await logIn('ravi');
    expect((await call('GET', `${base}/documents/${document!.id}`, { cookie: ravi })).status).toBe(403);
  });
});
