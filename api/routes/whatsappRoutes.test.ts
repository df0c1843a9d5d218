import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useApiApp } from '../../tests/helpers/apiApp';
import {
  incomingValue,
  signatureOf,
  startFakeGraphApi,
  statusValue,
  VERIFY_TOKEN,
  webhookBody,
  type FakeGraphApi,
} from '../../tests/helpers/fakeGraphApi';
import { manualClock } from '../../tests/helpers/manualClock';
import { WHATSAPP_WEBHOOK } from './whatsappRoutes';

const clock = manualClock();
const env: Record<string, string> = {};
let fake: FakeGraphApi;
beforeAll(async () => {
  fake = await startFakeGraphApi();
  Object.assign(env, fake.env);
});
afterAll(() => fake.close());
const apiApp = useApiApp(env, clock);
const plainApp = useApiApp({}, clock);

const SUNITA = { form: 'contact' as const, fields: { name: 'Sunita Patil', number: '+919822012345', enquiry: 'other' }, language: 'mr' };
const NOW = '2026-11-24T05:29:00.000Z';

/** Every byte under a folder, file by file. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)));

type App = Awaited<ReturnType<typeof apiApp>>;

/** Posts a body to the webhook as Meta does, signed unless told otherwise (null: no signature at all). */
const post = (app: App, body: string, signature: string | null = signatureOf(body)) =>
  app.call('POST', WHATSAPP_WEBHOOK, { body, headers: signature === null ? {} : { 'X-Hub-Signature-256': signature } });

/** A reply queued from the desk, as the store takes it. */
const queueReply = (app: App, enquiryId: string) =>
  app.store.whatsapp.addOutgoing({
    enquiryId,
    by: { id: 'id-asha', username: 'asha' },
    kind: 'text',
    text: 'Namaste',
    action: 'whatsapp-reply',
  });

