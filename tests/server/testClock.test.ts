import { afterAll, expect, test } from 'vitest';
import { startMailbox } from '../helpers/receivers';
import { removeDir, startServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

test('the built server refuses the test clock outside tests', async () => {
  const refused = startServer({ clock: 'now', env: { NODE_ENV: 'production' } });
  await expect(refused).rejects.toThrow('exited with code 1');
  await expect(refused).rejects.toThrow('TEST_CLOCK is set, but NODE_ENV is "production"');
});

test('on the test clock, the server stands still until the test moves it, and its timed rules follow', async () => {
  const mailbox = await startMailbox();
  cleanups.push(mailbox.stop);
  // Tuesday 10:00 in India: within the desk's working hours, so the first-response target is an hour on.
  const server = await startServer({ clock: '2026-12-01T04:30:00Z', env: { SMTP_URL: mailbox.url, NOTIFY_EMAIL_TO: 'owners@firm.in' } });
  cleanups.push(
    () => server.stop(),
    () => removeDir(server.dataDir),
  );
  expect(server.output.join('\n')).toContain('TEST_CLOCK: the time stands still at 2026-12-01T04:30:00.000Z');

  const sent = await postJson(`${server.url}/addcontactdata`, { name: 'Asha', number: '9822054321', enquiry: 'other', consent: true });
  expect(sent.status).toBe(200);
  await expect.poll(() => mailbox.messages.length).toBe(1); // the firm's new-enquiry e-mail
  const [asha] = storedEnquiries(server.dataDir, 'contact');
  expect(asha).toMatchObject({ createdAt: '2026-12-01T04:30:00.000Z', firstResponseDueAt: '2026-12-01T05:30:00.000Z' });

  expect(await server.clock.advance(59 * 60_000)).toBe(Date.parse('2026-12-01T05:29:00Z'));
  expect(storedEnquiries(server.dataDir, 'contact')[0]!.escalatedAt).toBeUndefined();
  expect(await server.clock.advance(2 * 60_000)).toBe(Date.parse('2026-12-01T05:31:00Z'));
  expect(storedEnquiries(server.dataDir, 'contact')[0]!.escalatedAt).toBe('2026-12-01T05:31:00.000Z');
  await expect
    .poll(() => mailbox.messages.map((message) => message.parsed.subject))
    .toContain('Enquiry waiting for a first response: Asha');
  expect(await server.clock.now()).toBe(Date.parse('2026-12-01T05:31:00Z'));
});
