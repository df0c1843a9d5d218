import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { dailyListSender, startDailyLists } from '../../api/jobs/dailyListWatch';
import { SiteContent } from '../../api/site/siteContent';
import { FileStore } from '../../api/store/file/FileStore';
import { PgStore } from '../../api/store/pg/PgStore';
import type { Account, Store } from '../../api/store/Store';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import type { WorkingHours } from '../../src/shared/workingTime';
import { manualClock, type ManualClock } from '../helpers/manualClock';
import { createDatabase } from '../helpers/postgres';
import { startMailbox } from '../helpers/receivers';
import { deployedCopy, removeDir, ROOT, startServer, tempDataDir, type RunningServer } from '../helpers/server';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Monday to Saturday, 09:30 to 18:30 India time. */
const HOURS: WorkingHours = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:30', closes: '18:30' },
];
const FINAL = ['disbursed', 'closed'];
const MINUTE = 60_000;
const POLL_MS = 5_000;
const india = (time: string) => Date.parse(`${time}+05:30`);
const content = SiteContent.of(checkContent(diskFolder(path.join(ROOT, 'pages-data'))));

const advisor = (username: string, extra: Partial<Account> = {}): Account => ({
  id: `id-${username}`,
  username,
  role: 'staff',
  passwordHash: 'scrypt$1$1$1$a$b',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

/** asha (Marathi) and ravi (English) have addresses; the owner has none, and an editor never gets a list. */
async function seed(store: Store) {
  await store.accounts.add(advisor('owner', { role: 'owner' }));
  await store.accounts.add(advisor('asha', { email: 'asha@firm.in', emailLanguage: 'mr' }));
  await store.accounts.add(advisor('ravi', { email: 'ravi@firm.in' }));
  await store.accounts.add(advisor('pages', { role: 'editor', email: 'pages@firm.in' }));
  await store.enquiries.add({
    form: 'contact',
    fields: { name: 'Sunita Patil', number: '+919822012345', enquiry: 'other', message: 'Call me after lunch' },
    assignee: { to: { id: 'id-asha', username: 'asha' }, rule: 'turns' },
  });
}

/** One instance's sweep, sending through `smtpUrl`, on the test's clock, once its first run at start is over. */
async function sweeping(store: Store, clock: ManualClock, smtpUrl: string, log: Record<string, unknown>[]) {
  const send = dailyListSender({ siteUrl: 'https://example.in', smtpUrl, emailFrom: 'desk@firm.in' }, () => content)!;
  const waiting = clock.waiting();
  const watch = startDailyLists({
    store,
    send,
    workingHours: () => HOURS,
    finalStatuses: () => FINAL,
    everyMs: POLL_MS,
    retryBaseMs: 30_000,
    clock,
    log: (fields) => log.push(fields),
  });
  await expect.poll(() => clock.waiting()).toBeGreaterThan(waiting);
  return watch;
}

const sent = (mailbox: Awaited<ReturnType<typeof startMailbox>>) =>
  mailbox.messages.map(({ parsed }) => `${(parsed.to as { text: string }).text} ${parsed.subject}`).sort();

describe('the daily list, through a real SMTP server, on the manual clock', () => {
  test('goes once at the opening of each working day: not before, not after closing, not on Sunday, not again after a restart; a mail server that was down gets it later', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const dataDir = tempDataDir('daily-list-');
    cleanups.push(() => removeDir(dataDir));
    const clock = manualClock(india('2026-11-28T08:00'));
    const log: Record<string, unknown>[] = [];
    let store = await FileStore.open(dataDir, clock);
    await seed(store);

    // Saturday: nothing before the office opens; at 09:30 the mail server is down (nothing listens at this address).
    let watch = await sweeping(store, clock, 'smtp://127.0.0.1:9', log);
    await clock.advance(india('2026-11-28T09:29') - clock.now());
    expect(log).toEqual([]);
    await clock.advance(india('2026-11-28T09:30:10') - clock.now());
    expect(log.filter((line) => line.msg === 'daily list will be retried').map((line) => line.account)).toEqual(['asha', 'ravi']);

    // A restart with the mail server back: each list goes once its retry is due, and never again that day.
    await watch.stop();
    await store.close();
    store = await FileStore.open(dataDir, clock);
    watch = await sweeping(store, clock, mailbox.url, log);
    await clock.advance(10 * MINUTE);
    expect(sent(mailbox)).toEqual([
      'asha@firm.in 28 नोव्हेंबर 2026 ची तुमची यादी – Vardhan Finance Consultants',
      'ravi@firm.in Your list for 28 November 2026 – Vardhan Finance Consultants',
    ]);
    const saturday = mailbox.messages.find(({ parsed }) => parsed.subject?.startsWith('28 नोव्हेंबर'))!.parsed;
    expect(saturday.text).toMatch(
      /- Sunita \(VF-[0-9A-Z]{4}-[0-9A-Z]{4}\), 28 नोव्हेंबर 2026, 08:00 रोजी आली: https:\/\/example\.in\/table\?enquiry=[0-9a-f-]{36}/,
    );
    for (const absent of ['Patil', '9822012345', 'Call me after lunch']) expect(saturday.text).not.toContain(absent);
    expect(saturday.html).toContain('<a href="https://example.in/table?enquiry=');
    await clock.advance(60 * MINUTE);
    await watch.stop();
    await store.close();
    store = await FileStore.open(dataDir, clock);
    watch = await sweeping(store, clock, mailbox.url, log);
    await clock.advance(india('2026-11-28T18:00') - clock.now());
    expect(mailbox.messages).toHaveLength(2);

    // An address saved after closing gets no list that evening: the list comes at the start of a working day.
    await clock.advance(india('2026-11-28T20:05') - clock.now());
    await store.accounts.add(advisor('meera', { email: 'meera@firm.in' }));
    await clock.advance(10 * MINUTE);
    expect(mailbox.messages).toHaveLength(2);

    // Sunday is no working day; Monday's lists go at 09:30.
    await clock.advance(india('2026-11-30T09:29') - clock.now());
    expect(mailbox.messages).toHaveLength(2);
    await clock.advance(MINUTE);
    expect(sent(mailbox)).toHaveLength(5);
    expect(sent(mailbox)).toContain('meera@firm.in Your list for 30 November 2026 – Vardhan Finance Consultants');
    expect(sent(mailbox)).toContain('ravi@firm.in Your list for 30 November 2026 – Vardhan Finance Consultants');
    await watch.stop();
    await store.close();
  }, 120_000);

  test('two instances on PostgreSQL send each advisor one list a day, even when both sweep at the same moment, and none again after both restart', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const url = await createDatabase(inject('postgresUrl'));
    const clock = manualClock(india('2026-12-01T09:30'));
    const log: Record<string, unknown>[] = [];
    const instances = async () => {
      const stores = await Promise.all([PgStore.open(url, 2, clock), PgStore.open(url, 2, clock)]);
      // Both start at once, so their first sweeps run at the same moment.
      const watches = await Promise.all(stores.map((store) => sweeping(store, clock, mailbox.url, log)));
      await expect.poll(() => clock.waiting()).toBe(2);
      return async () => {
        await Promise.all(watches.map((watch) => watch.stop()));
        await Promise.all(stores.map((store) => store.close()));
      };
    };
    const seeding = await PgStore.open(url, 2, clock);
    await seed(seeding);
    await seeding.close();
    let stop = await instances();
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(2);
    await clock.advance(10 * MINUTE);
    await stop();
    stop = await instances();
    await clock.advance(10 * MINUTE);
    await stop();
    expect(sent(mailbox)).toEqual([
      'asha@firm.in 1 डिसेंबर 2026 ची तुमची यादी – Vardhan Finance Consultants',
      'ravi@firm.in Your list for 1 December 2026 – Vardhan Finance Consultants',
    ]);
    expect(log.filter((line) => line.msg === 'daily list sent')).toHaveLength(2);
  }, 120_000);
});