describe('the webhook', () => {
  test('answers Meta’s check of the address with the challenge, and nothing else', async () => {
    const app = await apiApp();
    const check = (query: string) => app.call('GET', `${WHATSAPP_WEBHOOK}?${query}`);
    const good = await check(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(good).toMatchObject({ status: 200, text: '1158201444' });
    expect((await check('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1')).status).toBe(403);
    expect((await check(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
    expect((await check(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=<script>`)).status).toBe(403);
  });

  test('is not there while WhatsApp is not set up', async () => {
    const app = await plainApp();
    expect((await app.call('GET', `${WHATSAPP_WEBHOOK}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`)).status).toBe(404);
    expect((await post(app, webhookBody())).status).toBe(404);
  });

  test('refuses unsigned and wrongly signed posts before reading them, storing nothing', async () => {
    const app = await apiApp();
    await app.store.enquiries.add(SUNITA);
    const body = webhookBody(incomingValue({ wamid: 'wamid.forged', at: NOW, waId: '919822012345', text: 'FORGED-MARKER' }));
    for (const signature of [null, '', 'sha256=', signatureOf(body, 'another secret'), signatureOf(`${body} `), `sha1=${'0'.repeat(40)}`]) {
      const answer = await post(app, body, signature);
      expect([signature, answer.status]).toEqual([signature, 401]);
    }
    // Not JSON at all, unsigned: refused the same way, never parsed.
    expect((await post(app, '{"entry": [', null)).status).toBe(401);
    await app.whatsapp!.wake();
    expect(await app.store.whatsapp.claimPosts(10, 1000)).toEqual([]);
    for (const bytes of filesUnder(app.dir)) expect(bytes.includes('FORGED-MARKER')).toBe(false);
  });

  test('a message from an enquirer’s number is on their enquiry, once, however often Meta sends it', async () => {
    const app = await apiApp();
    const enquiry = await app.store.enquiries.add(SUNITA);
    const body = webhookBody(incomingValue({ wamid: 'wamid.HBgM1', at: NOW, waId: '919822012345', text: 'मला कर्ज हवे आहे' }));
    expect(await post(app, body)).toMatchObject({ status: 200, text: 'OK' });
    expect((await post(app, body)).status).toBe(200);
    await app.whatsapp!.wake();
    const messages = await app.store.whatsapp.messagesOf(enquiry._id);
    expect(messages).toEqual([
      expect.objectContaining({
        wamid: 'wamid.HBgM1',
        direction: 'in',
        text: 'मला कर्ज हवे आहे',
        phone: '+919822012345',
        profileName: 'Sunita',
        at: NOW,
      }),
    ]);
    // Read and forgotten: no post waits, and the raw body is no longer in any file.
    expect(await app.store.whatsapp.claimPosts(10, 1000)).toEqual([]);
  });

  test('statuses move forward only, in whatever order they come', async () => {
    const app = await apiApp();
    const enquiry = await app.store.enquiries.add(SUNITA);
    const queued = await queueReply(app, enquiry._id);
    await app.whatsapp!.wake();
    const [sent] = await app.store.whatsapp.messagesOf(enquiry._id);
    expect(sent).toMatchObject({ id: queued!.id, state: 'sent', wamid: expect.stringMatching(/^wamid\.fake-/) as string });
    const wamid = sent!.wamid!;
    await post(app, webhookBody(statusValue({ wamid, status: 'read', at: '2026-11-24T05:35:00.000Z' })));
    await post(app, webhookBody(statusValue({ wamid, status: 'delivered', at: '2026-11-24T05:34:00.000Z' })));
    await post(app, webhookBody(statusValue({ wamid, status: 'sent', at: '2026-11-24T05:33:00.000Z' })));
    await app.whatsapp!.wake();
    expect((await app.store.whatsapp.messagesOf(enquiry._id))[0]).toMatchObject({ state: 'read', stateAt: '2026-11-24T05:35:00.000Z' });
  });

  test('a status that comes before its message’s sending is recorded is read again later', async () => {
    const app = await apiApp();
    await post(app, webhookBody(statusValue({ wamid: 'wamid.later', status: 'delivered', at: NOW })));
    await app.whatsapp!.wake();
    const enquiry = await app.store.enquiries.add(SUNITA);
    const queued = await queueReply(app, enquiry._id);
    await app.store.whatsapp.claimOutgoing(1, 1000);
    await app.store.whatsapp.recordSend(queued!.id, { state: 'sent', wamid: 'wamid.later' });
    await clock.advance(30_000);
    await app.whatsapp!.wake();
    expect((await app.store.whatsapp.messagesOf(enquiry._id))[0]).toMatchObject({ state: 'delivered' });
  });

  test('a stranger’s message, and one with a BSUID alone, wait in Unmatched', async () => {
    const app = await apiApp();
    await app.store.enquiries.add(SUNITA);
    await post(
      app,
      webhookBody(
        incomingValue({ wamid: 'wamid.s1', at: NOW, waId: '917777012345', text: 'Loan?' }),
        incomingValue({ wamid: 'wamid.s2', at: NOW, userId: 'IN.1648738043044942', name: 'Ravi', text: 'Hello' }),
      ),
    );
    await app.whatsapp!.wake();
    const unmatched = await app.store.whatsapp.unmatched(10);
    expect(unmatched.map((conversation) => conversation.key).sort()).toEqual(['+917777012345', 'IN.1648738043044942']);
  });

  test('a picture is fetched from WhatsApp, stripped and sealed: its bytes are in no file', async () => {
    const app = await apiApp();
    const enquiry = await app.store.enquiries.add(SUNITA);
    // A JPEG with a comment segment the desk must not keep, and a marker in its picture data it must keep sealed.
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x0e]),
      Buffer.from('GPS-SECRET-1'),
      Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
      Buffer.from('PIXELS-MARKER'),
      Buffer.from([0xff, 0xd9]),
    ]);
    fake.addMedia('media-1', jpeg, 'image/jpeg');
    await post(
      app,
      webhookBody(
        incomingValue({ wamid: 'wamid.pic', at: NOW, waId: '919822012345', image: { id: 'media-1', mime: 'image/jpeg', caption: 'Shop' } }),
      ),
    );
    await app.whatsapp!.wake();
    const [message] = await app.store.whatsapp.messagesOf(enquiry._id);
    expect(message).toMatchObject({ kind: 'image', text: 'Shop', media: { type: 'image/jpeg' } });
    for (const bytes of filesUnder(app.dir)) expect(bytes.includes('PIXELS-MARKER')).toBe(false);
    const opened = app.secrets.decrypt((await app.store.whatsapp.mediaOf(message!.id))!, 'whatsapp-media:wamid.pic');
    expect(opened.includes('PIXELS-MARKER')).toBe(true);
    expect(opened.includes('GPS-SECRET-1')).toBe(false);
  });

  test('a file the desk does not keep leaves the message with the reason', async () => {
    const app = await apiApp();
    const enquiry = await app.store.enquiries.add(SUNITA);
    fake.addMedia(
      'media-doc',
      Buffer.from('PK\u0003\u0004 a Word file'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    await post(
      app,
      webhookBody(
        incomingValue({
          wamid: 'wamid.doc',
          at: NOW,
          waId: '919822012345',
          document: { id: 'media-doc', mime: 'application/msword', filename: 'plan.docx' },
        }),
      ),
    );
    await app.whatsapp!.wake();
    const [message] = await app.store.whatsapp.messagesOf(enquiry._id);
    expect(message).toMatchObject({ kind: 'document', error: expect.stringContaining('The desk keeps PDFs and photos only') as string });
    expect(message!.media).toBeUndefined();
  });
});
