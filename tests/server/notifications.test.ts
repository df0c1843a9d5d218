import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { totpCode } from '../../api/auth/totpCodes';
import { adminClient } from '../helpers/adminClient';
import { createDatabase } from '../helpers/postgres';
import { startMailbox, startWebhookReceiver } from '../helpers/receivers';
import { removeDir, startServer, tempDataDir, type RunningServer } from '../helpers/server';
import { postJson, storedEnquiries } from '../helpers/storedData';

const running: RunningServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

async function server(env: Record<string, string>, dataDir?: string) {
  const started = await startServer({
    dataDir,
    env: { NOTIFY_POLL_SECONDS: '1', NOTIFY_RETRY_SECONDS: '1', SITE_URL: 'https://example.in', ...env },
  });
  running.push(started);
  return started;
}

const contact = (overrides: Record<string, string> = {}) => ({
  name: 'Neha Kulkarni',
  number: '98220 12345',
  enquiry: 'Existing Business Expansion',
  email: 'neha@example.in',
  message: 'Need <b>urgent</b> help & advice.',
  sourcePage: '/pancard',
  consent: true,
  ...overrides,
});

/** How a receiver checks our webhook signature: recompute the HMAC over "<t>.<body>" with the shared secret. */
function verifySignature(header: string, body: string, secret: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
}

describe('e-mail notifications', () => {
  test('every field, the source page, India time, a link to /table, Reply-To, and escaped HTML', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const site = await server({ SMTP_URL: mailbox.url, NOTIFY_EMAIL_TO: 'owner@firm.in', NOTIFY_EMAIL_FROM: 'website@firm.in' });
    expect((await postJson(`${site.url}/addcontactdata`, contact())).status).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(1);

    const { parsed } = mailbox.messages[0]!;
    expect(parsed.subject).toBe('New Contact Us enquiry from Neha Kulkarni');
    expect(parsed.to).toMatchObject({ text: 'owner@firm.in' });
    expect(parsed.from).toMatchObject({ text: 'website@firm.in' });
    expect(parsed.replyTo).toMatchObject({ text: 'neha@example.in' });
    for (const line of [
      'Full name: Neha Kulkarni',
      'Mobile number: +919822012345',
      'What is your enquiry about?: Existing Business Expansion',
      'Email address: neha@example.in',
      'Message: Need <b>urgent</b> help & advice.',
      'Source page: /pancard',
      'See every enquiry: https://example.in/table',
    ]) {
      expect(parsed.text).toContain(line);
    }
    expect(parsed.text).toMatch(/Received: .*(am|pm) \(India time\)/);
    expect(parsed.html).toContain('Need &lt;b&gt;urgent&lt;/b&gt; help &amp; advice.');
    expect(parsed.html).not.toContain('<b>urgent');
  });

  test('a CR/LF in the name cannot add a header', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const site = await server({ SMTP_URL: mailbox.url, NOTIFY_EMAIL_TO: 'owner@firm.in' });
    expect(
      (await postJson(`${site.url}/addcontactdata`, contact({ name: 'Mallory\r\nBcc: victim@evil.example\r\nX-Injected: yes', email: '' })))
        .status,
    ).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(1);
    const { parsed, raw } = mailbox.messages[0]!;
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toBe('New Contact Us enquiry from Mallory Bcc: victim@evil.example X-Injected: yes');
    expect(parsed.replyTo).toBeUndefined();
  });
});

