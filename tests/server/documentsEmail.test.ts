import pg from 'pg';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { DocumentsAnswer, NewRequestAnswer } from '../../src/shared/documents';
import { adminClient } from '../helpers/adminClient';
import { createDatabase } from '../helpers/postgres';
import { startMailbox } from '../helpers/receivers';
import { removeDir, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { filesHolding, postJson } from '../helpers/storedData';

const OWNER = { username: 'owner', password: 'documents by e-mail 7731' };
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let current: RunningServer | undefined;
const admin = adminClient(() => current!);

async function start(env: Record<string, string>, dataDir: string, clock?: string) {
  current = await startServer({ dataDir, env, ...(clock && { clock }) });
  const started = current;
  cleanups.push(() => started.stop());
  return started;
}

const contact = (overrides: Record<string, string>) => ({
  name: 'Sunita Patil',
  number: '98220 12345',
  enquiry: 'New StartUp',
  message: 'Home loan for a new flat',
  consent: true,
  lang: 'mr',
  ...overrides,
});

/** Every row of every table of the database, as one text. */
async function everyRow(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    const texts = [];
    for (const { name } of tables)
      texts.push(...(await client.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)).rows.map((row) => row.row));
    return texts.join('\n');
  } finally {
    await client.end();
  }
}

describe.each(['file', 'PostgreSQL'] as const)('a request for documents sent by e-mail, on the %s store', (kind) => {
  test("the enquirer's mail, in the enquiry's language, carries the link that opens the upload page; it goes once across a restart, and the link is nowhere in the data folder, the database or the log", async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const dataDir = tempDataDir('documents-email-');
    cleanups.push(() => removeDir(dataDir));
    const databaseUrl = kind === 'PostgreSQL' ? await createDatabase(inject('postgresUrl')) : undefined;
    const env = {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      SMTP_URL: mailbox.url,
      NOTIFY_EMAIL_FROM: 'website@firm.in',
      NOTIFY_POLL_SECONDS: '1',
      NOTIFY_RETRY_SECONDS: '1',
      SITE_URL: 'https://example.in',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    };
    const first = await start(env, dataDir);
    expect((await postJson(`${first.url}/addcontactdata`, contact({ email: 'sunita@example.in' }))).status).toBe(200);
    expect((await postJson(`${first.url}/addcontactdata`, contact({ name: 'Ravi Jadhav', number: '98220 54321', email: '' }))).status).toBe(
      200,
    );
    const { cookie } = await admin.logIn(OWNER.username, OWNER.password);
    const listed = await admin.request<{ items: { _id: string; name?: string }[] }>('GET', '/admin/api/enquiries', {
      cookie,
    });
    const idOf = (name: string) => listed.json.items.find((item) => item.name === name)!._id;
    const ask = (id: string) =>
      admin.request<NewRequestAnswer>('POST', `/admin/api/enquiries/${id}/document-requests`, {
        cookie,
        body: { documents: ['PAN card', 'Bank statement, last 6 months'] },
      });

    // An enquiry without an address: the desk says why, and the server refuses.
    const ravi = idOf('Ravi Jadhav');
    const withoutAddress = await ask(ravi);
    expect(withoutAddress.status).toBe(201);
    const raviDocuments = await admin.request<DocumentsAnswer>('GET', `/admin/api/enquiries/${ravi}/documents`, { cookie });
    expect(raviDocuments.json.cannotEmail).toBe('This enquiry has no e-mail address: copy the link into WhatsApp instead.');
    const refused = await admin.request('POST', `/admin/api/enquiries/${ravi}/document-requests/${withoutAddress.json.id}/email`, {
      cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This enquiry has no e-mail address: copy the link into WhatsApp instead.');

    const sunita = idOf('Sunita Patil');
    const made = await ask(sunita);
    expect(made.status).toBe(201);
    const sent = await admin.request<{ email?: { status: string } }>(
      'POST',
      `/admin/api/enquiries/${sunita}/document-requests/${made.json.id}/email`,
      { cookie },
    );
    expect(sent.status).toBe(202);
    expect(sent.json.email?.status).toBe('pending');
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(1);

    const { parsed } = mailbox.messages[0]!;
    expect(parsed.to).toMatchObject({ text: 'sunita@example.in' });
    expect(parsed.from).toMatchObject({ text: 'website@firm.in' });
    expect(parsed.subject).toBe('तुमच्या चौकशीसाठी कागदपत्रे – Vardhan Finance Consultants');
    const text = parsed.text ?? '';
    expect(text.split('\n')[0]).toBe('नमस्कार Sunita Patil,');
    expect(text).toContain('- PAN card\n- Bank statement, last 6 months\n');
    // The link in the mail is the one the desk showed once, in Marathi.
    const mailed = /https:\/\/example\.in\/\S+/.exec(text)?.[0];
    expect(mailed).toBe(made.json.link);
    expect(new URL(mailed!).pathname).toMatch(/^\/mr\/documents\/[\w-]{43}$/);
    const page = await fetch(new URL(new URL(mailed!).pathname, first.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('PAN card');
    expect(html).toContain('Bank statement, last 6 months');

    // After a restart the mail is not sent again, and the desk shows it went.
    await first.stop();
    // On the test clock: three polls of the outbox (NOTIFY_POLL_SECONDS=1), each over with its sends when advance resolves.
    const second = await start(env, dataDir, 'now');
    for (let poll = 0; poll < 3; poll++) await second.clock.advance(1_000);
    expect(mailbox.messages).toHaveLength(1);
    const { cookie: again } = await admin.logIn(OWNER.username, OWNER.password);
    const documents = await admin.request<DocumentsAnswer>('GET', `/admin/api/enquiries/${sunita}/documents`, { cookie: again });
    expect(documents.json.requests[0]!.email?.status).toBe('delivered');
    expect(documents.json.cannotEmail).toBeUndefined();
    const audit = await admin.request<{ items: { action: string; enquiryId?: string }[] }>('GET', '/admin/api/audit', { cookie: again });
    expect(audit.json.items.filter((entry) => entry.action === 'document-email')).toEqual([expect.objectContaining({ enquiryId: sunita })]);
    await second.stop();

    // The token is in no file of the data folder, no row of the database and no line of the log.
    const token = mailed!.split('/').pop()!;
    expect(filesHolding(dataDir, token)).toEqual([]);
    if (databaseUrl) expect(await everyRow(databaseUrl)).not.toContain(token);
    for (const server of [first, second]) expect(server.output.join('\n')).not.toContain(token);
  }, 120_000);
});