describe('the daily list in the production server', () => {
  test('two server processes on PostgreSQL e-mail each advisor one list a day', async () => {
    const mailbox = await startMailbox();
    cleanups.push(mailbox.stop);
    const url = await createDatabase(inject('postgresUrl'));
    const store = await PgStore.open(url, 2);
    await seed(store);
    await store.close();
    // A working day that has always begun, whenever the test runs: every day from midnight.
    const folders: string[] = [];
    cleanups.push(() => folders.forEach(removeDir));
    const pagesDir = deployedCopy(folders);
    const siteFile = path.join(pagesDir, '_site.yaml');
    const allDay = readFileSync(siteFile, 'utf8').replace(
      /openingHours:\n(?: {2}- days: \[[^\]]+\]\n {4}opens: "[0-9:]+"\n {4}closes: "[0-9:]+"\n)+/,
      'openingHours:\n  - days: [Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday]\n    opens: "00:00"\n    closes: "23:59"\n',
    );
    expect(allDay).toContain('opens: "00:00"');
    writeFileSync(siteFile, allDay);
    const env = {
      DATABASE_URL: url,
      PAGES_DIR: pagesDir,
      SMTP_URL: mailbox.url,
      NOTIFY_EMAIL_FROM: 'desk@firm.in',
      NOTIFY_POLL_SECONDS: '1',
      SITE_URL: 'https://example.in',
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    const servers: RunningServer[] = await Promise.all([startServer({ env, clock: 'now' }), startServer({ env, clock: 'now' })]);
    cleanups.push(() => servers.forEach((server) => removeDir(server.dataDir)));
    await expect.poll(() => mailbox.messages.length, { timeout: 20_000 }).toBe(2);
    // Several sweeps of each on its test clock (NOTIFY_POLL_SECONDS=1), each over with its sends when advance
    // resolves: a second list would have arrived.
    for (let sweep = 0; sweep < 3; sweep++) await Promise.all(servers.map((server) => server.clock.advance(1_000)));
    await Promise.all(servers.map((server) => server.stop()));
    // Each advisor once for each day the test ran in (a test that crosses midnight in India may see the next day's too).
    const lists = sent(mailbox);
    expect(new Set(lists).size).toBe(lists.length);
    expect(new Set(lists.map((line) => line.split(' ')[0]))).toEqual(new Set(['asha@firm.in', 'ravi@firm.in']));
  }, 120_000);
});
