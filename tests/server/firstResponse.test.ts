import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Store } from '../../api/store/Store';
import { createDatabase } from '../helpers/postgres';
import { startMailbox, startWebhookReceiver } from '../helpers/receivers';
import { removeDir, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const running: RunningServer[] = [];
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

/** A server on the test clock, so a test moves its sweeps on instead of waiting for them. */
async function server(env: Record<string, string>, dataDir?: string) {
  const started = await startServer({ dataDir, clock: 'now', env: { SITE_URL: 'https://example.in', ...env } });
  running.push(started);
  return started;
}

/** Two enquiries that arrived yesterday and were never called: past any first-response target. */
async function seedOverdue(store: Store) {
  const due = new Date(Date.now() - 60 * 60_000).toISOString();
  for (const name of ['Neha Kulkarni', 'Imran Shaikh'])
    await store.enquiries.add({
      form: 'contact',
      fields: { name, number: '+919822012345', enquiry: 'other', message: 'Call me back' },
      firstResponseDueAt: due,
    });
  await store.close();
}

/**
 * Several sweeps of each server (NOTIFY_POLL_SECONDS is 5), then each server stopped, which waits for the sends in
 * progress: a second escalation would have arrived by then.
 */
async function severalSweepsThenStop(...servers: RunningServer[]) {
  for (let sweep = 0; sweep < 3; sweep++) await Promise.all(servers.map((one) => one.clock.advance(5_000)));
  await Promise.all(servers.map((one) => one.stop()));
}

describe('the first-response escalation, through a real SMTP server and webhook', () => {
  test('a new enquiry gets its target in working time; an overdue one is escalated once, and not again after a restart', async () => {
    const mailbox = await startMailbox();
    const hooks = await startWebhookReceiver();
    cleanups.push(mailbox.stop, hooks.down);
    const dataDir = tempDataDir('first-response-');
    cleanups.push(() => removeDir(dataDir));
    await seedOverdue(await FileStore.open(dataDir));
    const env = { SMTP_URL: mailbox.url, NOTIFY_EMAIL_TO: 'owners@firm.in', NOTIFY_WEBHOOK_URL: hooks.url };
    const first = await server(env, dataDir);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(2);
    const subjects = mailbox.messages.map((message) => message.parsed.subject).sort();
    expect(subjects).toEqual(['Enquiry waiting for a first response: Imran', 'Enquiry waiting for a first response: Neha']);
    const neha = mailbox.messages.find((message) => message.parsed.subject?.endsWith('Neha'))!.parsed;
    expect(neha.to).toMatchObject({ text: 'owners@firm.in' });
    // The first name only; never the surname, the number or the message.
    for (const absent of ['Kulkarni', '9822012345', 'Call me back']) expect(neha.text).not.toContain(absent);
    expect(neha.text).toMatch(/Open it: https:\/\/example\.in\/table\?enquiry=[0-9a-f-]{36}/);
    await expect.poll(() => hooks.received.length, { timeout: 15_000 }).toBe(2);
    const hook = JSON.parse(hooks.received[0]!.body) as Record<string, unknown>;
    expect(hook).toMatchObject({ type: 'enquiry.overdue', form: 'contact', assigned: false });
    expect(JSON.stringify(hook)).not.toContain('Neha');

    // An enquiry arriving now gets its target counted in working time, and is not overdue yet.
    const sent = await postJson(`${first.url}/addcontactdata`, { name: 'Asha', number: '9822054321', enquiry: 'other', consent: true });
    expect(sent.status).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(3); // the firm's usual new-enquiry e-mail
    await first.stop();
    const stored = storedEnquiries(dataDir, 'contact');
    expect(stored.filter((record) => record.escalatedAt)).toHaveLength(2);
    const asha = stored.find((record) => record.fields.name === 'Asha')!;
    expect(Date.parse(asha.firstResponseDueAt!)).toBeGreaterThan(Date.parse(asha.createdAt));
    expect(asha.escalatedAt).toBeUndefined();

    await severalSweepsThenStop(await server(env, dataDir));
    expect(mailbox.messages.length).toBe(3);
    expect(hooks.received.length).toBe(3);
  }, 120_000);

  test('two instances on PostgreSQL escalate each overdue enquiry exactly once', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const url = await createDatabase(inject('postgresUrl'));
    await seedOverdue(await PgStore.open(url, 2));
    const env = {
      DATABASE_URL: url,
      SMTP_URL: mailbox.url,
      NOTIFY_EMAIL_TO: 'owners@firm.in',
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    const [a, b] = await Promise.all([server(env), server(env)]);
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(2);
    await severalSweepsThenStop(a, b);
    expect(mailbox.messages.map((message) => message.parsed.subject).sort()).toEqual([
      'Enquiry waiting for a first response: Imran',
      'Enquiry waiting for a first response: Neha',
    ]);
  }, 120_000);
});