describe('the acknowledgement to the enquirer', () => {
  test('a Marathi enquiry with an e-mail address is acknowledged in Marathi, once, across a restart; one without an address is not; a name carrying a link is not relayed', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const dataDir = tempDataDir();
    cleanups.push(() => removeDir(dataDir));
    const env = { SMTP_URL: mailbox.url, NOTIFY_EMAIL_FROM: 'website@firm.in', NOTIFY_ACKNOWLEDGE: '1' };
    const first = await server(env, dataDir);
    expect((await postJson(`${first.url}/addcontactdata`, contact({ lang: 'mr', sourcePage: '/mr/homeloan' }))).status).toBe(200);
    expect((await postJson(`${first.url}/addcontactdata`, contact({ lang: 'mr', email: '', name: 'No Address' }))).status).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(1);
    await first.stop();
    // After a restart, a new enquiry's acknowledgement arrives; the first one's is not sent again with it.
    const second = await server(env, dataDir);
    // Anyone can give someone else's address: a "name" that is really an advertisement must not reach it.
    const spam = 'Cheap loans at https://spam-offers.example';
    expect((await postJson(`${second.url}/addcontactdata`, contact({ name: spam, email: 'later@example.in' }))).status).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(2);
    await second.stop();
    expect(mailbox.messages.map(({ parsed }) => (parsed.to as { text: string }).text)).toEqual(['neha@example.in', 'later@example.in']);

    const { parsed } = mailbox.messages[0]!;
    expect(parsed.to).toMatchObject({ text: 'neha@example.in' });
    expect(parsed.from).toMatchObject({ text: 'website@firm.in' });
    expect(parsed.subject).toBe('Vardhan Finance Consultants: तुमची चौकशी आम्हाला मिळाली आहे');
    const text = parsed.text ?? '';
    expect(text.split('\n')[0]).toBe('नमस्कार Neha Kulkarni,');
    expect(text).toContain('गृहकर्ज बद्दलची तुमची चौकशी आम्हाला मिळाली आहे.');
    expect(text).toContain('+919822012345 वर फोन करतील.');
    expect(text).toContain('+91 90110 22334');
    expect(text).toContain('privacy@vardhanfinance.example');
    expect(text).toContain('https://example.in/mr/privacy');
    const stored = storedEnquiries(dataDir, 'contact');
    expect(stored.find((enquiry) => enquiry.fields['name'] === 'Neha Kulkarni')?.notifications?.acknowledgement).toMatchObject({
      status: 'delivered',
    });
    expect(stored.find((enquiry) => enquiry.fields['name'] === 'No Address')?.notifications).toBeUndefined();
    const relayed = mailbox.messages[1]!;
    expect((relayed.parsed.text ?? '').split('\n')[0]).toBe('Namaste,');
    expect(`${relayed.parsed.subject ?? ''}\n${relayed.parsed.text ?? ''}`).not.toMatch(/spam-offers|Cheap loans/);
  }, 60_000);
});

describe('changes to sign-in security', () => {
  test('the owners are told by e-mail when an account’s second factors change, never with a secret', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const owner = { username: 'owner', password: 'owner pass phrase' };
    const site = await server({
      SMTP_URL: mailbox.url,
      NOTIFY_EMAIL_TO: 'owners@firm.in',
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
    });
    const desk = adminClient(() => site);
    const { cookie } = await desk.logIn(owner.username, owner.password);
    const secret = (await desk.post<{ secret: string }>('/admin/api/mfa/totp', {}, cookie)).json.secret;
    expect((await desk.post('/admin/api/mfa/totp/confirm', { code: await totpCode(secret, Date.now()) }, cookie)).status).toBe(200);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(1);
    const { parsed } = mailbox.messages[0]!;
    expect(parsed.to).toMatchObject({ text: 'owners@firm.in' });
    expect(parsed.subject).toBe('Sign-in security changed for owner');
    expect(parsed.text).toMatch(
      /^The sign-in security of the desk account "owner" changed on .* \(India time\): authenticator app, by owner from 127\.0\.0\.1\./,
    );
    expect(parsed.text).toContain('Every other session of the account has been signed out.');
    expect(parsed.text).toContain('https://example.in/table');
    expect(parsed.text).not.toContain(secret);
  }, 60_000);

  test('with only an owner’s session older than five minutes, adding an owner, changing a role or an e-mail and removing an account answer 403 confirmIdentity; confirmed, they pass and the firm and each owner are told who did it and from where', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const owner = { username: 'owner', password: 'owner pass phrase' };
    const site = await startServer({
      clock: 'now',
      env: { SMTP_URL: mailbox.url, NOTIFY_EMAIL_TO: 'firm@firm.in', ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password },
    });
    running.push(site);
    const desk = adminClient(() => site);
    const code = async (secret: string) => totpCode(secret, await site.clock.now());

    // Freshly signed in, the owner sets up an authenticator app, gives itself an address and adds a second owner and an advisor.
    const { cookie } = await desk.logIn(owner.username, owner.password);
    const secret = (await desk.post<{ secret: string }>('/admin/api/mfa/totp', {}, cookie)).json.secret;
    expect((await desk.post('/admin/api/mfa/totp/confirm', { code: await code(secret) }, cookie)).status).toBe(200);
    expect((await desk.patch('/admin/api/accounts/owner', { email: 'owner@firm.in' }, cookie)).status).toBe(200);
    const asha = await desk.post('/admin/api/accounts', { username: 'asha', password: 'asha first phrase', role: 'owner' }, cookie);
    expect(asha.status).toBe(201);
    expect((await desk.patch('/admin/api/accounts/asha', { email: 'asha@firm.in' }, cookie)).status).toBe(200);
    expect(
      (await desk.post('/admin/api/accounts', { username: 'ravi', password: 'ravi first phrase', role: 'staff' }, cookie)).status,
    ).toBe(201);
    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(5);
    mailbox.messages.length = 0;

    // Six minutes on, the same session alone (a stolen cookie) can make no way in, and no e-mail goes.
    await site.clock.advance(6 * 60_000);
    const attempts = [
      () => desk.post('/admin/api/accounts', { username: 'svc', password: 'svc first phrase', role: 'owner' }, cookie),
      () => desk.patch('/admin/api/accounts/ravi', { role: 'owner' }, cookie),
      () => desk.patch('/admin/api/accounts/ravi', { email: 'elsewhere@example.com' }, cookie),
      () => desk.del('/admin/api/accounts/asha', cookie),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ confirmIdentity: true });
      expect(refused.json.message).toMatch(/^To add or remove an account, or change its role or e-mail address, first confirm it is you/);
    }
    const names = (await desk.get<{ items: { username: string; role: string; email: string | null }[] }>('/admin/api/accounts', cookie))
      .json.items;
    expect(names.map(({ username, role }) => `${username} ${role}`).sort()).toEqual(['asha owner', 'owner owner', 'ravi staff']);
    expect(names.find(({ username }) => username === 'ravi')?.email).toBeNull();
    // An advisor's day-to-day settings need no confirmation, and tell nobody.
    expect((await desk.patch('/admin/api/accounts/ravi', { languages: ['mr'], available: false }, cookie)).status).toBe(200);

    // The password alone does not confirm an account with a factor; the password and a current code do.
    expect((await desk.post('/admin/api/mfa/confirm', { password: owner.password }, cookie)).status).not.toBe(200);
    expect((await desk.post('/admin/api/mfa/confirm', { password: owner.password, code: await code(secret) }, cookie)).status).toBe(200);
    const passed = [];
    for (const attempt of attempts) passed.push((await attempt()).status);
    expect(passed).toEqual([201, 200, 200, 200]);

    await expect.poll(() => mailbox.messages.length, { timeout: 15_000 }).toBe(4);
    const notices = mailbox.messages.map(({ parsed }) => ({
      to: (parsed.to as { text: string }).text.split(', ').sort(),
      subject: parsed.subject,
      text: parsed.text ?? '',
    }));
    expect(notices.map(({ subject }) => subject).sort()).toEqual([
      'Desk account changed: asha',
      'Desk account changed: ravi',
      'Desk account changed: ravi',
      'Desk account changed: svc',
    ]);
    for (const { to, text } of notices) {
      expect(to).toEqual(expect.arrayContaining(['firm@firm.in', 'owner@firm.in']));
      expect(text).toMatch(/, by owner from 127\.0\.0\.1\.\n/);
    }
    // Every owner with an address, and the removed owner herself, who is an owner no longer.
    expect(notices.find(({ text }) => text.includes('"svc"'))?.to).toEqual(expect.arrayContaining(['asha@firm.in']));
    expect(notices.find(({ text }) => text.includes('"asha"'))?.to).toEqual(expect.arrayContaining(['asha@firm.in']));
    expect(notices.map(({ text }) => text.split(': ').slice(1).join(': ').split(', by')[0]).sort()).toEqual([
      'added as owner',
      'its daily list now goes to elsewhere@example.com',
      'removed (it was an owner)',
      'role changed from staff to owner',
    ]);
  }, 90_000);
});

describe('webhook notifications', () => {
  test('a signed JSON POST of the enquiry that the receiver can verify', async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.down);
    const site = await server({ NOTIFY_WEBHOOK_URL: receiver.url, NOTIFY_WEBHOOK_SECRET: 'shared-secret-123' });
    expect(
      (await postJson(`${site.url}/aboutform`, { name: 'Raj', address: 'MIDC', message: 'Call me', phoneno: '9876543210', consent: true }))
        .status,
    ).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const { headers, body } = receiver.received[0]!;
    expect(verifySignature(String(headers['x-enquiry-signature']), body, 'shared-secret-123')).toBe(true);
    expect(verifySignature(String(headers['x-enquiry-signature']), body, 'a-wrong-secret')).toBe(false);
    expect(JSON.parse(body)).toMatchObject({
      type: 'enquiry.created',
      form: 'about',
      enquiry: { name: 'Raj', phoneno: '+919876543210' },
      adminUrl: 'https://example.in/table',
    });
  });

  test('with the receiver down the visitor still gets 200; when it comes back the notification arrives, and the admin sees it', async () => {
    const receiver = await startWebhookReceiver();
    await receiver.down();
    const site = await server({ NOTIFY_WEBHOOK_URL: receiver.url, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'notify-pass' });
    const response = await postJson(`${site.url}/addcontactdata`, contact());
    expect(response.status).toBe(200);
    await expect
      .poll(() => storedEnquiries(site.dataDir, 'contact')[0]?.notifications, { timeout: 15_000 })
      .toMatchObject({ webhook: { status: 'pending', attempts: 1 } });

    await receiver.up();
    cleanups.push(receiver.down);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => storedEnquiries(site.dataDir, 'contact')[0]?.notifications?.webhook?.status, { timeout: 10_000 })
      .toBe('delivered');
  }, 60_000);

  test('after kill -9 and a restart, a pending notification is delivered exactly once', async () => {
    const receiver = await startWebhookReceiver();
    await receiver.down();
    const dataDir = tempDataDir();
    const first = await server({ NOTIFY_WEBHOOK_URL: receiver.url }, dataDir);
    expect((await postJson(`${first.url}/addcontactdata`, contact())).status).toBe(200);
    await first.kill();
    await receiver.up();
    cleanups.push(receiver.down);
    const second = await server({ NOTIFY_WEBHOOK_URL: receiver.url }, dataDir);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    // A stop waits for every send in progress, so nothing can still be on its way when we count.
    await second.stop();
    expect(receiver.received).toHaveLength(1);
    // The first server may or may not have tried (and failed) before it was killed: one delivery either way.
    expect(storedEnquiries(dataDir, 'contact')[0]?.notifications?.webhook).toMatchObject({ status: 'delivered' });
    cleanups.push(() => removeDir(dataDir));
  }, 60_000);
});

describe('no channel configured', () => {
  test('nothing is recorded and the admin is told how to switch notifications on', async () => {
    const site = await server({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'quiet-pass' });
    await postJson(`${site.url}/addcontactdata`, contact());
    expect(storedEnquiries(site.dataDir, 'contact')[0]).not.toHaveProperty('notifications');
    const origin = { Origin: new URL(site.url).origin };
    const login = await postJson(`${site.url}/admin/login`, { username: 'owner', password: 'quiet-pass' }, origin);
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-session='))!
      .split(';')[0]!;
    const test = await postJson(`${site.url}/admin/test-notification`, {}, { ...origin, Cookie: cookie });
    expect(test.status).toBe(400);
    expect(test.json.message).toMatch(/Set SMTP_URL and NOTIFY_EMAIL_TO, or NOTIFY_WEBHOOK_URL/);
  });
});

describe('two instances on PostgreSQL', () => {
  test('each enquiry produces exactly one e-mail', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const env = {
      DATABASE_URL: await createDatabase(inject('postgresUrl')),
      SMTP_URL: mailbox.url,
      NOTIFY_EMAIL_TO: 'owner@firm.in',
      // One secrets key for both: instances on one database share it.
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    const [a, b] = await Promise.all([server(env), server(env)]);
    for (let index = 0; index < 12; index++) {
      expect((await postJson(`${(index % 2 ? a : b).url}/addcontactdata`, contact({ message: `enquiry ${index}` }))).status).toBe(200);
    }
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(12);
    // Both stopped: each waits for its sends in progress, so a duplicate could not still be on its way.
    await Promise.all([a.stop(), b.stop()]);
    const bodies = mailbox.messages.map((message) => /Message: (enquiry \d+)/.exec(message.parsed.text ?? '')?.[1]);
    expect(bodies).toHaveLength(12);
    expect(new Set(bodies).size).toBe(12);
  }, 60_000);
});
